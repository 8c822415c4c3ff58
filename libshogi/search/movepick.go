package search

import (
	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// Move ordering. A picker hands out the moves of one node in stages so that
// a cut-off early in the list saves generating the rest:
// main search: TT move, captures with SEE >= 0 by MVV-LVA plus capture
// history (capturehist.go), killers and the counter-move, quiet moves by
// history, losing captures; once the search skips the late quiet moves,
// only the quiet checks among them (a distant rook's mate is a quiet check
// the mate-in-one probe does not see);
// in check: TT move, every evasion (captures first, then history);
// quiescence: TT move when it is a capture, captures by MVV-LVA (deep in
// the quiescence search only the recaptures on one square; capture history
// here as well lost with the built-in evaluation, docs/strength.md).

const (
	stTT = iota
	stCapInit
	stGoodCap
	stKillers
	stQuietInit
	stQuiet
	stBadCap
	stDone
	stEvTT
	stEvInit
	stEv
	stQTT
	stQInit
	stQCap
)

type picker struct {
	stage    int
	ttMove   board.Move
	special  [3]board.Move // killer 1, killer 2, counter-move
	given    [3]board.Move // the special moves actually returned
	ngiven   int
	recapSq  board.Square // quiescence: only captures on this square (NoSquare: all)
	kidx     int
	idx      int
	nbad     int
	caps     board.MoveList
	capScore [board.MaxMoves]int32
	quiets   board.MoveList
	qScore   [board.MaxMoves]int32
	// checksOnly: quiets holds only the quiet checks (generated after the
	// search asked to skip quiet moves, so not sorted by history).
	checksOnly bool
	cont       [len(contPlies)]*[contKeys]int16 // the node's continuation rows
}

// isQuiet: the move is in GenQuiets (no capture, no pawn promotion).
func isQuiet(pos *board.Position, m board.Move) bool {
	if pos.PieceOn(m.To()) != board.NoPiece {
		return false
	}
	return m.IsDrop() || !m.IsPromotion() || m.Piece().Type() != board.Pawn
}

func histIdx(m board.Move) int {
	if m.IsDrop() {
		return board.NumSquares + int(m.DropType()) - 1
	}
	return int(m.From())
}

func mvvlva(pos *board.Position, m board.Move) int32 {
	s := int32(board.PieceValue[pos.PieceOn(m.To()).Type()]) * 8
	if !m.IsDrop() {
		pt := m.Piece().Type()
		if m.IsPromotion() {
			s += int32(board.PieceValue[pt.Promoted()] - board.PieceValue[pt])
		}
		s -= int32(board.PieceValue[pt]) / 16
	}
	return s
}

func (p *picker) initMain(tt board.Move, k1, k2, cm board.Move, cont [len(contPlies)]*[contKeys]int16) {
	p.stage = stTT
	p.cont = cont
	p.ttMove = tt
	p.special = [3]board.Move{k1, k2, cm}
	p.ngiven = 0
}

func (p *picker) initEvasion(tt board.Move) {
	p.stage = stEvTT
	p.ttMove = tt
	p.ngiven = 0
}

// initQ starts the quiescence stages; recapSq other than NoSquare keeps
// only the captures on that square.
func (p *picker) initQ(tt board.Move, recapSq board.Square) {
	p.stage = stQTT
	p.ttMove = tt
	p.recapSq = recapSq
	if recapSq != board.NoSquare && tt != board.MoveNone && tt.To() != recapSq {
		p.ttMove = board.MoveNone
	}
	p.ngiven = 0
}

// pickBest moves the best-scored move of list[from:n] (the first of equal
// scores) to index from.
func pickBest(ml *board.MoveList, sc *[board.MaxMoves]int32, from int) board.Move {
	best := from + asm.ArgMaxInt32(sc[from:ml.N])
	if best != from {
		ml.Moves[from], ml.Moves[best] = ml.Moves[best], ml.Moves[from]
		sc[from], sc[best] = sc[best], sc[from]
	}
	return ml.Moves[from]
}

func (p *picker) next(t *thread, skipQuiets bool) board.Move {
	pos := t.pos
	for {
		switch p.stage {
		case stTT:
			p.stage = stCapInit
			if p.ttMove != board.MoveNone {
				return p.ttMove
			}
		case stCapInit:
			pos.Generate(board.GenCaptures, &p.caps)
			for i := 0; i < p.caps.N; i++ {
				m := p.caps.Moves[i]
				p.capScore[i] = mvvlva(pos, m) + t.capHist.score(pos, m)
			}
			p.idx, p.nbad = 0, 0
			p.stage = stGoodCap
		case stGoodCap:
			for p.idx < p.caps.N {
				m := pickBest(&p.caps, &p.capScore, p.idx)
				i := p.idx
				p.idx++
				if m == p.ttMove {
					continue
				}
				if !pos.SEEGE(m, 0) {
					p.caps.Moves[i], p.caps.Moves[p.nbad] = p.caps.Moves[p.nbad], p.caps.Moves[i]
					p.capScore[i], p.capScore[p.nbad] = p.capScore[p.nbad], p.capScore[i]
					p.nbad++
					continue
				}
				return m
			}
			p.kidx = 0
			p.stage = stKillers
		case stKillers:
			for p.kidx < 3 {
				m := p.special[p.kidx]
				p.kidx++
				if m == board.MoveNone || m == p.ttMove || skipQuiets {
					continue
				}
				dup := false
				for j := 0; j < p.ngiven; j++ {
					if p.given[j] == m {
						dup = true
					}
				}
				if dup || !isQuiet(pos, m) || !pos.IsLegal(m) {
					continue
				}
				p.given[p.ngiven] = m
				p.ngiven++
				return m
			}
			p.stage = stQuietInit
		case stQuietInit:
			p.quiets.N = 0
			p.checksOnly = skipQuiets
			if skipQuiets {
				genQuietChecks(pos, &p.quiets)
			} else {
				pos.Generate(board.GenQuiets, &p.quiets)
				us := pos.SideToMove()
				h := &t.history[us]
				for i := 0; i < p.quiets.N; i++ {
					m := p.quiets.Moves[i]
					p.qScore[i] = h[histIdx(m)][m.To()] + contScore(&p.cont, contKey(m))
				}
			}
			p.idx = 0
			p.stage = stQuiet
		case stQuiet:
			for p.idx < p.quiets.N {
				var m board.Move
				if skipQuiets {
					// Only the checks, in list order.
					m = p.quiets.Moves[p.idx]
					p.idx++
					if !p.checksOnly && !pos.GivesCheck(m) {
						continue
					}
				} else {
					m = pickBest(&p.quiets, &p.qScore, p.idx)
					p.idx++
				}
				if m == p.ttMove {
					continue
				}
				dup := false
				for j := 0; j < p.ngiven; j++ {
					if p.given[j] == m {
						dup = true
					}
				}
				if dup {
					continue
				}
				return m
			}
			p.idx = 0
			p.stage = stBadCap
		case stBadCap:
			for p.idx < p.nbad {
				m := p.caps.Moves[p.idx]
				p.idx++
				if m != p.ttMove {
					return m
				}
			}
			p.stage = stDone
		case stDone:
			return board.MoveNone

		case stEvTT:
			p.stage = stEvInit
			if p.ttMove != board.MoveNone {
				return p.ttMove
			}
		case stEvInit:
			pos.Generate(board.GenEvasions, &p.caps)
			us := pos.SideToMove()
			h := &t.history[us]
			for i := 0; i < p.caps.N; i++ {
				m := p.caps.Moves[i]
				if pos.PieceOn(m.To()) != board.NoPiece {
					p.capScore[i] = 1<<24 + mvvlva(pos, m)
				} else {
					p.capScore[i] = h[histIdx(m)][m.To()]
				}
			}
			p.idx = 0
			p.stage = stEv
		case stEv:
			if m := p.bestCapture(); m != board.MoveNone {
				return m
			}
			p.stage = stDone

		case stQTT:
			p.stage = stQInit
			if p.ttMove != board.MoveNone {
				return p.ttMove
			}
		case stQInit:
			pos.Generate(board.GenCaptures, &p.caps)
			if p.recapSq != board.NoSquare {
				n := 0
				for i := 0; i < p.caps.N; i++ {
					if m := p.caps.Moves[i]; m.To() == p.recapSq {
						p.caps.Moves[n] = m
						n++
					}
				}
				p.caps.N = n
			}
			for i := 0; i < p.caps.N; i++ {
				p.capScore[i] = mvvlva(pos, p.caps.Moves[i])
			}
			p.idx = 0
			p.stage = stQCap
		case stQCap:
			if m := p.bestCapture(); m != board.MoveNone {
				return m
			}
			p.stage = stDone
		}
	}
}

// genQuietChecks fills ml with the moves of GenQuiets that give check.
func genQuietChecks(pos *board.Position, ml *board.MoveList) {
	pos.GenerateChecks(ml)
	us := pos.SideToMove()
	n := 0
	for _, m := range ml.Moves[:ml.N] {
		if isQuiet(pos, m) && !isUseless(us, m) {
			ml.Moves[n] = m
			n++
		}
	}
	ml.N = n
}

// isUseless: a board move that Generate leaves out of every mode but GenAll
// (a pawn, bishop or rook not promoting where it could; a lance not
// promoting on the second rank).
func isUseless(us board.Color, m board.Move) bool {
	if m.IsDrop() || m.IsPromotion() {
		return false
	}
	zone := board.PromotionZone(us)
	switch m.Piece().Type() {
	case board.Pawn, board.Bishop, board.Rook:
		return zone.Has(m.From()) || zone.Has(m.To())
	case board.Lance:
		r := m.To().Rank()
		return us == board.Black && r == 2 || us == board.White && r == 8
	}
	return false
}

// bestCapture returns the best remaining move of the capture list (the
// evasions in check) other than the TT move, or MoveNone when none is left.
func (p *picker) bestCapture() board.Move {
	for p.idx < p.caps.N {
		m := pickBest(&p.caps, &p.capScore, p.idx)
		p.idx++
		if m != p.ttMove {
			return m
		}
	}
	return board.MoveNone
}
