using System;
using System.Collections.Generic;
using System.IO;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class PlanesBitsTests
    {
        // Whether packed row i (the layout of shogi.h) holds the float planes' row i.
        private static bool RowMatches(byte[] b1, byte[] b2, float[] f1, float[] f2, int i)
        {
            const int p1 = Dataset.Features1Num * 81, p2 = Dataset.Features2Num * 81;
            for (int p = 0; p < Dataset.Features1Num; p++)
                for (int s = 0; s < 128; s++)
                {
                    int bit = (b1[i * PlanesBits.Features1Bytes + 16 * p + s / 8] >> (s % 8)) & 1;
                    if (s >= 81 ? bit != 0 : bit != f1[i * p1 + p * 81 + s])
                        return false;
                }
            for (int p = 0; p < 64; p++)
            {
                int bit = (b2[i * PlanesBits.Features2Bytes + p / 8] >> (p % 8)) & 1;
                if (p >= Dataset.Features2Num)
                {
                    if (bit != 0) return false;
                    continue;
                }
                for (int s = 0; s < 81; s++)
                    if (bit != f2[i * p2 + p * 81 + s])
                        return false;
            }
            return true;
        }

        public static void RunAll()
        {
            // Positions of games from the start position, then a garbage record.
            var data = new List<byte>();
            int n = 0;
            using (var pos = new Position())
            {
                for (; n < 150; n++)
                {
                    Move[] moves = pos.LegalMoves();
                    if (moves.Length == 0) break;
                    Move m = moves[(n * 7 + 3) % moves.Length];
                    data.AddRange(TrainingData.EncodePsv(pos, 0, m, 0));
                    pos.DoMove(m);
                }
            }
            byte[] good = data.ToArray();
            for (int k = 0; k < 40; k++) data.Add(0xff);
            byte[] psv = data.ToArray();

            Run("planes bits: bulk packed planes equal the float planes", () =>
            {
                float[] f1, f2;
                int[] lf, lb;
                byte[] b1, b2;
                Equal(1, Dataset.DlshogiFeatures(psv, DatasetFormat.Psv, out f1, out f2, out lf), "bad float records");
                Equal(1, PlanesBits.DlshogiFeaturesBits(psv, DatasetFormat.Psv, out b1, out b2, out lb), "bad packed records");
                Equal((n + 1) * PlanesBits.Features1Bytes, b1.Length, "features1 bytes");
                for (int i = 0; i <= n; i++)
                {
                    True(RowMatches(b1, b2, f1, f2, i), "row " + i);
                    Equal(lf[i], lb[i], "label " + i);
                }
                Equal(-1, lb[n], "garbage record's label");
                Throws<ArgumentOutOfRangeException>(() =>
                {
                    byte[] x1, x2;
                    int[] l;
                    PlanesBits.DlshogiFeaturesBits(psv, (DatasetFormat)3, out x1, out x2, out l);
                }, "unknown record format");
                Throws<ArgumentNullException>(() =>
                {
                    byte[] x1, x2;
                    int[] l;
                    PlanesBits.DlshogiFeaturesBits(null, DatasetFormat.Psv, out x1, out x2, out l);
                }, "null records");
            });

            Run("planes bits: a stream's packed planes equal its float planes", () =>
            {
                string path = Path.Combine(Path.GetTempPath(), "libshogi-planes-bits-" + Guid.NewGuid().ToString("N") + ".bin");
                File.WriteAllBytes(path, good);
                try
                {
                    using (var ds = new Dataset(new[] { path }, "layout=planes,planes_bits batch_size=64 threads=2"))
                    {
                        byte[] b1, b2;
                        True(!PlanesBits.CurrentBatch(ds, out b1, out b2), "no batch yet");
                        int rows = 0;
                        foreach (DatasetBatch b in ds)
                        {
                            True(PlanesBits.CurrentBatch(ds, out b1, out b2), "packed planes of the batch");
                            Equal(b.Count * PlanesBits.Features1Bytes, b1.Length, "features1 bytes");
                            float[] f1 = b.Features1(), f2 = b.Features2();
                            for (int i = 0; i < b.Count; i++)
                                True(RowMatches(b1, b2, f1, f2, i), "row " + (rows + i));
                            rows += b.Count;
                        }
                        Equal(n, rows, "rows");
                        True(!PlanesBits.CurrentBatch(ds, out b1, out b2), "none at the end");
                    }
                    using (var ds = new Dataset(new[] { path }, "layout=planes batch_size=8"))
                    {
                        byte[] b1, b2;
                        True(ds.Next() != null, "a batch");
                        True(!PlanesBits.CurrentBatch(ds, out b1, out b2), "no packed planes without the layout");
                    }
                    Throws<ArgumentNullException>(() =>
                    {
                        byte[] x1, x2;
                        PlanesBits.CurrentBatch(null, out x1, out x2);
                    }, "null dataset");
                }
                finally
                {
                    File.Delete(path);
                }
            });
        }
    }
}
