using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class RecordTests
    {
        internal const string Csa =
            "V2.2\nN+Sente Taro\nN-Gote Hanako\n$EVENT:binding test\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n";

        private static byte[] Hex(string s)
        {
            byte[] b = new byte[s.Length / 2];
            for (int i = 0; i < b.Length; i++)
                b[i] = byte.Parse(s.Substring(2 * i, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            return b;
        }

        private static string Hex(byte[] b)
        {
            var sb = new StringBuilder();
            foreach (byte x in b)
                sb.Append(x.ToString("x2", CultureInfo.InvariantCulture));
            return sb.ToString();
        }

        private static List<string[]> Rows(string path)
        {
            var rows = new List<string[]>();
            foreach (string line in File.ReadAllLines(path))
                if (line.Length > 0 && line[0] != '#')
                    rows.Add(line.Split('\t'));
            return rows;
        }

        // The board, side and hands of an SFEN (not the move number).
        private static string Board(string sfen)
        {
            string[] f = sfen.Split(' ');
            return f[0] + " " + f[1] + " " + f[2];
        }

        public static void RunAll(string testdata)
        {
            Run("record: CSA text, headers, moves, result, positions", () =>
            {
                RecordFormat read;
                using (var r = Record.Parse(Encoding.UTF8.GetBytes(Csa), RecordFormat.Auto, out read))
                {
                    Equal(RecordFormat.Csa, read, "detected format");
                    Equal("Sente Taro", r.Black, "black");
                    Equal("Gote Hanako", r.White, "white");
                    Equal("binding test", r.GetHeader("Event"), "event");
                    Equal("", r.GetHeader("Site"), "absent header");
                    Equal(PositionTests.StartSfen, r.StartSfen, "start");
                    Move[] moves = r.Moves;
                    Equal(4, moves.Length, "moves");
                    Equal("7g7f 3c3d 8h2b+ 3a2b", string.Join(" ", Array.ConvertAll(moves, m => m.ToUsi())), "usi moves");
                    Equal(RecordResult.WhiteWin, r.Result, "result");
                    Equal(GameEnd.Resign, r.End, "end");
                    using (var p = r.PositionAt(2))
                    {
                        Equal("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", p.Sfen, "ply 2");
                        p.UndoMove(); // the moves are in its history
                        p.UndoMove();
                        Equal(PositionTests.StartSfen, p.Sfen, "undo to start");
                    }
                    using (var p = r.FinalPosition())
                        Equal(5, p.MoveNumber, "final ply");
                    // PositionAt counts moves played; MoveNumber is the SFEN's.
                    using (var start = r.PositionAt(0))
                        for (int k = 0; k <= moves.Length; k++)
                            using (var p = r.PositionAt(k))
                                Equal(start.MoveNumber + k, p.MoveNumber, "move number after " + k + " moves");
                    Throws<ShogiArgumentException>(() => r.PositionAt(5).Dispose(), "beyond the main line");
                }
            });
            Run("record: written formats read back the same game", () =>
            {
                using (var r = Record.Parse(Csa))
                {
                    foreach (RecordFormat f in new[] { RecordFormat.Csa, RecordFormat.Kif, RecordFormat.Ki2, RecordFormat.Usi })
                    {
                        foreach (RecordEncoding e in new[] { RecordEncoding.Utf8, RecordEncoding.Utf8Bom, RecordEncoding.ShiftJis })
                        {
                            byte[] bytes = r.Write(f, e);
                            True(bytes.Length > 0, f + "/" + e + " empty");
                            RecordFormat read;
                            using (var back = Record.Parse(bytes, RecordFormat.Auto, out read))
                            {
                                Equal(f, read, "format read back for " + f + "/" + e);
                                Equal(r.Moves.Length, back.Moves.Length, f + "/" + e + " moves");
                                Equal(r.StartSfen, back.StartSfen, f + "/" + e + " start");
                                if (f != RecordFormat.Usi)
                                    Equal("Sente Taro", back.Black, f + "/" + e + " black");
                            }
                        }
                    }
                    string kif = r.ToText(RecordFormat.Kif);
                    Contains("７六歩", kif, "KIF text");
                    Equal("startpos moves 7g7f 3c3d 8h2b+ 3a2b", r.ToText(RecordFormat.Usi).Trim(), "USI text");
                    byte[] sjis = r.Write(RecordFormat.Kif, RecordEncoding.ShiftJis);
                    True(Hex(sjis) != Hex(r.Write(RecordFormat.Kif, RecordEncoding.Utf8)), "Shift_JIS equals UTF-8");
                }
            });
            Run("record: from a position, edit headers and end, save and load", () =>
            {
                using (var p = Position.FromHandicap("lance"))
                {
                    p.DoMoves("5a4b", "7g7f");
                    using (var r = Record.FromPosition(p))
                    {
                        Equal("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", r.StartSfen, "start");
                        Equal(2, r.Moves.Length, "moves");
                        r.Black = "下手 太郎";
                        r.SetHeader("Event", "練習");
                        r.End = GameEnd.Resign; // White to move resigns
                        Equal(RecordResult.BlackWin, r.Result, "result after set end");
                        string path = Path.Combine(Path.GetTempPath(), "libshogi-cs-" + Guid.NewGuid().ToString("N") + ".kif");
                        try
                        {
                            r.Save(path, RecordFormat.Kif, RecordEncoding.ShiftJis);
                            using (var back = Record.Load(path))
                            {
                                Equal("下手 太郎", back.Black, "name through Shift_JIS");
                                Equal("練習", back.GetHeader("Event"), "event");
                                Equal(GameEnd.Resign, back.End, "end");
                                Equal(r.StartSfen, back.StartSfen, "handicap start");
                            }
                        }
                        finally
                        {
                            File.Delete(path);
                        }
                        r.End = GameEnd.None;
                        Equal(RecordResult.None, r.Result, "end removed");
                    }
                }
            });
            Run("record: bad input raises ShogiParseException naming the line", () =>
            {
                var e = Throws<ShogiParseException>(() => Record.Parse("V2.2\nPI\n+\n+7775FU\n").Dispose(), "illegal CSA move");
                Contains("line", e.Message, "message");
                Throws<ShogiParseException>(() => Record.Parse("V2.2\nPI\n+\n+7776XX\n").Dispose(), "unknown CSA piece");
                // The KIF reader skips lines it does not know, so junk may read
                // as an empty game; either way it must not crash.
                var rnd = new Random(7);
                for (int i = 0; i < 200; i++)
                {
                    byte[] junk = new byte[rnd.Next(0, 300)];
                    rnd.NextBytes(junk);
                    try
                    {
                        using (var r = Record.Parse(junk))
                            True(r.Moves.Length >= 0, "moves");
                    }
                    catch (ShogiParseException)
                    {
                    }
                }
                Throws<ShogiParseException>(() => Record.Parse("", RecordFormat.Csa).Dispose(), "empty");
                Throws<ShogiArgumentException>(() => Record.Parse(Csa, (RecordFormat)9).Dispose(), "unknown format");
                using (var r = Record.Parse(Csa))
                {
                    Throws<ShogiArgumentException>(() => r.Write(RecordFormat.Auto), "write Auto");
                    Throws<ShogiArgumentException>(() => r.Write(RecordFormat.Kif, (RecordEncoding)7), "encoding");
                    Throws<ShogiArgumentException>(() => r.End = (GameEnd)99, "end value");
                }
            });

            PsvVectors(Path.Combine(testdata, "records", "psv.tsv"));
            HcpeVectors(Path.Combine(testdata, "records", "hcpe.tsv"));
            Move16Vectors(Path.Combine(testdata, "records", "move16.tsv"));
        }

        private static void PsvVectors(string path)
        {
            if (!File.Exists(path))
            {
                Run("psv: " + path, () => { throw new AssertionException("test data not found"); });
                return;
            }
            List<string[]> rows = Rows(path);
            Run(string.Format("psv.tsv: {0} vectors decode and encode", rows.Count), () =>
            {
                foreach (string[] row in rows)
                {
                    byte[] rec = Hex(row[5]);
                    using (TrainingRecord t = TrainingData.DecodePsv(rec))
                    {
                        Equal(Board(row[0]), Board(t.Position.Sfen), "board of " + row[5]);
                        Equal(int.Parse(row[3], CultureInfo.InvariantCulture), t.Position.MoveNumber, "game ply " + row[0]);
                        Equal(row[1] == "none" ? "none" : row[1], t.Move.ToUsi(), "move " + row[0]);
                        Equal(int.Parse(row[2], CultureInfo.InvariantCulture), t.Score, "score " + row[0]);
                        Equal(int.Parse(row[4], CultureInfo.InvariantCulture), t.Result, "result " + row[0]);
                        Equal(row[5], Hex(TrainingData.EncodePsv(t.Position, t.Score, t.Move, t.Result)), "encode " + row[0]);
                    }
                }
            });
            Run("psv: bulk check, hcpe conversion, features and evaluation", () =>
            {
                var all = new MemoryStream();
                foreach (string[] row in rows)
                {
                    byte[] rec = Hex(row[5]);
                    all.Write(rec, 0, rec.Length);
                }
                byte[] psv = all.ToArray();
                int n = rows.Count;
                Equal(0, TrainingData.CheckPsv(psv), "bad records");
                byte[] hcpe = TrainingData.PsvToHcpe(psv);
                Equal(n * TrainingData.HcpeSize, hcpe.Length, "hcpe size");
                byte[] back = TrainingData.HcpeToPsv(hcpe);
                Equal(psv.Length, back.Length, "psv size");
                for (int i = 0; i < n; i++)
                {
                    using (TrainingRecord a = TrainingData.DecodePsv(psv, i * TrainingData.PsvSize))
                    using (TrainingRecord b = TrainingData.DecodePsv(back, i * TrainingData.PsvSize))
                    {
                        Equal(Board(a.Position.Sfen), Board(b.Position.Sfen), "round trip board " + i);
                        Equal(a.Score, b.Score, "round trip score " + i);
                        Equal(a.Move.Move16, b.Move.Move16, "round trip move " + i);
                        Equal(a.Result, b.Result, "round trip result " + i);
                    }
                }
                int[] black, white;
                TrainingData.PsvHalfKPFeatures(psv, out black, out white);
                Equal(n * Network.MaxActiveFeatures, black.Length, "feature count");
                using (var net = Network.MakeTest("test", 1))
                {
                    int[] values = TrainingData.EvaluatePsv(net, psv, 1);
                    for (int i = 0; i < n; i++)
                    {
                        using (TrainingRecord t = TrainingData.DecodePsv(psv, i * TrainingData.PsvSize))
                        {
                            Equal(net.Evaluate(t.Position, 1), values[i], "evaluation " + i);
                            int[] b, w;
                            t.Position.GetHalfKPFeatures(out b, out w);
                            for (int k = 0; k < b.Length; k++)
                            {
                                Equal(b[k], black[i * Network.MaxActiveFeatures + k], "black feature " + i);
                                Equal(w[k], white[i * Network.MaxActiveFeatures + k], "white feature " + i);
                            }
                        }
                    }
                }
                Equal(0, TrainingData.PsvToHcpe(new byte[0]).Length, "empty");
            });
            Run("psv: bad records raise exceptions", () =>
            {
                byte[] junk = new byte[TrainingData.PsvSize * 3];
                for (int i = 0; i < junk.Length; i++)
                    junk[i] = 0xff;
                byte[] good = Hex(rows[0][5]);
                Array.Copy(good, 0, junk, 0, good.Length); // record 0 good, 1 and 2 bad
                Equal(2, TrainingData.CheckPsv(junk), "bad count");
                var e = Throws<ShogiParseException>(() => TrainingData.PsvToHcpe(junk), "convert");
                Contains("1", e.Message, "first bad index");
                Throws<ShogiParseException>(() => TrainingData.DecodePsv(junk, TrainingData.PsvSize).Dispose(), "decode");
                Throws<ArgumentException>(() => TrainingData.CheckPsv(new byte[41]), "partial record");
                Throws<ArgumentOutOfRangeException>(() => TrainingData.DecodePsv(good, 1).Dispose(), "offset");
                using (var p = Position.FromSfen("4k4/9/9/9/9/9/9/9/9 b G 1"))
                    Throws<ShogiStateException>(() => TrainingData.EncodePsv(p, 0, Move.None, 0), "missing king");
                using (var p = new Position())
                    Throws<ShogiArgumentException>(() => TrainingData.EncodePsv(p, 40000, Move.None, 0), "score range");
            });
        }

        private static void HcpeVectors(string path)
        {
            if (!File.Exists(path))
            {
                Run("hcpe: " + path, () => { throw new AssertionException("test data not found"); });
                return;
            }
            List<string[]> rows = Rows(path);
            Run(string.Format("hcpe.tsv: {0} vectors decode and encode", rows.Count), () =>
            {
                foreach (string[] row in rows)
                {
                    using (TrainingRecord t = TrainingData.DecodeHcpe(Hex(row[4])))
                    {
                        Equal(Board(row[0]), Board(t.Position.Sfen), "board of " + row[4]);
                        Equal(row[1], t.Move.ToUsi(), "move " + row[0]);
                        Equal(int.Parse(row[2], CultureInfo.InvariantCulture), t.Score, "eval " + row[0]);
                        Equal(int.Parse(row[3], CultureInfo.InvariantCulture), t.Result, "result " + row[0]);
                    }
                    using (var p = Position.FromSfen(row[0]))
                    {
                        Move m = row[1] == "none" ? Move.None : p.ParseMove(row[1]);
                        byte[] rec = TrainingData.EncodeHcpe(p, int.Parse(row[2], CultureInfo.InvariantCulture), m,
                                                             int.Parse(row[3], CultureInfo.InvariantCulture));
                        Equal(row[4], Hex(rec), "encode " + row[0]);
                    }
                }
            });
        }

        private static void Move16Vectors(string path)
        {
            if (!File.Exists(path))
            {
                Run("move16: " + path, () => { throw new AssertionException("test data not found"); });
                return;
            }
            List<string[]> rows = Rows(path);
            Run(string.Format("move16.tsv: {0} vectors in both conventions", rows.Count), () =>
            {
                foreach (string[] row in rows)
                {
                    // some vectors are composed positions (the side not to move in check)
                    using (var p = Position.FromSfen(row[0], SfenOptions.AllowOpponentInCheck | SfenOptions.AllowDeadPieces))
                    {
                        Move m = p.ParseMove(row[1]);
                        ushort yane = ushort.Parse(row[2], CultureInfo.InvariantCulture);
                        ushort hcpe = ushort.Parse(row[3], CultureInfo.InvariantCulture);
                        Equal(yane, m.Move16, "move16 of " + row[1]);
                        Equal(hcpe, m.ToHcpe(), "hcpe move16 of " + row[1]);
                        Equal(yane, Move.FromHcpe(hcpe).Move16, "back from hcpe " + row[1]);
                        Equal(m, p.MoveFromMove16(yane), "from move16 " + row[1]);
                        Equal(m, p.MoveFromMove16(hcpe, true), "from hcpe " + row[1]);
                    }
                }
            });
        }
    }
}
