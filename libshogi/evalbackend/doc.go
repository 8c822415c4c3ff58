// Package evalbackend serves engines that have their own board and move
// generator and use libshogi only as their evaluator: it decodes their
// piece and square codes, turns their moves into the feature changes of a
// network's feature set, and keeps an evaluation stack indexed by ply
// (push on make, pop on unmake, evaluate lazily; or PushEvaluateAt on
// make at the engine's ply, with nothing to call on unmake) on top of the
// incremental nnue.Evaluator the search uses.
//
// Codes (the C header's, one convention for the whole library): a square
// is (file-1)*9 + (rank-1), 0 = 1a, 80 = 9i; a piece is its type (1 pawn,
// 2 lance, 3 knight, 4 silver, 5 bishop, 6 rook, 7 gold, 8 king, 9..14 the
// promoted pawn, lance, knight, silver, bishop, rook) plus 16 for White,
// 0 for an empty square; hands are 14 counts, Black's 7 then White's, each
// in the order pawn, lance, knight, silver, bishop, rook, gold.
package evalbackend
