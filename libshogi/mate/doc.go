// Package mate proves and disproves tsume (checkmate by continuous checks)
// with df-pn: Nagai's depth-first proof-number search with the 1+ε
// threshold trick of Pawlewicz and Lew, a bounded transposition table that
// compares attacker hands by dominance (proof and disproof hands), sound
// handling of repetitions (a disproof that rests on a repetition above the
// node that found it is never stored as final), and extraction of a
// solution line under tsume rules that is verified by replay.
//
// The attacker is the side to move at the root; it may have no king. The
// defender must have one. Legality, pawn-drop mate included, comes from
// libshogi/board.
package mate
