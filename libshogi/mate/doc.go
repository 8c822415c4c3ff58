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
//   - Pawn-drop mate, and every other rule, come from libshogi/board's legal
//     move generation; the attacker's moves are every legal check, useless
//     non-promotions included (they matter in tsume).
//   - The line (line.go) follows the proof under tsume rules: the attacker's
//     shortest mate (short bounds are tried first, longer lines are
//     shortened by solving again with the length bounded), the defender's
//     longest resistance, useless interpositions (無駄合) not counted. Every
//     line is verified by replay before it is returned.
//
// Known limit of the unbounded line: the stored lengths are those of the
// proofs found, upper bounds of the true distance, loose inside
// interposition subtrees. On musou-030 (119 plies) the defender follows
// them into G*3c at ply 42 (its subtree's proof reads 107 plies; it is
// mated 9 plies later) instead of 9i8i (77 more): a replay-valid 51-ply
// line that is not the tsume solution. A tsume-rule minimax over every
// proof in the table was tried and fails there: a cluster holds eight
// hands of one board, so the proofs of the many drop variants fall out
// and re-proving them on a side line multiplies. The exact fix needs
// bounded solves per defender reply (as tightEvasion does under a bound)
// or a table that keeps proof trees whole during extraction.
//
// The attacker is the side to move at the root; it may have no king. The
// defender must have one.
//
// Tests: go test ./libshogi/mate runs the public problems that fit a few
// seconds (quickBudgets in public_test.go); LIBSHOGI_MATE_LONG=1 go test
// -run PublicProblemsLong -timeout 2h runs the rest. go test -bench Public
// solves every public problem with a 1 GB table and 60 s each.
package mate
