package mate

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Status is the answer of a solve.
type Status int

const (
	Unknown Status = iota // a limit was reached (or the stop flag set) first
	Mate                  // the attacker mates; Result.Line holds a verified line
	NoMate                // proven: no sequence of checks mates
)

func (s Status) String() string { return [...]string{"unknown", "mate", "nomate"}[s] }

// Limits bound a solve; zero fields are unlimited.
type Limits struct {
	Nodes uint64
	Time  time.Duration
	// MaxPlies, when not zero, bounds the mate's length under tsume rules:
	// NoMate then means no mate within that many plies, the drop and the
	// capture of a useless interposition not counted (futile.go), so a
	// line that plays one is that much longer.
	MaxPlies int
	// Stop, when not nil, is a flag that another goroutine may set to end
	// the solve (as Solver.Stop does).
	Stop *atomic.Bool
}

// Result is what Solve found.
type Result struct {
	Status Status
	Line   []board.Move // attacker first, odd length, ends in mate (Status Mate only)
	Nodes  uint64
	Time   time.Duration
	// TableUsed is the most table slots in use during the solve, of
	// TableSlots (the line's checks clear the table as they go).
	TableUsed, TableSlots int
	// Collections is how many times the table freed its entries of least work.
	Collections int
}

// MaxPly bounds the length of a line the solver follows: a path deeper than
// this is treated as unresolved (never as a disproof).
const MaxPly = 4000

// noAnc marks a result that rests on no repetition above its node.
const noAnc = int32(1 << 30)

// kid is one move of an expanded node with what is known of its result.
type kid struct {
	move   board.Move
	key    uint64     // table key of the child
	hand   board.Hand // attacker's hand in the child
	dhand  board.Hand // defender's hand in the child
	cap    board.PieceType
	pn, dn uint32
	phand  board.Hand // proof or disproof hand once final
	length uint16
	anc    int32 // path ply that a path-dependent disproof rests on, else noAnc
	ply    int   // ply of the node the kid belongs to
	depth  uint16
	local  bool // path-dependent value: never refreshed from the table
	// extra: plies a candidate useless interposition may add under a
	// length bound (futile.go); zero elsewhere and without a bound
	extra uint8
	// inactive: a drop waiting for an earlier drop on its square (defender nodes)
	inactive bool
}

// frame is the per-ply scratch of the search (reused, so nodes allocate nothing).
type frame struct {
	ml   board.MoveList
	kids []kid
}

// result is what a node reports to its parent.
type result struct {
	pn, dn uint32
	hand   board.Hand
	length uint16
	depth  uint16 // a disproof holds with at most depth plies left (anyDepth: always)
	anc    int32
}

// Solver is a df-pn mate solver with its table. One goroutine solves at a
// time; Stop may be called from any goroutine.
type Solver struct {
	tt       *table
	pos      *board.Position
	attacker board.Color
	frames   []*frame
	scratch  board.MoveList
	path     []uint64 // full position keys from the root, by ply

	stop     atomic.Bool
	extStop  *atomic.Bool
	nodes    uint64
	maxNodes uint64
	deadline time.Time
	aborted  bool
	// limit, when not zero, is the ply by which the mate must be complete:
	// deeper lines are cut (path-dependent results, never stored as final).
	limit     int
	nextCheck uint64
	// parent is the solver whose line a helper's solves serve (its stop
	// flag ends them too); sub is the helper of this one (resist.go).
	parent, sub *Solver
}

// DefaultTableMB is the table size when none is given.
const DefaultTableMB = 64

// New returns a solver whose table takes at most tableMB megabytes
// (DefaultTableMB when tableMB <= 0).
func New(tableMB int) *Solver {
	s, err := NewChecked(tableMB)
	if err != nil {
		panic(err)
	}
	return s
}

// NewChecked is New that returns an error when the system refuses the
// table's memory (a front end's answer to an oversized option).
func NewChecked(tableMB int) (*Solver, error) {
	if tableMB <= 0 {
		tableMB = DefaultTableMB
	}
	t, err := newTableChecked(tableMB << 20)
	if err != nil {
		return nil, err
	}
	return &Solver{tt: t}, nil
}

// TableBytes is the memory of the table's slots (never more than asked).
func (s *Solver) TableBytes() int { return s.tt.bytes() }

// Stop makes a running Solve return Unknown soon; it is safe from any goroutine.
func (s *Solver) Stop() { s.stop.Store(true) }

// ErrNoDefenderKing is returned for a position whose defender has no king.
var ErrNoDefenderKing = errors.New("mate: the defender (side not to move) has no king")

// Solve looks for a mate by the side to move in pos (unchanged) within the
// limits. The table keeps what earlier solves learnt (call Clear to
// forget). The stop flag is cleared when Solve starts.
func (s *Solver) Solve(pos *board.Position, lim Limits) (Result, error) {
	if pos.KingSquare(pos.SideToMove().Opp()) == board.NoSquare {
		return Result{}, ErrNoDefenderKing
	}
	start := time.Now()
	s.begin(pos)
	if s.parent == nil {
		s.tt.peak = s.tt.used
	}
	s.maxNodes = lim.Nodes
	s.deadline = time.Time{}
	s.extStop = lim.Stop
	s.stop.Store(false)
	if lim.Time > 0 {
		s.deadline = start.Add(lim.Time)
	}
	res := Result{Status: Unknown}
	if lim.MaxPlies <= 0 {
		if line, ok := s.shortMate(pos); ok {
			res.Status, res.Line = Mate, line
			return s.finish(res, start), nil
		}
	}
	s.limit = max(lim.MaxPlies, 0)
	r := s.mid(0, inf, inf)
	switch {
	case r.pn == 0:
		line, ok := s.extract()
		if ok && verifyLine(pos, line) == nil {
			res.Status, res.Line = Mate, s.shorten(pos, line)
			if s.parent == nil {
				res.Line = s.lengthen(pos, res.Line)
			}
		}
	case r.dn == 0 && r.anc == noAnc:
		res.Status = NoMate
	}
	return s.finish(res, start), nil
}

// begin sets the solver on a new root: pos (copied), its side to move as
// the attacker, no nodes searched yet.
func (s *Solver) begin(pos *board.Position) {
	s.pos = pos.Clone()
	s.attacker = pos.SideToMove()
	s.nodes, s.aborted, s.nextCheck = 0, false, 0
	s.path = append(s.path[:0], s.pos.Key())
}

func (s *Solver) finish(res Result, start time.Time) Result {
	s.limit = 0
	res.Nodes, res.Time = s.nodes, time.Since(start)
	res.TableUsed, res.TableSlots, res.Collections = s.tt.peak, s.tt.capacity(), s.tt.gcs
	return res
}

// shortBounds are the first bounds tried, each with a small node budget:
// a short mate found this way is the shortest (the bound before it was
// disproven), which the unbounded search cannot promise.
var shortBounds = [...]struct {
	plies int
	nodes uint64
}{{1, 1000}, {3, 5000}, {5, 20000}, {7, 50000}}

// shortMate tries the short bounds in turn; it returns a verified line
// when a bound proves a mate and every shorter bound was disproven. The
// table is cleared afterwards when the search goes on unbounded.
func (s *Solver) shortMate(pos *board.Position) ([]board.Move, bool) {
	outer := s.maxNodes
	defer func() { s.maxNodes, s.limit = outer, 0 }()
	for _, b := range shortBounds {
		s.limit, s.aborted = b.plies, false
		s.maxNodes = s.nodes + b.nodes
		if outer != 0 {
			s.maxNodes = min(s.maxNodes, outer)
		}
		s.path = s.path[:1]
		r := s.mid(0, inf, inf)
		if r.pn == 0 {
			if line, ok := s.extract(); ok && verifyLine(pos, line) == nil {
				return line, true
			}
			break
		}
		if r.dn != 0 || r.anc != noAnc || s.stopOrDeadline() {
			break // undecided: the next bound would not give the shortest
		}
	}
	s.aborted = outer != 0 && s.nodes >= outer || s.stopOrDeadline()
	s.tt.clear()
	s.path = s.path[:1]
	return nil, false
}

// Clear empties the table.
func (s *Solver) Clear() { s.tt.clear() }

// limited reports whether a limit is reached; it reads the clock and the
// stop flag every 1024 nodes.
func (s *Solver) limited() bool {
	if s.aborted {
		return true
	}
	if s.maxNodes != 0 && s.nodes >= s.maxNodes {
		s.aborted = true
	} else if s.nodes >= s.nextCheck {
		s.nextCheck = s.nodes + 1024
		if s.stopOrDeadline() {
			s.aborted = true
		}
	}
	return s.aborted
}

func (s *Solver) frame(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame{})
	}
	return s.frames[ply]
}

// tableKey is the position's key without the hands.
func (s *Solver) tableKey() uint64 {
	return s.pos.Key() ^ board.HandKey(s.attacker, s.pos.Hand(s.attacker)) ^ board.HandKey(s.attacker.Opp(), s.pos.Hand(s.attacker.Opp()))
}

// generate fills ml with the node's moves: every legal check for the
// attacker (useless non-promotions included: they can matter in tsume),
// every legal evasion for the defender.
func (s *Solver) generate(ml *board.MoveList, attacker bool) {
	if attacker {
		s.pos.GenerateChecks(ml)
		return
	}
	s.pos.GenerateLegal(ml)
}

func satAdd(a, b uint32) uint32 {
	if c := uint64(a) + uint64(b); c < uint64(inf) {
		return uint32(c)
	}
	return inf - 1
}

// expand generates the node's kids and fills them from the table, marking
// repetitions of positions on the path as path-dependent disproofs.
func (s *Solver) expand(ply int, f *frame, attacker bool) {
	pos := s.pos
	s.generate(&f.ml, attacker)
	f.kids = f.kids[:0]
	hand, dhand := pos.Hand(s.attacker), pos.Hand(s.attacker.Opp())
	for _, m := range f.ml.Moves[:f.ml.N] {
		k := kid{move: m, hand: hand, dhand: dhand, pn: 1, dn: 1, anc: noAnc, ply: ply, depth: anyDepth}
		if !attacker && s.limit > 0 {
			k.extra = extraPlies(pos, m)
		}
		if m.IsDrop() {
			if attacker {
				k.hand = hand.Sub(m.DropType())
			} else {
				k.dhand = dhand.Sub(m.DropType())
			}
		} else if c := pos.PieceOn(m.To()); c != board.NoPiece {
			if attacker {
				k.cap = c.Type().Unpromoted()
				k.hand = hand.Add(k.cap)
			} else {
				k.dhand = dhand.Add(c.Type().Unpromoted())
			}
		}
		full := pos.KeyAfter(m)
		k.key = full ^ board.HandKey(s.attacker, k.hand) ^ board.HandKey(s.attacker.Opp(), k.dhand)
		for p := ply - 1; p >= 0; p -= 2 {
			if s.path[p] == full {
				k.pn, k.dn, k.anc, k.local, k.phand = inf, 0, int32(p), true, k.hand
				break
			}
		}
		if !k.local {
			s.refresh(&k)
			if attacker && k.pn == 1 && k.dn == 1 {
				s.countEvasions(&k)
			}
		}
		f.kids = append(f.kids, k)
	}
}

// evasionCap caps the evasion count a new check starts with. Measured on
// six public problems (main proofs, nodes): uncapped 3.77M in all, always 1
// 2.81M, capped at 8 1.50M, 1+n/4 2.32M.
const evasionCap = 8

// countEvasions starts a check the table knows nothing of with the
// number of the defender's replies (capped) as its proof number (df-pn+'s
// initialisation): no reply is mate at once, many make it expensive.
func (s *Solver) countEvasions(k *kid) {
	s.pos.DoMove(k.move)
	s.pos.GenerateLegal(&s.scratch)
	s.pos.UndoMove()
	if n := s.scratch.N; n == 0 {
		k.pn, k.dn, k.phand, k.length = 0, inf, 0, 0
	} else {
		k.pn = uint32(min(n, evasionCap))
	}
}

// refresh reads a kid's numbers from the table.
func (s *Solver) refresh(k *kid) {
	remaining := anyDepth + 1
	limit := s.limit + int(k.extra)
	if s.limit > 0 {
		remaining = limit - k.ply - 1
	}
	e, ok := s.tt.lookup(k.key, k.hand, k.dhand, remaining)
	if !ok {
		return
	}
	if e.pn == 0 && s.limit > 0 && k.ply+1+int(e.length) > limit {
		k.pn, k.dn = 1, 1 // a proof too long for the limit: search again
		return
	}
	k.pn, k.dn, k.length, k.depth = e.pn, e.dn, e.length, e.depth
	if e.pn == 0 || e.dn == 0 {
		k.phand = e.hand
	}
}

// mid is the df-pn node search: it expands the node and searches its most
// proving kid until the node's numbers reach a threshold or are final.
func (s *Solver) mid(ply int, thpn, thdn uint32) result {
	s.nodes++
	attacker := ply%2 == 0
	pos := s.pos
	hand := pos.Hand(s.attacker)
	key := s.tableKey()
	dhand := pos.Hand(s.attacker.Opp())
	if ply >= MaxPly-1 {
		return result{pn: inf, dn: 0, hand: hand, anc: -1}
	}
	if s.limit > 0 && attacker && ply >= s.limit {
		return result{pn: inf, dn: 0, hand: hand, anc: noAnc, depth: 0} // no ply left to mate in
	}
	f := s.frame(ply)
	s.expand(ply, f, attacker)
	if len(f.kids) > 0 && s.limit > 0 && !attacker && ply+1 >= s.limit {
		return result{pn: inf, dn: 0, hand: hand, anc: noAnc, depth: 1}
	}
	if len(f.kids) == 0 {
		var r result
		if attacker {
			r = result{pn: inf, dn: 0, hand: fullOfHeld(hand), anc: noAnc, depth: anyDepth}
		} else {
			r = result{pn: 0, dn: inf, anc: noAnc} // mated: the proof needs no hand
		}
		s.tt.store(key, hand, dhand, entry{pn: r.pn, dn: r.dn, hand: r.hand, amount: 1, depth: r.depth})
		return r
	}
	startNodes := s.nodes
	var r result
	for iter := 0; ; iter++ {
		// The table may have learnt about other kids through transpositions
		// while one was searched; reading them all again every time costs
		// more than it saves, so only every refreshEvery-th iteration.
		r = s.summarize(f, attacker, hand, iter%refreshEvery == refreshEvery-1)
		if r.pn == 0 || r.dn == 0 || r.pn >= thpn || r.dn >= thdn || s.limited() {
			break
		}
		best, second := s.choose(f, attacker)
		k := &f.kids[best]
		var cthpn, cthdn uint32
		if attacker {
			cthpn = min(thpn, max(satAdd(second, second/4), k.pn+1))
			cthdn = thdn
			if thdn < inf {
				cthdn = satAdd(thdn-min(thdn, r.dn), k.dn)
			}
		} else {
			cthdn = min(thdn, max(satAdd(second, second/4), k.dn+1))
			cthpn = thpn
			if thpn < inf {
				cthpn = satAdd(thpn-min(thpn, r.pn), k.pn)
			}
		}
		pos.DoMove(k.move)
		s.path = append(s.path[:ply+1], pos.Key())
		extra := int(k.extra)
		s.limit += extra
		cr := s.mid(ply+1, cthpn, cthdn)
		s.limit -= extra
		pos.UndoMove()
		k = &f.kids[best] // the frame of ply+1 may have grown s.frames, not f
		k.pn, k.dn, k.length, k.depth = cr.pn, cr.dn, cr.length, cr.depth
		if cr.pn == 0 || cr.dn == 0 {
			k.phand = cr.hand
		}
		k.anc = noAnc
		k.local = cr.dn == 0 && cr.anc <= int32(ply)
		if k.local {
			k.anc = cr.anc
		}
	}
	amount := uint32(min(s.nodes-startNodes+1, uint64(inf-1)))
	if r.dn == 0 && r.anc < int32(ply) {
		return r // rests on a position above this node: not a fact about it
	}
	r.anc = noAnc
	if r.pn == 0 || r.dn == 0 {
		s.tt.store(key, hand, dhand, entry{pn: r.pn, dn: r.dn, hand: r.hand, length: r.length, depth: r.depth, amount: amount})
	} else {
		s.tt.store(key, hand, dhand, entry{pn: r.pn, dn: r.dn, hand: hand, amount: amount})
	}
	if s.tt.needsCollection() {
		s.tt.collect()
	}
	return r
}

const refreshEvery = 4

// summarize computes the node's numbers from its kids (refreshing those
// the table may have changed), and for a final node its proof or disproof
// hand, its length and the repetition it rests on.
func (s *Solver) summarize(f *frame, attacker bool, hand board.Hand, refresh bool) result {
	var r result
	if attacker {
		r.pn, r.dn = inf, 0
	} else {
		r.pn, r.dn = 0, inf
	}
	// Interpositions by drop on one square wait for each other: only the
	// first unproven drop on a square counts, the next is opened when it
	// is proven (its proof hand usually proves the rest at once). This
	// keeps seven drops per square from inflating the proof number.
	var waiting board.Bitboard
	for i := range f.kids {
		k := &f.kids[i]
		if refresh && !k.local && k.pn != 0 && k.dn != 0 {
			s.refresh(k)
		}
		if attacker {
			r.pn = min(r.pn, k.pn)
			r.dn = satAdd(r.dn, k.dn)
			continue
		}
		k.inactive = false
		if k.move.IsDrop() {
			to := k.move.To()
			if waiting.Has(to) && k.dn != 0 {
				k.inactive = true
				continue
			}
			if k.pn != 0 {
				waiting.Set(to)
			}
		}
		r.pn = satAdd(r.pn, k.pn)
		r.dn = min(r.dn, k.dn)
	}
	if attacker && r.dn >= inf-1 && r.pn != 0 {
		r.dn = inf - 1
	}
	if !attacker && r.pn >= inf-1 && r.dn != 0 {
		r.pn = inf - 1
	}
	r.anc = noAnc
	switch {
	case attacker && r.pn == 0:
		// Proven by the shortest proven kid.
		bestLen := -1
		for i := range f.kids {
			k := &f.kids[i]
			if k.pn == 0 && (bestLen < 0 || int(k.length) < bestLen) {
				bestLen = int(k.length)
				r.hand = proofBefore(k.move, k.cap, k.phand)
			}
		}
		r.length = uint16(min(bestLen+1, 65535))
		r.dn = inf
	case attacker && r.dn == 0:
		r.pn = inf
		r.hand = fullOfHeld(hand)
		r.depth = anyDepth
		for i := range f.kids {
			k := &f.kids[i]
			r.hand = handMin(r.hand, disproofBefore(k.move, k.cap, k.phand))
			r.anc = min(r.anc, k.anc)
			r.depth = min(r.depth, depthAbove(k.depth))
		}
	case !attacker && r.pn == 0:
		r.dn = inf
		longest := 0
		for i := range f.kids {
			k := &f.kids[i]
			r.hand = handMax(r.hand, k.phand)
			longest = max(longest, lengthAbove(k))
		}
		r.length = uint16(min(longest+1, 65535))
	case !attacker && r.dn == 0:
		r.pn = inf
		// Prefer a disproof that rests on no repetition above.
		r.anc = -2
		for i := range f.kids {
			k := &f.kids[i]
			if d := depthAbove(lessExtra(k.depth, k.extra)); k.dn == 0 && (r.anc == -2 || k.anc > r.anc || k.anc == r.anc && d > r.depth) {
				r.anc, r.hand, r.depth = k.anc, k.phand, d
			}
		}
	}
	return r
}

// choose returns the kid to search (least pn at an attacker node, least dn
// at a defender node) and the second-least number.
func (s *Solver) choose(f *frame, attacker bool) (best int, second uint32) {
	bestN, second := inf, inf
	for i := range f.kids {
		if f.kids[i].inactive {
			continue
		}
		n := f.kids[i].dn
		if attacker {
			n = f.kids[i].pn
		}
		if n < bestN {
			best, second, bestN = i, bestN, n
		} else if n < second {
			second = n
		}
	}
	return best, second
}

// lessExtra is a kid's disproof bound less the extra plies its subtree
// had: the bound the defender's node itself escapes.
func lessExtra(d uint16, extra uint8) uint16 {
	if d == anyDepth {
		return d
	}
	return d - min(d, uint16(extra))
}

// depthAbove is a kid's disproof bound seen from its parent (one ply more).
func depthAbove(d uint16) uint16 {
	if d >= anyDepth-1 {
		return d | 1 // anyDepth stays anyDepth
	}
	return d + 1
}
