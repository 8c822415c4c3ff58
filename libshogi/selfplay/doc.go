// Package selfplay plays shogi games between players under the board
// package's rules, and builds on that one game loop: teacher-data
// generation (gensfen), re-scoring of training files, and engine matches
// with Elo and SPRT.
//
// A Player decides a move for a position: an in-process search engine
// (EnginePlayer), an external USI engine (USIPlayer), or the generator's
// recording player. Play runs one game to its end — mate, declaration,
// repetition or perpetual check, the move limit, resignation or score
// adjudication, or a player's fault (illegal move, crash, timeout) — and
// returns a GameResult that says who won and why.
package selfplay
