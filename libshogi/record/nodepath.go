package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// NodeAt follows a path of child indices from the root (the empty path is
// the root; all zeros is the main line) through the variation tree.
func (g *Game) NodeAt(path []int) (*Node, error) {
	n := g.Root
	if n == nil {
		return nil, fmt.Errorf("the record has no move tree")
	}
	for d, i := range path {
		if i < 0 || i >= len(n.Children) {
			return nil, fmt.Errorf("path step %d: child %d of %d", d+1, i, len(n.Children))
		}
		n = n.Children[i]
	}
	return n, nil
}

// AddVariation adds m after n as its last child (a variation, or the main
// line when n has none) and returns its index; a move n already has is not
// added twice (its index is returned). m must be legal after the moves to
// n (its move16 is enough).
func (g *Game) AddVariation(n *Node, m board.Move) (int, error) {
	p, err := g.replayTo(n)
	if err != nil {
		return 0, err
	}
	full, err := p.MoveFromMove16(m.Move16())
	if err != nil || !p.IsLegal(full) {
		return 0, fmt.Errorf("%s: not a legal move here", m.USI())
	}
	for i, c := range n.Children {
		if c.Move.Move16() == full.Move16() {
			return i, nil
		}
	}
	n.AddChild(full)
	return len(n.Children) - 1, nil
}

// CommentText is the node's comments, one per line.
func (n *Node) CommentText() string { return strings.Join(n.Comments, "\n") }

// SetCommentText replaces the node's comments by the lines of text ("" is
// none; "\r\n" line ends are accepted).
func (n *Node) SetCommentText(text string) {
	n.Comments = nil
	if text == "" {
		return
	}
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		n.Comments = append(n.Comments, l)
	}
}

// SetTime sets the time used for the node's move; a negative duration
// removes it.
func (n *Node) SetTime(d time.Duration) {
	n.Time, n.HasTime = max(d, 0), d >= 0
}
