// Package search is libshogi's game-tree search.
//
// An Engine owns the search threads, a transposition table sized in
// megabytes and the options (threads, MultiPV, entering-king rule, move
// limit, resign value, evaluation). Engine.Search (blocking) or Engine.Go
// (asynchronous) searches a position under Limits: depth, nodes, movetime,
// a clock with byoyomi or Fischer increment, infinite or ponder. Stop and
// PonderHit may be called from any goroutine while a search runs.
//
// The search is a principal-variation alpha-beta in iterative deepening with
// aspiration windows and MultiPV, a quiescence search (captures and pawn
// promotions, every evasion when in check), move ordering (TT move, captures
// by MVV-LVA with losing captures last by SEE, killers, counter-moves,
// history), null-move pruning, late-move reductions and pruning, futility
// and SEE pruning, extension of checks that do not lose material, a
// contact mate-in-one probe, repetition and perpetual check (board rules,
// game history included), the move limit and declaration wins inside the
// tree. Threads are Lazy SMP: they share the lock-free transposition table
// (an entry is data and key XOR data in two atomic 64-bit words, so a torn
// entry is a miss) and nothing else. Nothing is allocated per node.
//
// Scores (Score) are from the side to move's view in the evaluation's unit
// (a pawn is about 90). Mate scores are their own kind: IsMate and MatePly
// say whether and in how many plies; CP converts other scores to centipawns
// the way the engines do (100*v/90).
//
// The evaluation is an Evaluator per thread, made by an EvalFactory:
// NNUEFactory for a loaded network, or the built-in fallback MaterialEval
// (material plus simple piece-square terms) when none is loaded.
//
// ChecksMateSearch proves tsume (checks only) for "go mate". Bench and
// BenchPositions give the fixed-depth bench whose node count at one thread
// is a signature of the search.
package search
