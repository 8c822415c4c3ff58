package board

import "math/bits"

// Attack tables. Step pieces use one table per coloured piece type; sliders
// use one table per (square, line) indexed by the occupancy of the line's
// inner squares, gathered into consecutive bits with a carry-free multiply.

type delta struct{ df, dr int } // file and rank steps seen from Black (rank -1 = forward)

var (
	kingDeltas   = []delta{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
	goldDeltas   = []delta{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
	silverDeltas = []delta{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}
	knightDeltas = []delta{{-1, -2}, {1, -2}}
	pawnDeltas   = []delta{{0, -1}}
	diagDeltas   = []delta{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	orthoDeltas  = []delta{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
)

// stepAttacks[c][pt][sq] for the non-sliding moves (sliders' single steps too).
var stepAttacks [2][NumPieceTypes][NumSquares]Bitboard

// lanceEmpty, bishopEmpty, rookEmpty: attacks on an empty board.
var lanceEmpty [2][NumSquares]Bitboard
var bishopEmpty, rookEmpty [NumSquares]Bitboard

// between[a][b]: squares strictly between a and b when aligned; lineBB: the whole line.
var between, lineBB [NumSquares][NumSquares]Bitboard

func offset(s Square, c Color, d delta) (Square, bool) {
	df, dr := d.df, d.dr
	if c == White {
		df, dr = -df, -dr
	}
	f, r := s.File()+df, s.Rank()+dr
	if f < 1 || f > 9 || r < 1 || r > 9 {
		return NoSquare, false
	}
	return NewSquare(f, r), true
}

func stepSet(s Square, c Color, ds []delta) Bitboard {
	var b Bitboard
	for _, d := range ds {
		if t, ok := offset(s, c, d); ok {
			b.Set(t)
		}
	}
	return b
}

// slideSet walks rays from s until (and including) the first square in occ.
func slideSet(s Square, c Color, ds []delta, occ Bitboard) Bitboard {
	var b Bitboard
	for _, d := range ds {
		t := s
		for {
			n, ok := offset(t, c, d)
			if !ok {
				break
			}
			b.Set(n)
			if occ.Has(n) {
				break
			}
			t = n
		}
	}
	return b
}

// lineInfo extracts the occupancy index of one line's inner squares.
type lineInfo struct {
	mask0, mul0 uint64
	mask1, mul1 uint64
	a0, a1      uint8
	post0       uint8
	post1       uint8
	n0          uint8
	offset      int32 // into lineTable
}

// line directions, as square-index steps: file (1), rank (9), and the two diagonals.
const (
	dirFile = iota
	dirRank
	dirDiag10
	dirDiag8
	numDirs
)

var lineInfos [numDirs][NumSquares]lineInfo
var lineTable []Bitboard

// gatherMul returns the multiplier that packs n bits spaced s apart into n
// consecutive bits: bit k lands at (s-1)(n-1)+k and no two partial products
// share a position, so there are no carries (n <= s-1 is required).
func gatherMul(s, n int) (uint64, uint8) {
	if s == 1 || n <= 1 {
		return 1, 0
	}
	var m uint64
	for j := 0; j < n; j++ {
		m |= 1 << uint((s-1)*j)
	}
	return m, uint8((s - 1) * (n - 1))
}

func (li *lineInfo) index(occ Bitboard) int {
	// The "& 63" let the compiler drop its oversized-shift handling.
	i0 := (((occ.lo >> (li.a0 & 63)) & li.mask0) * li.mul0) >> (li.post0 & 63)
	i1 := (((occ.hi >> (li.a1 & 63)) & li.mask1) * li.mul1) >> (li.post1 & 63)
	return int(i0&(1<<(li.n0&63)-1)) | int(i1<<(li.n0&63))
}

// lineSquares lists the squares of the line through s in direction dir, ascending.
func lineSquares(s Square, dir int) []Square {
	var d delta
	switch dir {
	case dirFile:
		d = delta{0, 1}
	case dirRank:
		d = delta{1, 0}
	case dirDiag10:
		d = delta{1, 1}
	case dirDiag8:
		d = delta{1, -1}
	}
	start := s
	for {
		p, ok := offset(start, Black, delta{-d.df, -d.dr})
		if !ok {
			break
		}
		start = p
	}
	out := []Square{start}
	for {
		n, ok := offset(out[len(out)-1], Black, d)
		if !ok {
			break
		}
		out = append(out, n)
	}
	return out
}

func init() {
	stepKinds := []struct {
		pt PieceType
		ds []delta
	}{
		{Pawn, pawnDeltas}, {Knight, knightDeltas}, {Silver, silverDeltas}, {Gold, goldDeltas},
		{King, kingDeltas}, {ProPawn, goldDeltas}, {ProLance, goldDeltas}, {ProKnight, goldDeltas},
		{ProSilver, goldDeltas}, {Horse, orthoDeltas}, {Dragon, diagDeltas},
		{Bishop, diagDeltas}, {Rook, orthoDeltas}, {Lance, pawnDeltas},
	}
	for c := Black; c <= White; c++ {
		for s := Square(0); s < NumSquares; s++ {
			for _, k := range stepKinds {
				stepAttacks[c][k.pt][s] = stepSet(s, c, k.ds)
			}
			lanceEmpty[c][s] = slideSet(s, c, pawnDeltas, Bitboard{})
			lanceRay[c][s] = lanceEmpty[c][s].lo | lanceEmpty[c][s].hi // a file lies in one word
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		bishopEmpty[s] = slideSet(s, Black, diagDeltas, Bitboard{})
		rookEmpty[s] = slideSet(s, Black, orthoDeltas, Bitboard{})
	}
	steps := [numDirs]int{1, 9, 10, 8}
	rays := [numDirs][]delta{
		{{0, -1}, {0, 1}}, {{-1, 0}, {1, 0}}, {{-1, -1}, {1, 1}}, {{1, -1}, {-1, 1}},
	}
	for dir := 0; dir < numDirs; dir++ {
		for s := Square(0); s < NumSquares; s++ {
			sqs := lineSquares(s, dir)
			var inner []Square
			if len(sqs) > 2 {
				inner = sqs[1 : len(sqs)-1]
			}
			li := &lineInfos[dir][s]
			var lo, hi []Square
			for _, t := range inner {
				if t < 63 {
					lo = append(lo, t)
				} else {
					hi = append(hi, t)
				}
			}
			st := steps[dir]
			if len(lo) > 0 {
				li.a0 = uint8(lo[0])
				li.mask0 = spacedMask(st, len(lo))
				li.mul0, li.post0 = gatherMul(st, len(lo))
			}
			if len(hi) > 0 {
				li.a1 = uint8(hi[0] - 63)
				li.mask1 = spacedMask(st, len(hi))
				li.mul1, li.post1 = gatherMul(st, len(hi))
			}
			li.n0 = uint8(len(lo))
			li.offset = int32(len(lineTable))
			n := len(inner)
			for idx := 0; idx < 1<<uint(n); idx++ {
				var occ Bitboard
				for k, t := range inner {
					if idx&(1<<uint(k)) != 0 {
						occ.Set(t)
					}
				}
				if li.index(occ) != idx {
					panic("board: line index gather is wrong")
				}
				lineTable = append(lineTable, slideSet(s, Black, rays[dir], occ))
			}
		}
	}
	for a := Square(0); a < NumSquares; a++ {
		for _, d := range append(append([]delta{}, diagDeltas...), orthoDeltas...) {
			var path Bitboard
			t := a
			for {
				n, ok := offset(t, Black, d)
				if !ok {
					break
				}
				between[a][n] = path
				path.Set(n)
				t = n
			}
			full := slideSet(a, Black, []delta{d, {-d.df, -d.dr}}, Bitboard{})
			full.Set(a)
			for _, n := range full.Squares() {
				if n != a {
					lineBB[a][n] = full
				}
			}
		}
	}
}

func spacedMask(step, n int) uint64 {
	var m uint64
	for k := 0; k < n; k++ {
		m |= 1 << uint(step*k)
	}
	return m
}

func lineAttack(dir int, s Square, occ Bitboard) Bitboard {
	li := &lineInfos[dir][s]
	return lineTable[int(li.offset)+li.index(occ)]
}

// RookAttacks, BishopAttacks, LanceAttacks: slider attacks with occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return fileAttacks(s, occ).Or(lineAttack(dirRank, s, occ))
}

// fileAttacks is a slider's reach along s's file: LanceAttacks' two
// directions on one word.
func fileAttacks(s Square, occ Bitboard) Bitboard {
	up, down := lanceRay[Black][s], lanceRay[White][s]
	w := occ.lo
	if s >= 63 {
		w = occ.hi
	}
	bu, bd := w&up|up&-up, w&down
	att := up&-(uint64(1)<<(uint(bits.Len64(bu)-1)&63)) | down&((bd&-bd)<<1-1)
	if s >= 63 {
		return Bitboard{0, att}
	}
	return Bitboard{att, 0}
}

func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return lineAttack(dirDiag10, s, occ).Or(lineAttack(dirDiag8, s, occ))
}

// A lance slides along its file, which lies in one word of a bitboard
// (files 1-7 in lo, 8-9 in hi), rank a at the low end: its attacks are the
// ray in front of it (lanceRay, bits of that word) up to the nearest
// blocker. White's nearest is the ray's lowest occupied bit; black's the
// highest, with the ray's far end added as a blocker so that a clear file
// needs no branch. Two bit operations where lineAttack gathers the file's
// occupancy for a table (perft: a lance's moves are a third of the slider
// calls).
func LanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	ray := lanceRay[c&1][s]
	w := occ.lo
	if s >= 63 {
		w = occ.hi
	}
	b := w & ray
	var att uint64
	if c == Black {
		b |= ray & -ray
		att = ray & -(uint64(1) << (uint(bits.Len64(b)-1) & 63)) // ray = 0 (rank a): 0 whatever the shift
	} else {
		att = ray & ((b&-b)<<1 - 1) // no blocker: all ones
	}
	if s >= 63 {
		return Bitboard{0, att}
	}
	return Bitboard{att, 0}
}

// lanceRay[c][s] is lanceEmpty[c][s] as bits of the word that holds s's file.
var lanceRay [2][NumSquares]uint64

// Attacks returns the squares a piece on s attacks with occupancy occ.
func Attacks(pc Piece, s Square, occ Bitboard) Bitboard {
	c, pt := pc.Color(), pc.Type()
	switch pt {
	case Lance:
		return LanceAttacks(c, s, occ)
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Horse:
		return BishopAttacks(s, occ).Or(stepAttacks[Black][Horse][s])
	case Dragon:
		return RookAttacks(s, occ).Or(stepAttacks[Black][Dragon][s])
	}
	return stepAttacks[c][pt][s]
}

// attacksSquare reports whether a piece pc on s attacks t with occupancy
// occ, i.e. Attacks(pc, s, occ).Has(t), without computing the slider
// attack sets: the empty-board reach first, then the squares between.
func attacksSquare(pc Piece, s, t Square, occ Bitboard) bool {
	c, pt := pc.Color(), pc.Type()
	var reach Bitboard
	switch pt {
	case Lance:
		reach = lanceEmpty[c][s]
	case Bishop:
		reach = bishopEmpty[s]
	case Rook:
		reach = rookEmpty[s]
	case Horse:
		if stepAttacks[Black][Horse][s].Has(t) {
			return true
		}
		reach = bishopEmpty[s]
	case Dragon:
		if stepAttacks[Black][Dragon][s].Has(t) {
			return true
		}
		reach = rookEmpty[s]
	default:
		return stepAttacks[c][pt][s].Has(t)
	}
	return reach.Has(t) && between[s][t].And(occ).IsZero()
}

// StepAttacks returns the attacks of a non-sliding piece type.
func StepAttacks(c Color, pt PieceType, s Square) Bitboard { return stepAttacks[c][pt][s] }

// Between returns the squares strictly between a and b (empty when not aligned).
func Between(a, b Square) Bitboard { return between[a][b] }

// Line returns the full line through a and b (empty when not aligned).
func Line(a, b Square) Bitboard { return lineBB[a][b] }
