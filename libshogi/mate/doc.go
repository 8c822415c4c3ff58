// Package mate proves and disproves tsume (checkmate by continuous checks)
// with df-pn: Nagai's depth-first proof-number search with the 1+ε
// threshold trick of Pawlewicz and Lew.
//
//   - The table (table.go) is bounded: a size in MB, a full cluster replaces
//     its entry of least work, and when most slots are used a collection
//     frees the least-worked entries of the whole table. It keys on the board
//     and side to move; both hands are compared by dominance, so a proof
//     holds for more attacker pieces and fewer defender pieces (its proof
//     hand), a disproof for the reverse (hand.go).
//   - Repetitions: a position already on the path is no mate for the
//     attacker. A disproof that rests on a repetition of a position above
//     the node that found it depends on the path; it is kept only in the
//     parent's move list and never stored as final, so a stored result is a
//     fact about the position (the graph-history interaction). Proofs never
//     rest on repetitions.
//   - Pawn-drop mate, and every other rule, come from libshogi/board: the
//     attacker's moves are board.GenerateChecks (every legal check, useless
//     non-promotions included: they matter in tsume; the same set as
//     filtering the legal moves, built from check squares, discovered
//     checks and drops), the defender's every legal evasion.
//   - The table's cluster keeps its eight keys in one cache line ahead of
//     the slots, so a lookup reads the slots of its own position only.
//   - The line (line.go, resist.go) follows the proof under tsume rules:
//     the attacker's shortest mate (short bounds are tried first, longer
//     lines are shortened by solving again with the length bounded), the
//     defender's longest resistance, useless interpositions (無駄合) not
//     counted. futile.go defines them, with one rule for every length the
//     solver computes: a drop between a distant checker and the king that
//     no defender piece guards (next to the king: one that two attacker
//     pieces guard) may add its two plies, the drop and its capture,
//     under a length bound without counting as resistance. The lengths
//     stored with unbounded proofs are upper bounds (loose inside
//     interposition subtrees), so the unbounded line is then lengthened by
//     true lengths: at each defender move bounded solves ask whether
//     another evasion escapes the plies the line has left (two more after
//     a useless interposition); one that does takes the line and its tail
//     is solved again. Every line is verified by replay before it is
//     returned.
//
// Known limits: the shortening and the lengthening have node budgets
// (bounds just below a long problem's length are out of their reach), so
// a long line is a verified mate whose length may differ from the
// composer's by a few plies (musou-030: 117 plies, declared 119;
// zukou-099: 113, declared 117; the file marks both length-ambiguous).
// docs/mate-public.md has the figures of every public problem.
//
// The attacker is the side to move at the root; it may have no king. The
// defender must have one.
//
// Tests: go test ./libshogi/mate runs the public problems that fit a few
// seconds (quickBudgets in public_test.go); LIBSHOGI_MATE_LONG=1 go test
// -run PublicProblemsLong -timeout 3h runs the rest. go test -bench Public
// solves every public problem with a 1 GB table and 60 s each (of CPU with
// LIBSHOGI_MATE_BENCH_CPU=60s; see docs/mate-public.md).
package mate
