package search

import (
	"math"
	"sync/atomic"

	"github.com/libshogi/libshogi/libshogi/board"
)

// maxRepetitionPly is how far back the search looks for a repetition
// (game history included).
const maxRepetitionPly = 16

// qsRecapturesDepth is the quiescence depth (0 at its first ply, -1 at the
// next) from which it searches only recaptures on the last move's square.
const qsRecapturesDepth = -5

// mateInOneTTDepth is the least depth a found mate in one is stored with:
// the score is exact whatever the depth asked.
const mateInOneTTDepth = 6

type rootMove struct {
	move      board.Move
	score     Score
	prevScore Score
	selDepth  int
	pv        [MaxPly + 1]board.Move
	pvLen     int
}

type stackEntry struct {
	currentMove board.Move
	killers     [2]board.Move
	staticEval  Score
	contKey     int32 // contKey(currentMove)
}

const histMax = 16384

// thread is one search thread's private state. Nothing here is allocated
// during the search.
type thread struct {
	id  int
	e   *Engine
	pos *board.Position
	ev  Evaluator
	// count is the thread's node count; nodes publishes it to the other
	// threads every 1024 nodes and when the thread stops. A locked
	// increment per node would cost a full memory barrier at every node.
	count uint64
	nodes atomic.Uint64

	rootMoves      []rootMove
	pvIdx          int
	rootDepth      int
	completedDepth int
	selDepth       int
	rootMoveNumber int // 1-based place of the root move being searched
	nmpMinPly      int
	checkCount     int

	stack   [MaxPly + 8]stackEntry
	pv      [MaxPly + 2][MaxPly + 2]board.Move
	pvLen   [MaxPly + 2]int
	pickers [MaxPly + 2]picker
	history [2][board.NumSquares + 7][board.NumSquares]int32
	counter [32][board.NumSquares]board.Move
	corr    [2][corrSize]int32
	capHist captureHistory
	cont    *contHistory // 13 MB: allocated once per thread
}

// lmrTable holds the late-move reductions: 0.6 + ln(depth)·ln(moveCount)/1.8.
// At equal nodes /1.8 beat /2.1 and /2.6 lost to it (docs/strength.md, fifth
// round): here the deeper, more selective search pays.
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int8(0.6 + math.Log(float64(d))*math.Log(float64(m))/1.8)
		}
	}
}

func reduction(d, m int) int {
	return int(lmrTable[min(d, 63)][min(m, 63)])
}

func newThread(e *Engine, id int, ev Evaluator) *thread {
	t := &thread{id: id, e: e, ev: ev, pos: board.NewPosition(), cont: new(contHistory)}
	return t
}

func (t *thread) clearStats() {
	t.history = [2][board.NumSquares + 7][board.NumSquares]int32{}
	t.counter = [32][board.NumSquares]board.Move{}
	t.corr = [2][corrSize]int32{}
	t.capHist = captureHistory{}
	*t.cont = contHistory{}
}

func (t *thread) setup(pos *board.Position, list *board.MoveList) {
	t.pos.Set(pos)
	t.ev.Reset(t.pos)
	t.count = 0
	t.nodes.Store(0)
	if cap(t.rootMoves) < list.N {
		t.rootMoves = make([]rootMove, list.N)
	}
	t.rootMoves = t.rootMoves[:list.N]
	for i := 0; i < list.N; i++ {
		rm := &t.rootMoves[i]
		rm.move = list.Moves[i]
		rm.score = -ScoreInfinite
		rm.prevScore = -ScoreInfinite
		rm.selDepth = 0
		rm.pv[0] = rm.move
		rm.pvLen = 1
	}
	t.completedDepth = 0
	t.checkCount = 0
	for i := range t.stack {
		t.stack[i] = stackEntry{staticEval: ScoreNone, contKey: contNone}
	}
}

// sortRoot stable-sorts rootMoves[from:to] by score, best first.
func (t *thread) sortRoot(from, to int) {
	rm := t.rootMoves
	for i := from + 1; i < to; i++ {
		x := rm[i]
		j := i
		for j > from && rm[j-1].score < x.score {
			rm[j] = rm[j-1]
			j--
		}
		rm[j] = x
	}
}

func (t *thread) stopped() bool { return t.e.stop.Load() }

func (t *thread) iterate() {
	e := t.e
	defer func() { t.nodes.Store(t.count) }()
	main := t.id == 0
	maxDepth := MaxPly - 1
	// Only the main thread obeys a depth limit: helpers that stopped there
	// would idle while the main thread finishes. They keep deepening (and
	// filling the shared table) until the main thread stops them; their
	// deeper results are not used for the answer.
	if e.limits.Depth > 0 && main {
		maxDepth = min(e.limits.Depth, MaxPly-1)
	}
	multiPV := e.multiPV
	for depth := 1; depth <= maxDepth && !t.stopped(); depth++ {
		// Helper threads search some depths one ply deeper for diversity.
		if !main && depth > 1 && (depth+t.id)%4 == 0 {
			depth++
			if depth > maxDepth {
				break
			}
		}
		t.rootDepth = depth
		for i := range t.rootMoves {
			t.rootMoves[i].prevScore = t.rootMoves[i].score
		}
		for t.pvIdx = 0; t.pvIdx < multiPV && !t.stopped(); t.pvIdx++ {
			t.selDepth = 0
			alpha, beta := -ScoreInfinite, ScoreInfinite
			delta := Score(15)
			prev := t.rootMoves[t.pvIdx].prevScore
			if depth >= 4 && prev != -ScoreInfinite && !prev.IsMate() {
				delta = 12 + Score(int(prev)*int(prev)/16000)
				alpha = max(prev-delta, -ScoreInfinite)
				beta = min(prev+delta, ScoreInfinite)
			}
			for {
				v := t.search(true, alpha, beta, depth, 0, false)
				t.sortRoot(t.pvIdx, len(t.rootMoves))
				if t.stopped() {
					break
				}
				if main && (v <= alpha || v >= beta) && e.elapsed() > 3e9 {
					b := BoundUpper
					if v >= beta {
						b = BoundLower
					}
					e.report(t, depth, b)
				}
				if v <= alpha {
					beta = (alpha + beta) / 2
					alpha = max(v-delta, -ScoreInfinite)
				} else if v >= beta {
					beta = min(v+delta, ScoreInfinite)
				} else {
					break
				}
				delta += delta/2 + 5
			}
			t.sortRoot(0, t.pvIdx+1)
			if main && (!t.stopped() || depth > 1) && (t.pvIdx+1 == multiPV || t.stopped()) {
				e.report(t, depth, BoundExact)
			}
		}
		if t.stopped() {
			break
		}
		t.completedDepth = depth
		if !main {
			continue
		}
		best := t.rootMoves[0].score
		// A proven mate for the side to move ends "go mate".
		if e.limits.MateOnly && best.IsMate() && best > 0 {
			e.stop.Store(true)
			break
		}
		// A mate found at this depth will not improve much: stop early
		// when the mate is short enough to be certain.
		if best.IsMate() && e.maximum > 0 && best.MatePly() != 0 && depth >= 2*abs(best.MatePly())+4 {
			if !e.pondering.Load() && !e.limits.Infinite {
				e.stop.Store(true)
			}
		}
		if e.optimum > 0 && !e.useFull && !e.pondering.Load() && !e.limits.Infinite {
			if e.elapsed() >= e.optimum*6/10 || multiPV == len(t.rootMoves) && len(t.rootMoves) == 1 {
				e.stop.Store(true)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (t *thread) result() Result {
	rm := &t.rootMoves[0]
	r := Result{BestMove: rm.move, Score: rm.score, Depth: t.completedDepth, SelDepth: rm.selDepth}
	if r.Score == -ScoreInfinite {
		r.Score = rm.prevScore
	}
	if r.Score == -ScoreInfinite { // stopped before any move was searched
		r.Score = ScoreDraw
	}
	r.PV = append([]board.Move(nil), rm.pv[:rm.pvLen]...)
	if len(r.PV) > 1 {
		r.PonderMove = r.PV[1]
	}
	for i := 0; i < t.e.multiPV && i < len(t.rootMoves); i++ {
		x := &t.rootMoves[i]
		s := x.score
		if s == -ScoreInfinite {
			s = x.prevScore
		}
		if s == -ScoreInfinite {
			s = ScoreDraw
		}
		r.Lines = append(r.Lines, Line{Score: s, Depth: t.completedDepth, SelDepth: x.selDepth,
			PV: append([]board.Move(nil), x.pv[:x.pvLen]...)})
	}
	if r.Depth == 0 {
		r.Depth = 1
	}
	return r
}

func (t *thread) countNode() {
	t.count++
	n := t.count
	if n&1023 == 0 {
		t.nodes.Store(n)
	}
	if t.id == 0 {
		if t.e.limits.Nodes > 0 {
			if n >= t.e.limits.Nodes && len(t.e.threads) == 1 {
				t.e.stop.Store(true)
			}
		}
		if n&255 == 0 {
			t.e.checkTime()
			if t.e.onInfo != nil {
				t.e.maybeProgress(t)
			}
		}
	}
}

func (t *thread) doMove(m board.Move, ply int) {
	t.stack[ply].currentMove = m
	t.stack[ply].contKey = contKey(m)
	t.countNode()
	// The child's table entry, requested before the move is made: the
	// board and accumulator work then hides some of its memory latency.
	t.e.tt.prefetch(t.pos.KeyAfter(m))
	t.ev.DoMove(t.pos, m)
}

func (t *thread) updatePV(ply int, m board.Move) {
	t.pv[ply][0] = m
	n := t.pvLen[ply+1]
	copy(t.pv[ply][1:n+1], t.pv[ply+1][:n])
	t.pvLen[ply] = n + 1
}

func (t *thread) evaluate() Score {
	return clampEval(t.ev.Evaluate(t.pos))
}

// ruleScore scores the repetition and move-limit rules at a non-root node.
func (t *thread) ruleScore(ply int) (Score, bool) {
	switch t.pos.RepetitionInSearch(maxRepetitionPly) {
	case board.RepDraw:
		return ScoreDraw, true
	case board.RepWin:
		return MateIn(ply), true
	case board.RepLose:
		return MatedIn(ply), true
	}
	if mm := t.e.opts.MaxMovesToDraw; mm > 0 && t.pos.Ply() > mm {
		return ScoreDraw, true
	}
	return 0, false
}

func bonus(depth int) int32 { return int32(min(32*depth*depth+64*depth, 2000)) }

func (t *thread) updateHistory(us board.Color, m board.Move, b int32) {
	h := &t.history[us][histIdx(m)][m.To()]
	*h += b - *h*abs32(b)/histMax
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func (t *thread) search(pvNode bool, alpha, beta Score, depth, ply int, cutNode bool) Score {
	if depth <= 0 {
		return t.qsearch(pvNode, alpha, beta, 0, ply)
	}
	pos := t.pos
	e := t.e
	rootNode := ply == 0
	t.pvLen[ply] = 0
	if ply > t.selDepth {
		t.selDepth = ply
	}
	inCheck := pos.InCheck()
	if !rootNode {
		if t.stopped() {
			return 0
		}
		if s, ok := t.ruleScore(ply); ok {
			return s
		}
		if ply >= MaxPly {
			if inCheck {
				return 0
			}
			return t.evaluate()
		}
		// Mate distance pruning.
		alpha = max(MatedIn(ply), alpha)
		beta = min(MateIn(ply+1), beta)
		if alpha >= beta {
			return alpha
		}
		if rule := e.opts.EnteringKingRule; rule != board.RuleNone && pos.Declaration(rule) == board.DeclWin {
			return MateIn(ply + 1)
		}
	}
	ss := &t.stack[ply]
	t.stack[ply+2].killers = [2]board.Move{}

	key := pos.Key()
	tte, ttHit := e.tt.probe(key)
	ttScore := ScoreNone
	ttMove := board.MoveNone
	if ttHit {
		ttScore = fromTT(tte.score, ply)
		ttMove = moveFrom16(pos, tte.move)
	}
	if rootNode {
		ttMove = t.rootMoves[t.pvIdx].move
	}
	if !pvNode && ttHit && tte.depth >= depth && ttScore != ScoreNone {
		if ttScore >= beta && tte.bound&BoundLower != 0 || ttScore < beta && tte.bound&BoundUpper != 0 {
			if ttScore >= beta && ttMove != board.MoveNone && isQuiet(pos, ttMove) {
				t.updateKillers(ply, ttMove)
			}
			return ttScore
		}
	}

	var staticEval, eval, rawEval Score
	improving := false
	// mateThreat: passing loses to a mate (the null move search says so);
	// the quiet moves are the defences then, and are not pruned late.
	mateThreat := false
	nullTried := false
	if inCheck {
		staticEval, eval = ScoreNone, ScoreNone
		ss.staticEval = ScoreNone
	} else {
		if ttHit && tte.eval != ScoreNone && tte.eval > -ScoreMateInMaxPly && tte.eval < ScoreMateInMaxPly {
			rawEval = tte.eval
		} else {
			rawEval = t.evaluate()
			if !ttHit {
				e.tt.store(key, 0, ScoreNone, rawEval, -depthOffset+1, BoundNone)
			}
		}
		staticEval = t.correctedEval(pos, rawEval)
		eval = staticEval
		if ttScore != ScoreNone && (ttScore > eval && tte.bound&BoundLower != 0 || ttScore < eval && tte.bound&BoundUpper != 0) {
			eval = ttScore
		}
		ss.staticEval = staticEval
		if ply >= 2 && t.stack[ply-2].staticEval != ScoreNone {
			improving = staticEval > t.stack[ply-2].staticEval
		} else if ply >= 4 && t.stack[ply-4].staticEval != ScoreNone {
			improving = staticEval > t.stack[ply-4].staticEval
		} else {
			improving = true
		}

		// Reverse futility pruning cuts below (after razoring).
		rfpCuts := !pvNode && depth < rfpMaxDepth && eval < ScoreMateInMaxPly && eval-rfpMargin(depth, improving) >= beta

		// Mate in one (an entry of depth >= 1 means this node was probed).
		// Not where reverse futility cuts anyway: a mate would only
		// raise a value that already fails high, and the probe is a
		// fifth of the search's time.
		if !rootNode && (!ttHit || tte.depth < 1) && !rfpCuts {
			if m := contactMateInOne(pos); m != board.MoveNone {
				s := MateIn(ply + 1)
				e.tt.store(key, m.Move16(), toTT(s, ply), rawEval, max(min(depth+6, MaxPly-1), mateInOneTTDepth), BoundExact)
				if pvNode {
					t.pvLen[ply+1] = 0
					t.updatePV(ply, m)
				}
				return s
			}
		}

		// Razoring: far below alpha near the leaves, only captures can
		// save the node; when quiescence agrees, return its value. Not
		// when alpha is a mate: quiescence cannot find one, and a root
		// move that mates sooner than the best so far was cut here.
		if !pvNode && depth <= 3 && alpha < ScoreMateInMaxPly && eval < alpha-Score(220+130*depth*depth) {
			if v := t.qsearch(false, alpha-1, alpha, 0, ply); v < alpha {
				return v
			}
		}

		// Reverse futility pruning.
		if rfpCuts {
			return eval
		}

		// Null move pruning, only where a cut is expected and the static
		// evaluation is well above beta near the leaves: a pass hands the
		// opponent a free drop, and a reduced search after it misses the
		// attacks that follow.
		if !pvNode && cutNode && depth >= 2 && eval >= beta && staticEval >= beta-Score(16*depth)+360 &&
			ply >= t.nmpMinPly && ply > 0 && t.stack[ply-1].currentMove != board.MoveNull &&
			beta > -ScoreMateInMaxPly {
			r := 3 + depth/4 + min(int(eval-beta)/150, 3)
			nullTried = true
			ss.currentMove = board.MoveNull
			ss.contKey = contNone
			t.countNode()
			t.ev.DoNullMove(pos)
			v := -t.search(false, -beta, -beta+1, depth-r, ply+1, !cutNode)
			t.ev.UndoNullMove(pos)
			if t.stopped() {
				return 0
			}
			if v <= -ScoreMateInMaxPly {
				mateThreat = true
			}
			if v >= beta {
				if v >= ScoreMateInMaxPly {
					v = beta
				}
				if depth < 12 {
					return v
				}
				// Verification at high depth.
				t.nmpMinPly = ply + 3*(depth-r)/4
				w := t.search(false, beta-1, beta, depth-r, ply, false)
				t.nmpMinPly = 0
				if w >= beta {
					return v
				}
			}
		}
	}

	// The mate threat where the null move did not look (matethreat.go).
	if !inCheck && !nullTried && !rootNode && depth <= mateThreatMaxDepth &&
		kingZoneAttacks(pos) >= mateThreatZoneAttacks {
		mateThreat = passIsMated(pos)
	}

	// Internal iterative reduction.
	if !rootNode && ttMove == board.MoveNone && depth >= 4 && (pvNode || cutNode) {
		depth--
	}

	prevMove := board.MoveNone
	if ply > 0 {
		prevMove = t.stack[ply-1].currentMove
	}
	counter := board.MoveNone
	if prevMove != board.MoveNone && prevMove != board.MoveNull {
		counter = t.counter[prevMove.Piece()][prevMove.To()]
	}
	contRows := t.contRows(ply)
	pk := &t.pickers[ply]
	if inCheck {
		pk.initEvasion(ttMove)
	} else {
		pk.initMain(ttMove, ss.killers[0], ss.killers[1], counter, contRows)
	}
	us := pos.SideToMove()
	bestScore := -ScoreInfinite
	bestMove := board.MoveNone
	moveCount := 0
	var quietsTried [64]board.Move
	nq := 0
	var capturesTried [32]board.Move
	nc := 0
	skipQuiets := false
	rootIdx := t.pvIdx
	ttCapture := ttMove != board.MoveNone && !isQuiet(pos, ttMove)

	for {
		var m board.Move
		if rootNode {
			if rootIdx >= len(t.rootMoves) {
				break
			}
			m = t.rootMoves[rootIdx].move
			rootIdx++
			t.rootMoveNumber = rootIdx
		} else {
			m = pk.next(t, skipQuiets)
			if m == board.MoveNone {
				break
			}
		}
		moveCount++
		quiet := isQuiet(pos, m)
		givesCheck := pos.GivesCheck(m)

		newDepth := depth - 1
		// Shallow-depth pruning.
		if !rootNode && bestScore > -ScoreMateInMaxPly {
			lmrDepth := max(newDepth-reduction(depth, moveCount), 0)
			if quiet && !givesCheck {
				// Late-move pruning: the later quiet moves are skipped,
				// but not the quiet checks among them (the picker still
				// hands those out): skipping them hid a distant rook's
				// mate in one, and a shorter mate once a longer one was
				// found.
				if !mateThreat && depth < 16 && moveCount >= (3+depth*depth)/(2-b2i(improving)) {
					skipQuiets = true
					continue
				}
				if !inCheck && !mateThreat && lmrDepth < 7 && staticEval+Score(100+110*lmrDepth) <= alpha {
					continue
				}
				if lmrDepth < 8 && !pos.SEEGE(m, -25*lmrDepth*lmrDepth) {
					continue
				}
			} else if depth < 8 && !pos.SEEGE(m, -90*depth) {
				// Captures, and checks of either kind, that lose more
				// than the margin in the exchange. A drop check next to
				// the king that only gives the piece away is most of
				// what shogi's checks are; a mate among them is the
				// mate-in-one probe's to find.
				continue
			}
		}
		// Check extension, only far from the leaves: near them every drop
		// check would be extended and the checks crowd out the search.
		// From boxedCheckDepth a check is extended when it leaves the king
		// at most one safe step (kingSafeSteps, after the move).
		boxedCheck := false
		if givesCheck && ply < 2*t.rootDepth && depth >= boxedCheckDepth && pos.SEEGE(m, 0) {
			if depth >= 7 {
				newDepth++
			} else {
				boxedCheck = true
			}
		}

		t.doMove(m, ply)
		if boxedCheck && kingSafeSteps(pos) <= 1 {
			newDepth++
		}
		var v Score
		if depth >= 2 && moveCount > 1+b2i(rootNode) && (quiet || cutNode) {
			r := reduction(depth, moveCount)
			if pvNode {
				r--
			}
			if cutNode {
				r++
			}
			if !improving {
				r++
			}
			if ttCapture {
				r++
			}
			if givesCheck {
				r--
			}
			if quiet {
				stat := 2*t.history[us][histIdx(m)][m.To()] + contScore(&contRows, ss.contKey) // doMove set ss.contKey to contKey(m)
				r -= int(stat / 12000)
			}
			d := max(min(newDepth-r, newDepth), 1)
			v = -t.search(false, -(alpha + 1), -alpha, d, ply+1, true)
			if v > alpha && d < newDepth {
				v = -t.search(false, -(alpha + 1), -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			v = -t.search(false, -(alpha + 1), -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || v > alpha && (rootNode || v < beta)) {
			v = -t.search(true, -beta, -alpha, newDepth, ply+1, false)
		}
		t.ev.UndoMove(pos)
		if t.stopped() {
			return 0
		}

		if rootNode {
			var rm *rootMove
			for i := t.pvIdx; i < len(t.rootMoves); i++ {
				if t.rootMoves[i].move == m {
					rm = &t.rootMoves[i]
					break
				}
			}
			if moveCount == 1 || v > alpha {
				rm.score = v
				rm.selDepth = t.selDepth
				rm.pv[0] = m
				n := t.pvLen[1]
				copy(rm.pv[1:n+1], t.pv[1][:n])
				rm.pvLen = n + 1
			} else {
				rm.score = -ScoreInfinite
			}
		}

		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				if pvNode && !rootNode {
					t.updatePV(ply, m)
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
		if m != bestMove && quiet && nq < len(quietsTried) {
			quietsTried[nq] = m
			nq++
		}
		if m != bestMove && !quiet && nc < len(capturesTried) {
			capturesTried[nc] = m
			nc++
		}
	}

	if moveCount == 0 {
		// No legal move: the side to move loses (checkmate or not).
		return MatedIn(ply)
	}
	if bestScore == -ScoreInfinite {
		bestScore = alpha
	}
	if bestMove != board.MoveNone && bestScore >= beta {
		// Capture history: the capture that cut gains, the captures
		// tried before the move that cut lose (capturehist.go).
		b := bonus(depth)
		if !isQuiet(pos, bestMove) {
			t.capHist.update(pos, bestMove, b)
		}
		for i := 0; i < nc; i++ {
			t.capHist.update(pos, capturesTried[i], -b)
		}
	}
	if bestMove != board.MoveNone && bestScore >= beta && isQuiet(pos, bestMove) {
		b := bonus(depth)
		t.updateKillers(ply, bestMove)
		t.updateHistory(us, bestMove, b)
		t.updateCont(&contRows, contKey(bestMove), b)
		for i := 0; i < nq; i++ {
			t.updateHistory(us, quietsTried[i], -b)
			t.updateCont(&contRows, contKey(quietsTried[i]), -b)
		}
		if counter != board.MoveNone || (prevMove != board.MoveNone && prevMove != board.MoveNull) {
			t.counter[prevMove.Piece()][prevMove.To()] = bestMove
		}
	}
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestMove != board.MoveNone {
		bound = BoundExact
	}
	if !rootNode || t.pvIdx == 0 {
		var m16 uint16
		if bestMove != board.MoveNone {
			m16 = bestMove.Move16()
		}
		se := rawEval
		if inCheck {
			se = ScoreNone
		}
		e.tt.store(key, m16, toTT(bestScore, ply), se, depth, bound)
	}
	// Learn the static evaluation's error where the bound says which way
	// it is wrong and a quiet (or no) best move decided it.
	if !inCheck && !rootNode && (bestMove == board.MoveNone || isQuiet(pos, bestMove)) &&
		bestScore > -ScoreMateInMaxPly && bestScore < ScoreMateInMaxPly &&
		!(bound == BoundLower && bestScore <= staticEval) && !(bound == BoundUpper && bestScore >= staticEval) {
		t.updateCorrection(pos, bestScore-staticEval+(staticEval-rawEval), depth)
	}
	return bestScore
}

// rfpMaxDepth and rfpMargin: reverse futility pruning returns the static
// evaluation below rfpMaxDepth when it beats beta by rfpMargin.
// The margin is twice the one tuned with untrained nets: with the trained
// net it cut too often (against YaneuraOu at equal nodes, 400 games: -127
// +- 34 against -216 +- 38; docs/strength.md, eleventh round).
const rfpMaxDepth = 8

func rfpMargin(depth int, improving bool) Score {
	if improving {
		return Score(160*depth - 80)
	}
	return Score(160 * depth)
}

// qsFutilityMargin and qsSEEMargin: a quiescence capture that is neither a
// check, a recapture nor a promotion is futile when the standing pat plus
// the margin and the victim stay at or below alpha, or when its exchange
// cannot bring the value up to alpha from the standing pat plus the margin;
// every capture is skipped when its exchange is below qsSEEMargin.
// These are YaneuraOu's rule and values; against the rule before (margin
// 120, checks and recaptures pruned too, SEE >= 0 for every capture) they
// gained +11 against YaneuraOu and +38 in built-in self-play at equal nodes
// (docs/strength.md, twelfth round).
const (
	qsFutilityMargin = Score(328)
	qsSEEMargin      = -73
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (t *thread) updateKillers(ply int, m board.Move) {
	k := &t.stack[ply].killers
	if k[0] != m {
		k[1] = k[0]
		k[0] = m
	}
}

func (t *thread) qsearch(pvNode bool, alpha, beta Score, depth, ply int) Score {
	pos := t.pos
	e := t.e
	t.pvLen[ply] = 0
	if ply > t.selDepth {
		t.selDepth = ply
	}
	if t.stopped() {
		return 0
	}
	if s, ok := t.ruleScore(ply); ok {
		return s
	}
	inCheck := pos.InCheck()
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return t.evaluate()
	}
	key := pos.Key()
	tte, ttHit := e.tt.probe(key)
	ttScore := ScoreNone
	ttMove := board.MoveNone
	if ttHit {
		ttScore = fromTT(tte.score, ply)
		ttMove = moveFrom16(pos, tte.move)
	}
	ttDepth := 0
	if !inCheck && depth < 0 {
		ttDepth = -1
	}
	if !pvNode && ttHit && tte.depth >= ttDepth && ttScore != ScoreNone {
		if ttScore >= beta && tte.bound&BoundLower != 0 || ttScore < beta && tte.bound&BoundUpper != 0 {
			return ttScore
		}
	}
	var bestScore, staticEval Score
	futilityBase := -ScoreInfinite
	oldAlpha := alpha
	if inCheck {
		bestScore = -ScoreInfinite
		staticEval = ScoreNone
	} else {
		if ttHit && tte.eval != ScoreNone && tte.eval > -ScoreMateInMaxPly && tte.eval < ScoreMateInMaxPly {
			staticEval = tte.eval
		} else {
			staticEval = t.evaluate()
		}
		// Mate in one, probed once per position (a table hit means it was
		// probed), before standing pat at PV nodes, where the value is
		// reported. At the others a probe only where standing pat does not
		// fail high: a mate would raise a value that already refutes the
		// parent's move, and the probe was a fifth of the search's time.
		if !ttHit && (pvNode || staticEval < beta) {
			if m := contactMateInOne(pos); m != board.MoveNone {
				s := MateIn(ply + 1)
				e.tt.store(key, m.Move16(), toTT(s, ply), staticEval, mateInOneTTDepth, BoundExact)
				if pvNode {
					t.pvLen[ply+1] = 0
					t.updatePV(ply, m)
				}
				return s
			}
		}
		bestScore = staticEval
		if ttScore != ScoreNone && (ttScore > bestScore && tte.bound&BoundLower != 0 || ttScore < bestScore && tte.bound&BoundUpper != 0) {
			bestScore = ttScore
		}
		if bestScore >= beta {
			if !ttHit {
				e.tt.store(key, 0, toTT(bestScore, ply), staticEval, -depthOffset+1, BoundLower)
			}
			return bestScore
		}
		if bestScore > alpha {
			alpha = bestScore
		}
		futilityBase = bestScore + qsFutilityMargin
	}
	// prevSq is where the last move landed (NoSquare after a null move).
	// With an evaluation that barely sees material (an untrained net)
	// stand-pat never cuts, and the quiescence search would try every
	// order of every exchange on the board (a depth-1 search took millions
	// of nodes): beyond the first two moves of a node it searches only
	// recaptures, checks and promotions, and from qsRecapturesDepth on
	// only recaptures.
	prevSq := board.NoSquare
	if ply > 0 {
		if pm := t.stack[ply-1].currentMove; pm != board.MoveNone && pm != board.MoveNull {
			prevSq = pm.To()
		}
	}
	pk := &t.pickers[ply]
	if inCheck {
		pk.initEvasion(ttMove)
	} else {
		if ttMove != board.MoveNone && isQuiet(pos, ttMove) {
			ttMove = board.MoveNone
		}
		// Deep in the quiescence search only recaptures (see prevSq).
		recapSq := board.NoSquare
		if depth <= qsRecapturesDepth {
			recapSq = prevSq
		}
		pk.initQ(ttMove, recapSq)
	}
	bestMove := board.MoveNone
	moveCount := 0
	for {
		m := pk.next(t, false)
		if m == board.MoveNone {
			break
		}
		moveCount++
		if bestScore > -ScoreMateInMaxPly {
			if !inCheck {
				// Checks, recaptures and promotions are never futile:
				// they are what the quiescence search is for. The other
				// captures: two at most, and only those that can raise
				// the value to alpha by material and by exchange.
				// seeChecked: that exchange test already implies the
				// qsSEEMargin one below.
				seeChecked := false
				if m.To() != prevSq && !m.IsPromotion() && !pos.GivesCheck(m) {
					if moveCount > 2 {
						continue
					}
					fv := futilityBase + Score(board.PieceValue[pos.PieceOn(m.To()).Type()])
					if fv <= alpha {
						bestScore = max(bestScore, fv)
						continue
					}
					seeThreshold := int(alpha - futilityBase)
					if !pos.SEEGE(m, seeThreshold) {
						bestScore = max(bestScore, min(alpha, futilityBase))
						continue
					}
					seeChecked = seeThreshold >= qsSEEMargin
				}
				if !seeChecked && !pos.SEEGE(m, qsSEEMargin) {
					continue
				}
			} else if moveCount > 2 && isQuiet(pos, m) {
				// Enough evasions tried once one keeps us alive.
				continue
			}
		}
		t.doMove(m, ply)
		v := -t.qsearch(pvNode, -beta, -alpha, depth-1, ply+1)
		t.ev.UndoMove(pos)
		if t.stopped() {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				if pvNode {
					t.updatePV(ply, m)
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	if inCheck && bestScore == -ScoreInfinite {
		return MatedIn(ply)
	}
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestScore > oldAlpha {
		bound = BoundExact
	}
	var m16 uint16
	if bestMove != board.MoveNone {
		m16 = bestMove.Move16()
	}
	e.tt.store(key, m16, toTT(bestScore, ply), staticEval, ttDepth, bound)
	return bestScore
}
