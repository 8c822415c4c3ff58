// The board model: squares, pieces on the board and in hand (cross-checked
// with the library's SFEN text), promotion choices and move text against
// hand-written KIF/KI2 notation.
using System;
using System.Collections.Generic;
using System.Text;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class BoardModelTests
    {
        public static void RunAll()
        {
            Run("board model: squares", () =>
            {
                Square s = Square.At(7, 7);
                Equal("7g", s.ToUsi(), "usi");
                Equal(60, s.Index, "index");
                Equal("７七", s.ToJapanese(), "japanese");
                var seen = new HashSet<string>();
                foreach (Square q in Square.All)
                {
                    Square back;
                    True(Square.TryParseUsi(q.ToUsi(), out back) && back == q, "round trip " + q);
                    Equal(q, Square.At(q.File, q.Rank), "file/rank " + q);
                    seen.Add(q.ToUsi());
                }
                Equal(81, seen.Count, "distinct squares");
                Square none;
                foreach (string bad in new[] { null, "", "0a", "7j", "7", "7gg", "a7" })
                    Equal(false, Square.TryParseUsi(bad, out none), "parse " + bad);
                Throws<FormatException>(() => Square.ParseUsi("9z"), "ParseUsi");
                Throws<ArgumentOutOfRangeException>(() => Square.At(0, 1), "file 0");
                True(Square.At(1, 3).IsPromotionZone(Side.Black) && !Square.At(1, 4).IsPromotionZone(Side.Black), "black zone");
                True(Square.At(1, 7).IsPromotionZone(Side.White) && !Square.At(1, 6).IsPromotionZone(Side.White), "white zone");
            });
            Run("board model: pieces and hands agree with the SFEN", () =>
            {
                foreach (string sfen in new[]
                {
                    PositionTests.StartSfen,
                    "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
                    "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
                    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                })
                {
                    using (var p = Position.FromSfen(sfen))
                    {
                        string[] fields = p.Sfen.Split(' ');
                        Equal(fields[0], BoardField(p.GetBoard()), "board of " + sfen);
                        Equal(fields[2], HandField(p.GetBoard()), "hands of " + sfen);
                    }
                }
                using (var p = new Position())
                {
                    Equal(new Piece(PieceType.King, Side.Black), p.PieceAt(Square.ParseUsi("5i")), "5i");
                    Equal("k", p.PieceAt(Square.ParseUsi("5a")).ToUsi(), "5a");
                    True(p.PieceAt(Square.ParseUsi("5e")).IsEmpty, "5e empty");
                    p.DoMoves("7g7f", "3c3d", "8h2b+");
                    Piece horse = p.PieceAt(Square.ParseUsi("2b"));
                    Equal(PieceType.Horse, horse.Type, "horse");
                    Equal("馬", horse.Kanji, "kanji");
                    True(horse.IsPromoted && !horse.CanPromote, "promoted");
                    Equal(1, p.HandCount(Side.Black, PieceType.Bishop), "bishop in hand");
                    Equal(0, p.HandCount(Side.White, PieceType.Bishop), "white bishop");
                }
            });
            Run("board model: promotion choices and click moves", () =>
            {
                using (var p = new Position())
                {
                    Equal(PromotionChoice.NoMove, p.PromotionOf(Square.ParseUsi("8h"), Square.ParseUsi("2b")), "blocked");
                    p.DoMoves("7g7f", "3c3d");
                    Equal(PromotionChoice.Optional, p.PromotionOf(Square.ParseUsi("8h"), Square.ParseUsi("2b")), "bishop");
                    Equal(PromotionChoice.Never, p.PromotionOf(Square.ParseUsi("7f"), Square.ParseUsi("7e")), "pawn");
                    Equal("8h2b+", p.FindMove(Square.ParseUsi("8h"), Square.ParseUsi("2b"), true).ToString(), "find");
                    True(p.FindDrop(PieceType.Pawn, Square.ParseUsi("5e")).IsNone, "no pawn in hand");
                }
                using (var p = Position.FromSfen("4k4/P8/9/9/9/9/9/9/4K4 b P 1"))
                {
                    Equal(PromotionChoice.Mandatory, p.PromotionOf(Square.ParseUsi("9b"), Square.ParseUsi("9a")), "last rank");
                    Equal("P*5e", p.FindDrop(PieceType.Pawn, Square.ParseUsi("5e")).ToString(), "drop");
                }
            });
            Run("board model: move text in USI, KIF and KI2", () =>
            {
                using (var p = new Position())
                {
                    Equal("７六歩(77)", p.MoveText(p.ParseMove("7g7f"), MoveNotation.Kif), "kif");
                    Equal("５八金左", p.MoveText(p.ParseMove("6i5h"), MoveNotation.Ki2), "ki2 left");
                    Equal("５八金右", p.MoveText(p.ParseMove("4i5h"), MoveNotation.Ki2), "ki2 right");
                    p.DoMoves("7g7f", "3c3d", "8h2b+");
                    Equal("同　銀(31)", p.MoveText(p.ParseMove("3a2b"), MoveNotation.Kif), "kif same");
                    Equal("同銀", p.MoveText(p.ParseMove("3a2b"), MoveNotation.Ki2), "ki2 same");
                    Equal("3a2b", p.MoveText(p.ParseMove("3a2b"), MoveNotation.Usi), "usi");
                    Throws<IllegalMoveException>(() => p.MoveText(Move.None, MoveNotation.Kif), "illegal");
                }
            });
        }

        private static string BoardField(BoardSnapshot b)
        {
            var sb = new StringBuilder();
            for (int rank = 1; rank <= 9; rank++)
            {
                int empty = 0;
                for (int file = 9; file >= 1; file--)
                {
                    Piece pc = b[Square.At(file, rank)];
                    if (pc.IsEmpty)
                    {
                        empty++;
                        continue;
                    }
                    if (empty > 0)
                        sb.Append(empty);
                    empty = 0;
                    sb.Append(pc.ToUsi());
                }
                if (empty > 0)
                    sb.Append(empty);
                if (rank < 9)
                    sb.Append('/');
            }
            return sb.ToString();
        }

        // SFEN hand order: R B G S N L P, Black's first.
        private static string HandField(BoardSnapshot b)
        {
            var sb = new StringBuilder();
            PieceType[] order = { PieceType.Rook, PieceType.Bishop, PieceType.Gold, PieceType.Silver,
                                  PieceType.Knight, PieceType.Lance, PieceType.Pawn };
            foreach (Side side in new[] { Side.Black, Side.White })
                foreach (PieceType t in order)
                {
                    int n = b.HandCount(side, t);
                    if (n == 0)
                        continue;
                    if (n > 1)
                        sb.Append(n);
                    sb.Append(new Piece(t, side).ToUsi());
                }
            return sb.Length == 0 ? "-" : sb.ToString();
        }
    }
}
