package book

import (
	"math"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// BuildOptions control a book built from games.
type BuildOptions struct {
	MaxPly   int  // positions up to this move number (0: all)
	MinCount int  // drop moves played fewer times (0 or 1: keep all)
	TopN     int  // keep the N most played moves of a position (0: all)
	Eval     bool // store an eval from the results (see Builder.Book)
}

// wdl counts the results of a move for the side that played it.
type wdl struct{ win, draw, loss uint64 }

// Builder accumulates games (CSA/KIF records, PSV training records) into a
// book: each position's moves with how often they were played and how the
// games went for the player.
type Builder struct {
	opts    BuildOptions
	book    *Book
	results map[*Entry][]wdl // parallel to Entry.Moves
	Games   int
	Records int // PSV records read
}

// NewBuilder returns an empty builder.
func NewBuilder(o BuildOptions) *Builder {
	return &Builder{opts: o, book: New(), results: map[*Entry][]wdl{}}
}

// add counts move m (YaneuraOu move16) in position key; r is the result
// for the side to move (+1 win, 0 draw, -1 loss, anything else unknown).
func (b *Builder) add(key string, ply int, m uint16, r int) {
	e := b.book.Entry(key, ply)
	res := b.results[e]
	i := 0
	for i < len(e.Moves) && e.Moves[i].Move != m {
		i++
	}
	if i == len(e.Moves) {
		e.Moves = append(e.Moves, Move{Move: m, Fields: HasCount})
		res = append(res, wdl{})
	}
	e.Moves[i].Count++
	switch r {
	case 1:
		res[i].win++
	case 0:
		res[i].draw++
	case -1:
		res[i].loss++
	}
	b.results[e] = res
}

// AddGame counts the main line of a game record.
func (b *Builder) AddGame(g *record.Game) error {
	p, err := g.StartPosition()
	if err != nil {
		return err
	}
	out := g.Result()
	for _, n := range g.MainLine() {
		if b.opts.MaxPly > 0 && p.Ply() > b.opts.MaxPly {
			break
		}
		if n.Move.IsSpecial() {
			break
		}
		b.add(SFENKey(p), p.Ply(), n.Move.Move16(), resultFor(out, p.SideToMove()))
		p.DoMove(n.Move)
	}
	b.Games++
	return nil
}

// AddPSV counts one training record (its move and its game result); d is
// the record's decoded position.
func (b *Builder) AddPSV(rec *record.PSV, d *record.Diagram) {
	b.Records++
	if rec.Move == 0 || (b.opts.MaxPly > 0 && int(rec.GamePly) > b.opts.MaxPly) {
		return
	}
	b.add(d.SFEN4(), int(rec.GamePly), rec.Move, int(rec.Result))
}

// Book finishes the build: moves played fewer than MinCount times go,
// moves sort by count (most played first), TopN applies, and with Eval each
// move gets 600·ln(s/(1−s)) where s is its smoothed score for the player
// ((wins + draws/2 + 1/2) / (games + 1)), clamped to ±3000.
func (b *Builder) Book() *Book {
	for k, e := range b.book.entries {
		res := b.results[e]
		kept := e.Moves[:0]
		for i, m := range e.Moves {
			if b.opts.MinCount > 1 && m.Count < uint64(b.opts.MinCount) {
				continue
			}
			if b.opts.Eval {
				r := res[i]
				n := float64(r.win + r.draw + r.loss)
				s := (float64(r.win) + float64(r.draw)/2 + 0.5) / (n + 1)
				m.Eval = int32(max(-3000, min(3000, math.Round(600*math.Log(s/(1-s))))))
				m.Fields |= HasEval
			}
			kept = append(kept, m)
		}
		e.Moves = kept
		delete(b.results, e)
		if len(e.Moves) == 0 {
			delete(b.book.entries, k)
			continue
		}
		sortByCount(e.Moves)
		if b.opts.TopN > 0 && len(e.Moves) > b.opts.TopN {
			e.Moves = e.Moves[:b.opts.TopN]
		}
	}
	return b.book
}

// resultFor is +1, 0 or -1 for side, 2 when the game has no result.
func resultFor(o record.Outcome, side board.Color) int {
	switch o {
	case record.Draw:
		return 0
	case record.BlackWin, record.WhiteWin:
		if (o == record.BlackWin) == (side == board.Black) {
			return 1
		}
		return -1
	}
	return 2
}

func sortByCount(ms []Move) {
	// Insertion sort: positions have few moves, and it is stable.
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].Count > ms[j-1].Count; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}
