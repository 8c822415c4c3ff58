// Command matediag measures where libshogi's lost games against another
// engine were lost (docs/strength.md, seventh round): it reads the CSA
// records that `shogi match -save` wrote (engine scores in "'** N"
// comments, Black's view, a mate as ±(100000 − plies)) and, for each game
// the named player lost, reports
//
//   - the first move at which the winner's score was a mate and that
//     mate's length, the first move at which the loser's was a mated
//     score, and the lag between them in plies;
//
//   - the loser's last move before the winner's mate report, searched
//     again with a fresh engine at 1x and 10x the nodes: does the wider
//     search play something else, and does it see the mate coming;
//
//   - the kind of the winner's mating sequence as played: its length, how
//     many of the winner's moves were checks, drops, distant checks (a
//     checker neither next to the king nor a knight), and the final move.
//
//     go run ./tests/strength/matediag -dir GAMES -loser libshogi -net nn.bin [-nodes 10000]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

const mateBound = 99000 // |score| at or above: a mate score in the records

type ply struct {
	move     board.Move
	score    int // mover's view; 0 when none
	hasScore bool
	before   string // SFEN of the position before the move
	check    bool   // the move gives check
	distant  bool   // a check by a piece neither next to the king nor a knight
}

func main() {
	dir := flag.String("dir", "", "directory of game-*.csa records")
	loser := flag.String("loser", "libshogi", "the player whose losses are examined (its N+/N- name)")
	netPath := flag.String("net", "", "the net the loser played with (empty: built-in evaluation)")
	nodes := flag.Uint64("nodes", 10000, "the nodes of a move in the games")
	flag.Parse()
	files, _ := filepath.Glob(filepath.Join(*dir, "game-*.csa"))
	sort.Strings(files)
	opts := search.DefaultOptions()
	opts.Threads, opts.HashMB = 1, 64
	if *netPath != "" {
		net, err := nnue.Load(*netPath)
		if err != nil {
			fail(err)
		}
		opts.Eval, opts.EvalID = search.NNUEFactory(net, 0), *netPath
	}
	eng, err := search.New(opts)
	if err != nil {
		fail(err)
	}
	var lags, lostBefore, aheadBefore []int
	lost, noMate, sameAt1, changedAt10, sees10 := 0, 0, 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fail(err)
		}
		g, err := record.ReadCSA(data)
		if err != nil {
			fail(fmt.Errorf("%s: %w", f, err))
		}
		plies, winner := replay(g)
		lsColor := board.Black
		if g.White == *loser {
			lsColor = board.White
		}
		if winner != lsColor.Opp() {
			continue
		}
		lost++
		first := func(c board.Color, mated bool) int {
			for i, p := range plies {
				if colorAt(plies, i, g) != c || !p.hasScore {
					continue
				}
				if (!mated && p.score >= mateBound) || (mated && p.score <= -mateBound) {
					return i
				}
			}
			return -1
		}
		yo, ls := first(lsColor.Opp(), false), first(lsColor, true)
		name := filepath.Base(f)
		if yo < 0 {
			noMate++
			fmt.Printf("%s: %d plies, the winner never reported a mate\n", name, len(plies))
			continue
		}
		lag := -1
		if ls >= 0 {
			lag = ls - yo
			lags = append(lags, lag)
		}
		kind := sequenceKind(plies[yo:], true)
		line := fmt.Sprintf("%s: %d plies; winner's mate at ply %d (mate in %d plies); loser's mated score at ply %d (lag %d); sequence %s",
			name, len(plies), yo+1, 100000-plies[yo].score, ls+1, lag, kind)
		// The loser's last move before the winner's mate report.
		last := yo - 1
		if last >= 0 && plies[last].hasScore {
			pos, _ := board.FromSFEN(plies[last].before)
			eng.NewGame()
			r1 := eng.Search(pos, search.Limits{Nodes: *nodes}, nil)
			eng.NewGame()
			r10 := eng.Search(pos, search.Limits{Nodes: 10 * *nodes}, nil)
			if r1.BestMove == plies[last].move {
				sameAt1++
			}
			if r10.BestMove != plies[last].move {
				changedAt10++
			}
			if r10.Score.IsMate() && r10.Score < 0 {
				sees10++
			}
			line += fmt.Sprintf("; last move %s (score %d), fresh 1x %s (%s), 10x %s (%s)", plies[last].move.USI(), plies[last].score,
				r1.BestMove.USI(), scoreText(r1.Score), r10.BestMove.USI(), scoreText(r10.Score))
		}
		// The game as the loser's own, wider search sees it: going back
		// from the first mate report (by either side), the loser's moves
		// whose position a 10x search already finds lost by mate.
		report := yo
		if ls >= 0 && ls < report {
			report = ls
		}
		lostAt := report
		for i := report - 1; i >= 0 && report-i <= 12; i-- {
			if colorAt(plies, i, g) != lsColor || !plies[i].hasScore {
				continue
			}
			pos, _ := board.FromSFEN(plies[i].before)
			eng.NewGame()
			r := eng.Search(pos, search.Limits{Nodes: 10 * *nodes}, nil)
			if !(r.Score.IsMate() && r.Score < 0) {
				break
			}
			lostAt = i
		}
		lostBefore = append(lostBefore, report-lostAt)
		// The first of the winner's moves from which its score stayed at
		// or above +300 (an advantage it kept to the end).
		ahead := report
		for i := report - 1; i >= 0; i-- {
			if colorAt(plies, i, g) != lsColor.Opp() || !plies[i].hasScore {
				continue
			}
			if plies[i].score < 300 {
				break
			}
			ahead = i
		}
		aheadBefore = append(aheadBefore, report-ahead)
		line += fmt.Sprintf("; first report ply %d, 10x finds the loser mated %d plies before it; winner >= +300 for the %d plies before it",
			report+1, report-lostAt, report-ahead)
		fmt.Println(line)
	}
	sort.Ints(lostBefore)
	sort.Ints(aheadBefore)
	fmt.Printf("plies before the first mate report from which 10x finds the loser mated: %v\n", lostBefore)
	fmt.Printf("plies before the first mate report the winner's score stayed >= +300: %v\n", aheadBefore)
	sort.Ints(lags)
	fmt.Printf("lost %d, without a mate report %d; lags (plies) %v\n", lost, noMate, lags)
	fmt.Printf("the loser's last move before the mate report: fresh 1x plays the game move in %d, 10x plays another in %d, 10x sees itself mated in %d\n",
		sameAt1, changedAt10, sees10)
}

func scoreText(s search.Score) string {
	if s.IsMate() {
		return fmt.Sprintf("mate %d", s.MatePly())
	}
	return fmt.Sprintf("cp %d", s.CP())
}

// colorAt is the colour of the mover of ply i: the record starts with Black
// to move unless its start position says otherwise.
func colorAt(plies []ply, i int, g *record.Game) board.Color {
	c := g.Start.Side
	if i%2 == 1 {
		c = c.Opp()
	}
	return c
}

// replay walks the main line and returns its moves with the mover's scores
// and the winner (NoColor-like: the side to move after the last move loses
// when it has no legal move).
func replay(g *record.Game) ([]ply, board.Color) {
	pos := new(board.Position)
	if err := pos.SetSetup(&g.Start, board.SFENOptions{}); err != nil {
		fail(err)
	}
	var plies []ply
	for n := g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		p := ply{move: n.Move, before: pos.SFEN(), check: pos.GivesCheck(n.Move)}
		if v, ok := n.EngineScore(); ok {
			p.score, p.hasScore = v, true
			if pos.SideToMove() == board.White {
				p.score = -v
			}
		}
		mover := pos.SideToMove()
		pos.DoMove(n.Move)
		if p.check {
			ek := pos.KingSquare(mover.Opp())
			for cs := pos.AttackersTo(mover, ek, pos.Occupied()); cs.NonZero(); {
				s := cs.Pop()
				near := board.StepAttacks(mover, board.King, ek).Has(s)
				if !near && pos.PieceOn(s).Type() != board.Knight {
					p.distant = true
				}
			}
		}
		plies = append(plies, p)
	}
	winner := board.Color(2)
	if !pos.HasLegalMove() {
		winner = pos.SideToMove().Opp()
	}
	return plies, winner
}

// sequenceKind describes the winner's moves from seq[0] (the winner's) on.
func sequenceKind(seq []ply, _ bool) string {
	moves, checks, drops, distant := 0, 0, 0, 0
	for i := 0; i < len(seq); i += 2 {
		moves++
		if seq[i].check {
			checks++
		}
		if seq[i].move.IsDrop() {
			drops++
		}
		if seq[i].distant {
			distant++
		}
	}
	lastKind := "board move"
	last := seq[len(seq)-1]
	if last.move.IsDrop() {
		lastKind = "drop"
	}
	if last.distant {
		lastKind += ", distant"
	}
	return fmt.Sprintf("%d plies, winner's moves %d (checks %d, drops %d, distant checks %d), mating move: %s",
		len(seq), moves, checks, drops, distant, strings.TrimSpace(lastKind))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "matediag:", err)
	os.Exit(1)
}
