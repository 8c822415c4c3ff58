using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Threading;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class PositionTests
    {
        public const string StartSfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

        public static void RunAll(string testdata, ulong perftMaxNodes)
        {
            Run("library: version and ABI", () =>
            {
                True(!string.IsNullOrEmpty(Library.Version), "version is empty");
                Equal(1u, Library.AbiVersion >> 16, "ABI major");
                True(Library.IsCompatible, "library not compatible with the binding");
                Library.EnsureCompatible();
            });
            Run("library: status names", () =>
            {
                Equal("SHOGI_OK", Library.StatusName(Status.Ok), "ok");
                Equal("SHOGI_E_PARSE", Library.StatusName(Status.Parse), "parse");
                Equal("SHOGI_E_INTERNAL", Library.StatusName(Status.Internal), "internal");
                Equal("SHOGI_E_UNKNOWN", Library.StatusName((Status)(-77)), "unknown");
            });
            Run("library: recovered panic becomes ShogiInternalException", () =>
            {
                var e = Throws<ShogiInternalException>(Library.SelfTestPanic, "selftest");
                Equal(Status.Internal, e.Status, "status");
                True(e.Message.Length > 0, "empty message");
                // and the library still works afterwards
                using (var p = new Position())
                    Equal(30, p.LegalMoves().Length, "moves after panic");
            });

            Run("position: start position", () =>
            {
                using (var p = new Position())
                {
                    Equal(StartSfen, p.Sfen, "sfen");
                    Equal(StartSfen, p.ToString(), "ToString");
                    Equal(Side.Black, p.SideToMove, "side");
                    Equal(1, p.MoveNumber, "ply");
                    Equal(false, p.InCheck, "in check");
                    Equal(30, p.LegalMoves().Length, "legal moves");
                    Equal(GameResult.Ongoing, p.GetGameResult(), "result");
                    Equal(Repetition.None, p.Repetition, "repetition");
                }
            });
            Run("position: from SFEN, prefixes and startpos", () =>
            {
                using (var a = Position.FromSfen("startpos"))
                using (var b = Position.FromSfen("sfen " + StartSfen))
                using (var c = Position.FromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"))
                {
                    Equal(StartSfen, a.Sfen, "startpos");
                    Equal(StartSfen, b.Sfen, "prefix");
                    Equal(StartSfen, c.Sfen, "no move number");
                    Equal(a.Key, b.Key, "keys");
                }
            });
            Run("position: canonical hand order", () =>
            {
                using (var p = Position.FromSfen("4k4/9/9/9/9/9/9/9/4K4 b P2GRp 1"))
                    Equal("4k4/9/9/9/9/9/9/9/4K4 b R2GPp 1", p.Sfen, "sfen");
            });
            Run("position: handicaps by English and KIF name", () =>
            {
                using (var lance = Position.FromHandicap("lance"))
                using (var kif = Position.FromHandicap("香落ち"))
                using (var even = Position.FromHandicap("even"))
                using (var twoPiece = Position.FromHandicap("2-piece"))
                {
                    Equal("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", lance.Sfen, "lance");
                    Equal(lance.Sfen, kif.Sfen, "KIF name");
                    Equal(Side.White, lance.SideToMove, "giver moves first");
                    Equal(StartSfen, even.Sfen, "even");
                    Equal("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", twoPiece.Sfen, "2-piece");
                }
            });
            Run("position: do and undo with USI text and move values", () =>
            {
                using (var p = new Position())
                {
                    ulong key0 = p.Key;
                    Move m = p.DoMove("7g7f");
                    Equal("7g7f", m.ToUsi(), "usi of done move");
                    Equal(Side.White, p.SideToMove, "side after move");
                    Equal(2, p.MoveNumber, "ply");
                    True(p.Key != key0, "key unchanged by a move");
                    Move reply = p.ParseMove("3c3d");
                    p.DoMove(reply);
                    Equal("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", p.Sfen, "sfen after 2 moves");
                    p.DoMove("8h2b+");
                    Equal("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4", p.Sfen, "capture with promotion");
                    p.UndoMove();
                    p.UndoMove();
                    p.UndoMove();
                    Equal(StartSfen, p.Sfen, "after undo");
                    Equal(key0, p.Key, "key after undo");
                    Throws<ShogiStateException>(p.UndoMove, "undo at the root");
                }
            });
            Run("position: DoMoves and drops", () =>
            {
                using (var p = new Position())
                {
                    p.DoMoves("7g7f", "3c3d", "8h2b+", "3a2b");
                    Equal("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5", p.Sfen, "sfen");
                    Move drop = p.DoMove("B*5e");
                    True(drop.IsDrop, "drop flag");
                    Equal(PieceType.Bishop, drop.DropType, "drop type");
                    Equal(-1, drop.From, "drop from");
                    Equal(4 * 9 + 4, drop.To, "drop to 5e");
                    Equal("B*5e", drop.ToString(), "ToString");
                }
            });
            Run("move: bits, piece, special values", () =>
            {
                using (var p = new Position())
                {
                    Move m = p.ParseMove("7g7f");
                    Equal(6 * 9 + 6, m.From, "from 7g");
                    Equal(6 * 9 + 5, m.To, "to 7f");
                    Equal(false, m.IsDrop, "drop");
                    Equal(false, m.IsPromotion, "promotion");
                    Equal(PieceType.Pawn, m.PieceType, "piece type");
                    Equal(Side.Black, m.PieceSide, "piece color");
                    // a bare move16 compares unequal (no piece bits) but is accepted
                    Move bare = new Move(m.Move16);
                    True(bare != m, "bare move16 equals the full move");
                    True(p.IsLegal(bare), "bare move16 not legal");
                    Equal(m, p.MoveFromMove16(m.Move16), "move from move16");
                    Equal(m, p.MoveFromMove16(m.ToHcpe(), true), "move from hcpe move16");
                    Equal(m.Move16, Move.FromHcpe(m.ToHcpe()).Move16, "hcpe round trip");
                }
                Equal("none", Move.None.ToUsi(), "none");
                Equal("0000", Move.Null.ToUsi(), "null");
                Equal("resign", Move.Resign.ToUsi(), "resign");
                Equal("win", Move.Win.ToUsi(), "win");
                Equal(Move.Win, (Move)0x0183u, "cast");
                Equal(0x0183u, (uint)Move.Win, "cast back");
            });
            Run("move: every legal move round-trips through USI text", () =>
            {
                using (var p = Position.FromSfen("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"))
                {
                    Move[] moves = p.LegalMoves();
                    True(moves.Length > 30, "too few moves");
                    var seen = new HashSet<string>();
                    foreach (Move m in moves)
                    {
                        string usi = m.ToUsi();
                        True(seen.Add(usi), "duplicate " + usi);
                        Equal(m, p.ParseMove(usi), "parse " + usi);
                        True(p.IsLegal(m), "not legal " + usi);
                        True(p.IsLegal(usi), "text not legal " + usi);
                        using (var c = p.Clone())
                        {
                            c.DoMove(m);
                            c.UndoMove();
                            Equal(p.Sfen, c.Sfen, "do/undo " + usi);
                        }
                    }
                }
            });
            Run("position: clone is independent", () =>
            {
                using (var p = new Position())
                {
                    p.DoMove("2g2f");
                    using (var c = p.Clone())
                    {
                        Equal(p.Sfen, c.Sfen, "clone sfen");
                        c.DoMove("8c8d");
                        True(p.Sfen != c.Sfen, "clone shares state");
                        c.UndoMove();
                        c.UndoMove(); // the history was copied too
                        Equal(StartSfen, c.Sfen, "clone history");
                        Equal(2, p.MoveNumber, "original untouched");
                    }
                }
            });
            Run("position: SetSfen replaces, and keeps the position on error", () =>
            {
                using (var p = new Position())
                {
                    p.DoMove("7g7f");
                    p.SetSfen("4k4/9/9/9/9/9/9/9/4K4 b - 1");
                    Equal("4k4/9/9/9/9/9/9/9/4K4 b - 1", p.Sfen, "set");
                    Throws<ShogiStateException>(p.UndoMove, "history cleared");
                    Throws<ShogiParseException>(() => p.SetSfen("not an sfen"), "bad set");
                    Equal("4k4/9/9/9/9/9/9/9/4K4 b - 1", p.Sfen, "unchanged after a bad set");
                }
            });
            Run("position: SFEN options relax validation", () =>
            {
                const string deadPawn = "P3k4/9/9/9/9/9/9/9/4K4 b - 1";
                Throws<ShogiParseException>(() => Position.FromSfen(deadPawn).Dispose(), "dead pawn strict");
                using (var p = Position.FromSfen(deadPawn, SfenOptions.AllowDeadPieces))
                    Equal(deadPawn, p.Sfen, "dead pawn allowed");
                const string opponentInCheck = "4k4/9/4R4/9/9/9/9/9/4K4 b - 1";
                Throws<ShogiParseException>(() => Position.FromSfen(opponentInCheck).Dispose(), "opponent in check strict");
                using (var p = Position.FromSfen(opponentInCheck, SfenOptions.AllowOpponentInCheck))
                    Equal(Side.Black, p.SideToMove, "side");
                Throws<ShogiArgumentException>(() => Position.FromSfen(StartSfen, (SfenOptions)64).Dispose(), "unknown flag");
            });
            Run("rules: check, checkmate and mate in one", () =>
            {
                using (var p = Position.FromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1"))
                {
                    Move m = p.Mate1();
                    Equal("G*5b", m.ToUsi(), "mate1");
                    p.DoMove(m);
                    Equal(true, p.InCheck, "in check");
                    Equal(0, p.LegalMoves().Length, "no moves");
                    Equal(GameResult.Checkmated, p.GetGameResult(), "checkmated");
                }
                using (var p = new Position())
                    Equal(Move.None, p.Mate1(), "no mate at the start");
            });
            Run("rules: fourfold repetition draw", () =>
            {
                using (var p = new Position())
                {
                    string[] shuffle = { "5i5h", "5a5b", "5h5i", "5b5a" };
                    p.DoMoves(shuffle);
                    p.DoMoves(shuffle);
                    Equal(Repetition.None, p.Repetition, "after 3 occurrences");
                    p.DoMoves(shuffle);
                    Equal(Repetition.Draw, p.Repetition, "fourth occurrence");
                    Equal(GameResult.RepetitionDraw, p.GetGameResult(), "result");
                }
            });
            Run("rules: perpetual check loses", () =>
            {
                using (var p = Position.FromSfen("8k/9/7R1/9/9/9/9/9/4K4 b - 1"))
                {
                    string[] checks = { "2c1c", "1a2a", "1c2c", "2a1a" };
                    for (int i = 0; i < 3; i++)
                        p.DoMoves(checks);
                    Equal(Repetition.Lose, p.Repetition, "checking side");
                    Equal(GameResult.RepetitionLose, p.GetGameResult(), "result");
                }
            });
            Run("rules: move limit", () =>
            {
                using (var p = new Position())
                {
                    p.DoMoves("7g7f", "3c3d");
                    Equal(GameResult.MaxMovesDraw, p.GetGameResult(2), "limit 2");
                    Equal(GameResult.Ongoing, p.GetGameResult(3), "limit 3");
                    Throws<ShogiArgumentException>(() => p.GetGameResult(-1), "negative limit");
                }
            });
            Run("rules: entering-king declaration", () =>
            {
                Move m;
                using (var b = Position.FromSfen("K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2RB2Gb2g4s4n4l8p 1"))
                {
                    Equal(DeclarationResult.Lose, b.Declaration(DeclarationRule.Points27, out m), "black 27");
                    Equal(Move.None, m, "no move");
                }
                using (var w = Position.FromSfen("K8/9/9/9/9/9/8+p/+p+p+p+p+p+p+p+p+p/8k w B2G4S4N4L8P2rb2g 1"))
                {
                    Equal(DeclarationResult.Win, w.Declaration(DeclarationRule.Points27, out m), "white 27");
                    Equal(Move.Win, m, "win move");
                    Equal(DeclarationResult.Draw, w.Declaration(DeclarationRule.Points24), "white 24");
                    Equal(DeclarationResult.Lose, w.Declaration(DeclarationRule.None), "no rule");
                    Throws<ShogiArgumentException>(() => w.Declaration((DeclarationRule)99), "unknown rule");
                }
                using (var t = Position.FromSfen("9/4K4/9/9/9/9/9/9/k8 b - 1"))
                {
                    Equal(DeclarationResult.Win, t.Declaration(DeclarationRule.Try, out m), "try");
                    Equal("5b5a", m.ToUsi(), "try move");
                }
            });

            Run("errors: bad SFEN text raises ShogiParseException with the library's message", () =>
            {
                string[] bad =
                {
                    "", "garbage", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
                    "4k4/9/9/9/9/9/9/9/4K4 b - 1 extra", "4k4/9/9/9/9/9/9/9/4K4 b 99P 1",
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - -5",
                    "\u738b/9/9/9/9/9/9/9/9 b - 1",
                };
                foreach (string s in bad)
                {
                    var e = Throws<ShogiParseException>(() => Position.FromSfen(s).Dispose(), "sfen <" + s + ">");
                    Equal(Status.Parse, e.Status, "status");
                    True(e.Message.Length > 0 && !e.Message.StartsWith("SHOGI_E", StringComparison.Ordinal),
                         "no library message for <" + s + ">: " + e.Message);
                }
                var g = Throws<ShogiParseException>(() => Position.FromSfen("garbage"), "garbage");
                Contains("garbage", g.Message, "message names the text");
            });
            Run("errors: bad and illegal moves leave the position unchanged", () =>
            {
                using (var p = new Position())
                {
                    foreach (string s in new[] { "", "zz", "7g7", "7g7f++", "P*", "10a1a", "7g7f " })
                        Throws<ShogiParseException>(() => p.DoMove(s), "usi <" + s + ">");
                    foreach (string s in new[] { "7g7e", "5i5a", "P*5e", "8h2b", "2b3c" })
                        Throws<IllegalMoveException>(() => p.DoMove(s), "usi <" + s + ">");
                    Throws<IllegalMoveException>(() => p.DoMove(new Move(0x7fff)), "illegal value");
                    Throws<IllegalMoveException>(() => p.DoMove(Move.None), "none");
                    Throws<IllegalMoveException>(() => p.MoveFromMove16(0), "move16 0");
                    Equal(false, p.IsLegal(new Move(0xffffffff)), "garbage is not legal");
                    Equal(false, p.IsLegal("zz"), "garbage text is not legal");
                    Move m;
                    Equal(false, p.TryParseMove("7g7e", out m), "TryParseMove illegal");
                    Equal(true, p.TryParseMove("7g7f", out m), "TryParseMove legal");
                    Equal(StartSfen, p.Sfen, "unchanged");
                }
                Throws<ShogiArgumentException>(() => new Move(0x7f).ToUsi(), "square beyond 9i");
                Equal("0x7f", new Move(0x7f).ToString(), "ToString never throws");
            });
            Run("errors: bad arguments", () =>
            {
                Throws<ShogiArgumentException>(() => Position.FromHandicap("no-such-handicap").Dispose(), "handicap");
                Throws<ArgumentNullException>(() => Position.FromSfen(null).Dispose(), "null sfen");
                Throws<ArgumentNullException>(() => Position.FromHandicap(null).Dispose(), "null name");
                Throws<ArgumentException>(() => Position.FromSfen("startpos\0junk").Dispose(), "embedded NUL");
                using (var p = new Position())
                {
                    Throws<ArgumentNullException>(() => p.DoMove((string)null), "null usi");
                    Throws<ShogiArgumentException>(() => p.Perft(-1), "negative depth");
                    Throws<ShogiArgumentException>(() => p.Perft(33), "depth 33");
                }
            });
            Run("errors: random text never crashes, only ShogiExceptions", () =>
            {
                const string alphabet = "lnsgkrbpLNSGKRBP+123456789/ -bw*abcdefghi0\u738b\u00ff";
                var rnd = new Random(12345);
                int parsed = 0;
                using (var p = new Position())
                {
                    for (int i = 0; i < 3000; i++)
                    {
                        var sb = new System.Text.StringBuilder();
                        int n = rnd.Next(0, i % 3 == 0 ? 8 : 90);
                        for (int k = 0; k < n; k++)
                            sb.Append(alphabet[rnd.Next(alphabet.Length)]);
                        string text = sb.ToString();
                        try
                        {
                            using (var q = Position.FromSfen(text, (SfenOptions)rnd.Next(0, 4)))
                            {
                                parsed++;
                                q.LegalMoves();
                            }
                        }
                        catch (ShogiParseException)
                        {
                        }
                        try
                        {
                            p.DoMove(text);
                            p.UndoMove();
                        }
                        catch (ShogiParseException)
                        {
                        }
                        catch (IllegalMoveException)
                        {
                        }
                        p.IsLegal(new Move((uint)rnd.Next())); // never throws for a malformed move
                    }
                    Equal(StartSfen, p.Sfen, "position changed by bad moves");
                }
                True(parsed < 3000, "everything parsed");
            });
            Run("errors: a disposed position raises ObjectDisposedException", () =>
            {
                var p = new Position();
                p.Dispose();
                p.Dispose(); // twice is fine
                True(p.IsDisposed, "IsDisposed");
                Throws<ObjectDisposedException>(() => { var s = p.Sfen; }, "sfen");
                Throws<ObjectDisposedException>(() => p.DoMove("7g7f"), "do move");
                Throws<ObjectDisposedException>(() => p.Clone(), "clone");
                Equal("Position(disposed)", p.ToString(), "ToString");
            });
            Run("handles: Dispose and the finalizer release native positions", () =>
            {
                ulong before = Library.LiveHandles;
                var list = new List<Position>();
                for (int i = 0; i < 50; i++)
                    list.Add(new Position());
                Equal(before + 50, Library.LiveHandles, "after create");
                foreach (var p in list)
                    p.Dispose();
                Equal(before, Library.LiveHandles, "after dispose");
                MakeGarbage(100);
                for (int i = 0; i < 10 && Library.LiveHandles > before; i++)
                {
                    GC.Collect();
                    GC.WaitForPendingFinalizers();
                }
                // Mono scans stacks conservatively: a stale slot may keep one
                // or two of the hundred positions reachable.
                True(Library.LiveHandles <= before + 2,
                     string.Format("after finalizers: {0} live, {1} before", Library.LiveHandles, before));
            });
            Run("threads: one position read by several threads", () =>
            {
                using (var p = Position.FromSfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"))
                {
                    ulong expected = p.Perft(2);
                    string sfen = p.Sfen;
                    ulong key = p.Key;
                    var errors = new List<string>();
                    var threads = new Thread[8];
                    for (int t = 0; t < threads.Length; t++)
                    {
                        threads[t] = new Thread(() =>
                        {
                            for (int i = 0; i < 20; i++)
                            {
                                ulong n = p.Perft(2);
                                string s = p.Sfen;
                                if (n != expected || s != sfen || p.Key != key || p.InCheck)
                                    lock (errors) errors.Add(string.Format("{0} {1}", n, s));
                            }
                        });
                        threads[t].Start();
                    }
                    foreach (var t in threads)
                        t.Join();
                    Equal(0, errors.Count, "disagreements: " + string.Join("; ", errors.ToArray()));
                }
            });
            Run("threads: a clone per thread, mutated concurrently", () =>
            {
                const string many = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
                using (var p = Position.FromSfen(many))
                {
                    var errors = new List<string>();
                    var threads = new Thread[4];
                    for (int t = 0; t < threads.Length; t++)
                    {
                        Position mine = p.Clone();
                        threads[t] = new Thread(() =>
                        {
                            using (mine)
                            {
                                for (int i = 0; i < 300; i++)
                                {
                                    Move[] moves = mine.LegalMoves();
                                    if (moves.Length != 593)
                                    {
                                        lock (errors) errors.Add(moves.Length.ToString());
                                        return;
                                    }
                                    mine.DoMove(moves[i % moves.Length]);
                                    mine.UndoMove();
                                }
                            }
                        });
                        threads[t].Start();
                    }
                    foreach (var t in threads)
                        t.Join();
                    Equal(0, errors.Count, "move counts: " + string.Join(", ", errors.ToArray()));
                }
            });
            // Readers may share one handle (the header allows it).
            Run("threads: LegalMoves of one position from several threads", () =>
            {
                using (var p = Position.FromSfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"))
                {
                    var counts = new List<int>();
                    var threads = new Thread[4];
                    for (int t = 0; t < threads.Length; t++)
                    {
                        threads[t] = new Thread(() =>
                        {
                            for (int i = 0; i < 1000; i++)
                            {
                                int n = p.LegalMoves().Length;
                                if (n != 593)
                                {
                                    lock (counts) counts.Add(n);
                                    return;
                                }
                            }
                        });
                        threads[t].Start();
                    }
                    foreach (var t in threads)
                        t.Join();
                    Equal(0, counts.Count, "counts other than 593: " + string.Join(", ", counts.ConvertAll(c => c.ToString()).ToArray()));
                }
            });

            PerftRows(Path.Combine(testdata, "perft.tsv"), perftMaxNodes);
        }

        private static void MakeGarbage(int n)
        {
            for (int i = 0; i < n; i++)
                new Position().DoMove("7g7f");
        }

        private static void PerftRows(string path, ulong maxNodes)
        {
            if (!File.Exists(path))
            {
                Run("perft: " + path, () => { throw new AssertionException("test data not found"); });
                return;
            }
            int line = 0, skipped = 0;
            foreach (string raw in File.ReadAllLines(path))
            {
                line++;
                if (raw.Length == 0 || raw[0] == '#')
                    continue;
                string[] f = raw.Split('\t');
                int depth = int.Parse(f[1], CultureInfo.InvariantCulture);
                ulong nodes = ulong.Parse(f[2], CultureInfo.InvariantCulture);
                if (nodes > maxNodes)
                {
                    skipped++;
                    continue;
                }
                string sfen = f[0];
                Run(string.Format("perft.tsv:{0} depth {1}", line, depth), () =>
                {
                    using (var p = Position.FromSfen(sfen))
                        Equal(nodes, p.Perft(depth), sfen);
                });
            }
            if (Verbose)
                Console.WriteLine("perft: {0} rows over {1} nodes skipped", skipped, maxNodes);
        }
    }
}
