using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class NetworkTests
    {
        private sealed class GoldenRow
        {
            public int Line;
            public string Net;
            public ulong Seed;
            public int FVScale;
            public string Sfen;
            public int Eval;
        }

        // Building a test net and writing or reading its 64 MB take a
        // moment: the cases share one net (test, seed 1) and its file bytes.
        private static Network shared;
        private static byte[] sharedBytes;

        private static Network Shared
        {
            get { return shared ?? (shared = Network.MakeTest("test", 1)); }
        }

        private static byte[] SharedBytes
        {
            get
            {
                if (sharedBytes == null)
                {
                    string path = TempPath();
                    try
                    {
                        Shared.Save(path);
                        sharedBytes = File.ReadAllBytes(path);
                    }
                    finally
                    {
                        File.Delete(path);
                    }
                }
                return sharedBytes;
            }
        }

        private static string TempPath()
        {
            return Path.Combine(Path.GetTempPath(), "libshogi-cs-" + Guid.NewGuid().ToString("N") + ".bin");
        }

        public static void RunAll(string testdata)
        {
            try
            {
                RunCases(testdata);
            }
            finally
            {
                if (shared != null)
                    shared.Dispose();
                shared = null;
                sharedBytes = null;
            }
        }

        private static void RunCases(string testdata)
        {
            GoldenRows(Path.Combine(testdata, "nnue-golden.tsv"));

            Run("network: test net metadata", () =>
            {
                Network net = Shared;
                True(net.Architecture.Length > 0, "empty architecture");
                Contains("HalfKP", net.Architecture, "architecture");
            });
            Run("network: zero net evaluates to 0", () =>
            {
                using (var net = Network.MakeTest("zero", 0))
                using (var p = new Position())
                    Equal(0, net.Evaluate(p), "zero net");
            });
            Run("network: save, load from file and from memory agree", () =>
            {
                string path = TempPath();
                try
                {
                    using (var p = Position.FromSfen("l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1"))
                    {
                        File.WriteAllBytes(path, SharedBytes);
                        int expected = Shared.Evaluate(p, 1);
                        using (var fromFile = Network.Load(path))
                        using (var fromMemory = Network.Load(SharedBytes))
                        {
                            Equal(expected, fromFile.Evaluate(p, 1), "from file");
                            Equal(expected, fromMemory.Evaluate(p, 1), "from memory");
                            Equal(Shared.Architecture, fromMemory.Architecture, "architecture");
                        }
                    }
                }
                finally
                {
                    File.Delete(path);
                }
            });
            Run("network: bad files raise exceptions", () =>
            {
                string missing = Path.Combine(Path.GetTempPath(), "libshogi-cs-no-such-file.bin");
                var io = Throws<FileNotFoundException>(() => Network.Load(missing).Dispose(), "missing file");
                Equal(missing, io.FileName, "file name");
                True(io.Message.Length > 0, "io message");
                Throws<ShogiParseException>(() => Network.Load(new byte[0]).Dispose(), "empty bytes");
                Throws<ShogiParseException>(() => Network.Load(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9 }).Dispose(), "junk bytes");
                byte[] good = SharedBytes;
                byte[] truncated = new byte[good.Length - 100];
                Array.Copy(good, truncated, truncated.Length);
                Throws<ShogiParseException>(() => Network.Load(truncated).Dispose(), "truncated");
                byte[] longer = new byte[good.Length + 1];
                Array.Copy(good, longer, good.Length);
                Throws<ShogiParseException>(() => Network.Load(longer).Dispose(), "trailing byte");
                Throws<ShogiArgumentException>(() => Network.MakeTest("no-such-kind", 1).Dispose(), "kind");
                Throws<ArgumentNullException>(() => Network.Load((string)null).Dispose(), "null path");
                Throws<ArgumentNullException>(() => Network.Load((byte[])null).Dispose(), "null bytes");
            });
            Run("network: bad fv_scale and disposed objects", () =>
            {
                Network net = Shared;
                using (var p = new Position())
                {
                    Throws<ShogiArgumentException>(() => net.Evaluate(p, 0), "fv_scale 0");
                    Throws<ShogiArgumentException>(() => net.Evaluate(p, 129), "fv_scale 129");
                    Throws<ArgumentNullException>(() => net.Evaluate((Position)null), "null position");
                    var q = new Position();
                    q.Dispose();
                    Throws<ObjectDisposedException>(() => net.Evaluate(q), "disposed position");
                }
                var gone = Network.MakeTest("test", 1);
                gone.Dispose();
                using (var p = new Position())
                    Throws<ObjectDisposedException>(() => gone.Evaluate(p), "disposed network");
            });
            Run("network: batch with a bad SFEN reports it and keeps the others", () =>
            {
                Network net = Shared;
                using (var p = new Position())
                {
                    string[] sfens = { PositionTests.StartSfen, "bad sfen", PositionTests.StartSfen };
                    int[] values;
                    Exception e = net.TryEvaluate(sfens, 1, out values);
                    True(e is ShogiParseException, "expected a parse error, got " + (e == null ? "none" : e.GetType().Name));
                    Contains("1", e.Message, "message names the index");
                    int expected = net.Evaluate(p, 1);
                    Equal(expected, values[0], "value 0");
                    Equal(0, values[1], "bad value");
                    Equal(expected, values[2], "value 2");
                    Throws<ShogiParseException>(() => net.Evaluate(sfens, 1), "Evaluate throws");
                    Equal(0, net.Evaluate(new string[0]).Length, "empty batch");
                }
            });
            Run("nnue: HalfKP features and the accumulator agree with Evaluate", () =>
            {
                string[] sfens =
                {
                    PositionTests.StartSfen,
                    "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
                    "lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
                };
                Network net = Shared;
                using (var acc = net.NewAccumulator())
                using (var copy = net.NewAccumulator())
                {
                    foreach (string sfen in sfens)
                    {
                        using (var p = Position.FromSfen(sfen))
                        {
                            int[] black, white;
                            p.GetHalfKPFeatures(out black, out white);
                            Equal(Network.MaxActiveFeatures, black.Length, "black count");
                            Equal(Network.MaxActiveFeatures, white.Length, "white count");
                            foreach (int f in black)
                                True(f >= 0 && f < Network.HalfKPDimensions, "black index " + f);
                            acc.Refresh(Side.Black, black);
                            acc.Refresh(Side.White, white);
                            Equal(net.Evaluate(p, 1), acc.Evaluate(p.SideToMove, 1), "accumulator " + sfen);
                            copy.CopyFrom(acc);
                            Equal(net.Evaluate(p, 16), copy.Evaluate(p.SideToMove), "copy " + sfen);
                            // removing then re-adding a feature is a no-op
                            copy.Update(Side.Black, new[] { black[0] }, null);
                            copy.Update(Side.Black, null, new[] { black[0] });
                            Equal(net.Evaluate(p, 16), copy.Evaluate(p.SideToMove), "update " + sfen);
                        }
                    }
                    Throws<ShogiArgumentException>(() => acc.Refresh(Side.Black, new[] { Network.HalfKPDimensions }), "index out of range");
                    Throws<ShogiArgumentException>(() => acc.Refresh((Side)5, new int[0]), "bad perspective");
                }
                using (var p = Position.FromSfen("4k4/9/9/9/9/9/9/9/9 b G 1"))
                {
                    int[] b, w;
                    Throws<ShogiStateException>(() => p.GetHalfKPFeatures(out b, out w), "missing king");
                }
            });
            Run("nnue: batch HalfKP features of SFENs match the per-position call", () =>
            {
                string[] sfens = {
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
                };
                int[] black, white;
                byte[] stm;
                Network.HalfKPFeatures(sfens, out black, out white, out stm);
                Equal(2 * Network.MaxActiveFeatures, black.Length, "rows");
                for (int i = 0; i < sfens.Length; i++)
                {
                    using (var p = Position.FromSfen(sfens[i]))
                    {
                        int[] b, w;
                        p.GetHalfKPFeatures(out b, out w);
                        Equal((byte)p.SideToMove, stm[i], "side to move " + i);
                        for (int j = 0; j < b.Length; j++)
                        {
                            Equal(b[j], black[i * Network.MaxActiveFeatures + j], "black " + i);
                            Equal(w[j], white[i * Network.MaxActiveFeatures + j], "white " + i);
                        }
                    }
                }
                Throws<ShogiParseException>(() => Network.HalfKPFeatures(new[] { sfens[0], "nope" }, out black, out white, out stm), "bad SFEN");
            });
            Run("nnue: an accumulator outlives its network", () =>
            {
                var net = Network.MakeTest("test", 1);
                using (var p = new Position())
                {
                    int expected = net.Evaluate(p, 1);
                    int[] black, white;
                    p.GetHalfKPFeatures(out black, out white);
                    using (var acc = net.NewAccumulator())
                    {
                        net.Dispose();
                        acc.Refresh(Side.Black, black);
                        acc.Refresh(Side.White, white);
                        Equal(expected, acc.Evaluate(Side.Black, 1), "after network dispose");
                    }
                }
            });
        }

        private static void GoldenRows(string path)
        {
            if (!File.Exists(path))
            {
                Run("nnue golden: " + path, () => { throw new AssertionException("test data not found"); });
                return;
            }
            var rows = new List<GoldenRow>();
            int line = 0;
            foreach (string raw in File.ReadAllLines(path))
            {
                line++;
                if (raw.Length == 0 || raw[0] == '#')
                    continue;
                string[] f = raw.Split('\t');
                rows.Add(new GoldenRow
                {
                    Line = line,
                    Net = f[0],
                    Seed = ulong.Parse(f[1], CultureInfo.InvariantCulture),
                    FVScale = int.Parse(f[2], CultureInfo.InvariantCulture),
                    Sfen = f[3],
                    Eval = int.Parse(f[4], CultureInfo.InvariantCulture),
                });
            }
            var nets = new Dictionary<string, Network>();
            try
            {
                // one case per row, through a Position
                foreach (GoldenRow row in rows)
                {
                    GoldenRow r = row;
                    Run(string.Format("nnue-golden.tsv:{0} {1}/{2} fv {3}", r.Line, r.Net, r.Seed, r.FVScale), () =>
                    {
                        Network net = NetFor(nets, r);
                        using (var p = Position.FromSfen(r.Sfen))
                            Equal(r.Eval, net.Evaluate(p, r.FVScale), r.Sfen);
                    });
                }
                // and every group of rows again through one batch call
                var groups = new Dictionary<string, List<GoldenRow>>();
                foreach (GoldenRow r in rows)
                {
                    string k = r.Net + "/" + r.Seed + "/" + r.FVScale;
                    List<GoldenRow> g;
                    if (!groups.TryGetValue(k, out g))
                        groups[k] = g = new List<GoldenRow>();
                    g.Add(r);
                }
                foreach (var kv in groups)
                {
                    List<GoldenRow> g = kv.Value;
                    Run("nnue golden batch " + kv.Key + " (" + g.Count + " rows)", () =>
                    {
                        Network net = NetFor(nets, g[0]);
                        string[] sfens = new string[g.Count];
                        for (int i = 0; i < g.Count; i++)
                            sfens[i] = g[i].Sfen;
                        int[] values = net.Evaluate(sfens, g[0].FVScale);
                        for (int i = 0; i < g.Count; i++)
                            Equal(g[i].Eval, values[i], "line " + g[i].Line);
                    });
                }
            }
            finally
            {
                foreach (Network n in nets.Values)
                    if (n != shared)
                        n.Dispose();
            }
        }

        private static Network NetFor(Dictionary<string, Network> nets, GoldenRow r)
        {
            string key = r.Net + "/" + r.Seed;
            Network net;
            if (!nets.TryGetValue(key, out net))
                nets[key] = net = key == "test/1" ? Shared : Network.MakeTest(r.Net, r.Seed);
            return net;
        }
    }
}
