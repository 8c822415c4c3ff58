using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // The NNUE architectures section: every row of nnue-archs.tsv (7
    // layouts, a test and a stress net each) through Network.MakeTest(arch,
    // ...), Evaluate, feature-set features into an Accumulator with the
    // kings set; network info; load options; updates by move.
    internal static class NnueArchTests
    {
        private static void Kings(string sfen, out int black, out int white)
        {
            int rank = 0, file = 9;
            black = white = -1;
            foreach (char c in sfen.Split(' ')[0])
            {
                if (c == '/') { rank++; file = 9; }
                else if (c >= '1' && c <= '9') file -= c - '0';
                else if (c != '+')
                {
                    if (c == 'K') black = (file - 1) * 9 + rank;
                    if (c == 'k') white = (file - 1) * 9 + rank;
                    file--;
                }
            }
        }

        public static void RunAll(string testdata)
        {
            string path = Path.Combine(testdata, "nnue-archs.tsv");
            var groups = new List<KeyValuePair<string, List<string[]>>>();
            foreach (string line in File.ReadAllLines(path))
            {
                if (line.Length == 0 || line[0] == '#')
                    continue;
                string[] f = line.Split('\t');
                string key = f[0] + "\t" + f[2] + "\t" + f[1];
                if (groups.Count == 0 || groups[groups.Count - 1].Key != key)
                    groups.Add(new KeyValuePair<string, List<string[]>>(key, new List<string[]>()));
                groups[groups.Count - 1].Value.Add(f);
            }
            Run("nnue-arch: 14 nets, 840 golden rows", () =>
            {
                Equal(14, groups.Count, "nets");
                int rows = 0;
                foreach (var g in groups)
                    rows += g.Value.Count;
                Equal(840, rows, "rows");
            });
            foreach (var g in groups)
            {
                string[] k = g.Key.Split('\t');
                Run("nnue-arch: golden " + k[0] + " " + k[1], () =>
                {
                    using (Network net = Network.MakeTest(k[0], k[1], ulong.Parse(k[2], CultureInfo.InvariantCulture)))
                    using (Accumulator acc = net.NewAccumulator())
                    {
                        NetworkInfo info = net.Info;
                        Equal(k[0], info.Arch, "arch");
                        foreach (string[] r in g.Value)
                        {
                            int fv = int.Parse(r[3], CultureInfo.InvariantCulture);
                            int want = int.Parse(r[5], CultureInfo.InvariantCulture);
                            using (Position pos = Position.FromSfen(r[4]))
                            {
                                Equal(want, net.Evaluate(pos, fv), "evaluate " + r[4]);
                                int[] b, w;
                                FeatureSets.Features(info.FeatureSet, pos, out b, out w);
                                Equal(info.MaxActive, b.Length, "features");
                                acc.Refresh(Side.Black, b);
                                acc.Refresh(Side.White, w);
                                int bk, wk;
                                Kings(r[4], out bk, out wk);
                                acc.SetKings(bk, wk);
                                Equal(want, acc.Evaluate(pos.SideToMove, fv), "accumulator " + r[4]);
                            }
                        }
                    }
                });
            }
            Run("nnue-arch: info, load options, features many", () =>
            {
                string file = Path.Combine(Path.GetTempPath(), "libshogi-cs-" + Guid.NewGuid().ToString("N") + ".bin");
                try
                {
                    using (Network net = Network.MakeTest("kp_256x2-32-32", "stress", 7))
                    {
                        net.Save(file);
                        using (Network a = Network.Load(file, null, 0, true))
                        using (Network b = Network.Load(file, "kp_256x2-32-32", 24))
                        using (Position pos = Position.FromSfen("l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1"))
                        {
                            NetworkInfo ia = a.Info;
                            Equal("kp", ia.FeatureSet, "feature set");
                            Equal(1710, ia.Dimensions, "dimensions");
                            Equal(40, ia.MaxActive, "max active");
                            Equal(0x5C6464A9u, ia.FileHash, "file hash");
                            Equal(16, ia.FVScale, "fv_scale");
                            Equal(24, b.Info.FVScale, "fv_scale override");
                            Equal(net.Evaluate(pos, 128), a.Evaluate(pos, 128), "mapped");
                            Equal(net.Evaluate(pos, 128), b.Evaluate(pos, 128), "override");
                        }
                    }
                }
                finally
                {
                    File.Delete(file);
                }
                int[] bl, wh, b1, w1;
                byte[] stm;
                string[] sfens = { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "4k4/9/9/9/9/9/9/9/4K4 w - 1" };
                FeatureSets.FeaturesMany("halfkahm2", sfens, out bl, out wh, out stm);
                using (Position p = Position.FromSfen(sfens[1]))
                    FeatureSets.Features("halfkahm2", p, out b1, out w1);
                for (int i = 0; i < 40; i++)
                    Equal(b1[i], bl[40 + i], "batch row");
                Equal((byte)1, stm[1], "side to move");
                // A tsume-like position (two pieces besides the kings): the
                // missing pieces are the king's "no piece" feature, exactly as
                // the HalfKP-only call gives them.
                using (Position p = Position.FromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
                {
                    int[] hb, hw;
                    p.GetHalfKPFeatures(out hb, out hw);
                    FeatureSets.Features("halfkp", p, out b1, out w1);
                    Equal(38, b1.Length, "black features");
                    Equal(38, w1.Length, "white features");
                    int distinct = new HashSet<int>(b1).Count;
                    Equal(3, distinct, "a pawn, a gold in hand and the no-piece feature");
                    Equal(string.Join(",", hb), string.Join(",", b1), "black as GetHalfKPFeatures");
                    Equal(string.Join(",", hw), string.Join(",", w1), "white as GetHalfKPFeatures");
                }
                Throws<ArgumentNullException>(() => FeatureSets.Features("halfkp", null, out b1, out w1), "null position");
            });
            Run("nnue-arch: update by move equals refresh", () =>
            {
                using (Network net = Network.MakeTest("halfkpvm_256x2-32-32", "test", 1))
                using (Accumulator inc = net.NewAccumulator())
                using (Accumulator full = net.NewAccumulator())
                using (Position pos = Position.FromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"))
                {
                    inc.RefreshPosition(pos);
                    for (int ply = 0; ply < 60; ply++)
                    {
                        Move[] moves = pos.LegalMoves();
                        if (moves.Length == 0)
                            break;
                        Move m = moves[(ply * 7919) % moves.Length];
                        inc.UpdateMove(pos, m);
                        pos.DoMove(m);
                        full.RefreshPosition(pos);
                        Equal(full.Evaluate(pos.SideToMove, 1), inc.Evaluate(pos.SideToMove, 1), "ply " + ply);
                    }
                }
            });
        }
    }
}
