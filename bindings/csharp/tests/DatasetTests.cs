using System;
using System.Collections.Generic;
using System.IO;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class DatasetTests
    {
        public static void RunAll()
        {
            string dir = Path.Combine(Path.GetTempPath(), "libshogi-dataset-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                // Positions of a game from the start position, record i with score i.
                var data = new List<byte>();
                int n = 0;
                using (var pos = new Position())
                {
                    for (; n < 120; n++)
                    {
                        Move[] moves = pos.LegalMoves();
                        if (moves.Length == 0) break;
                        Move m = moves[(n * 5 + 1) % moves.Length];
                        data.AddRange(TrainingData.EncodePsv(pos, n, m, 0));
                        pos.DoMove(m);
                    }
                }
                byte[] psv = data.ToArray();
                string path = Path.Combine(dir, "train.bin");
                File.WriteAllBytes(path, psv);

                Run("dataset: HalfKP batches equal PsvHalfKPFeatures", () =>
                {
                    int[] black, white;
                    TrainingData.PsvHalfKPFeatures(psv, out black, out white);
                    int row = 0;
                    using (var ds = new Dataset(new[] { path }, "features=HalfKP batch_size=50 threads=2"))
                    {
                        foreach (DatasetBatch b in ds)
                        {
                            int[] pb = b.Padded(false), pw = b.Padded(true);
                            short[] score = b.Score();
                            for (int i = 0; i < b.Count; i++, row++)
                            {
                                for (int k = 0; k < 38; k++)
                                {
                                    Equal(black[row * 38 + k], pb[i * 38 + k], "black feature");
                                    Equal(white[row * 38 + k], pw[i * 38 + k], "white feature");
                                }
                                Equal((short)row, score[i], "score");
                            }
                            Equal(b.Count + 1, b.Offsets(false).Length, "offsets");
                        }
                        DatasetStats s = ds.Stats();
                        Equal((long)n, s.Positions, "positions");
                        Equal(1L, s.Epochs, "epochs");
                        Equal(6, s.Removed.Length >= 6 ? 6 : s.Removed.Length, "removed counts");
                    }
                    Equal(n, row, "rows");
                });

                Run("dataset: filters, planes and errors", () =>
                {
                    using (var ds = new Dataset(new[] { path }, "layout=planes max_abs_score=9 batch_size=1000"))
                    {
                        DatasetBatch b = ds.Next();
                        Equal(10, b.Count, "positions with |score| <= 9");
                        Equal(10 * 62 * 81, b.Features1().Length, "features1");
                        True(b.Padded(false) == null, "no padded features asked for");
                        Equal((long)(n - 10), ds.Stats().Removed[3], "removed by the score filter");
                        True(ds.Next() == null, "end");
                        float[] f1, f2;
                        int[] labels;
                        Equal(0, Dataset.DlshogiFeatures(psv, DatasetFormat.Psv, out f1, out f2, out labels), "bad records");
                        Equal(labels[0], b.MoveLabel()[0], "label");
                        float[] g1 = b.Features1();
                        for (int i = 0; i < g1.Length; i++)
                            if (g1[i] != f1[i]) { Equal(f1[i], g1[i], "plane value " + i); break; }
                    }
                    File.WriteAllBytes(Path.Combine(dir, "cut.bin"), new ArraySegment<byte>(psv, 0, 40 * 3 + 1).ToArray());
                    using (var ds = new Dataset(new[] { Path.Combine(dir, "cut.bin") }, "features=HalfKP"))
                    {
                        Equal(3, ds.Next().Count, "records before the cut");
                        True(ds.LastError.Contains("record 3: truncated"), ds.LastError);
                    }
                    Equal(Path.Combine(dir, "missing.bin"),
                          Throws<FileNotFoundException>(() => new Dataset(new[] { path, Path.Combine(dir, "missing.bin") }, ""),
                                                        "missing file").FileName, "missing file's name");
                    Throws<ArgumentOutOfRangeException>(() =>
                    {
                        float[] planes1, planes2;
                        int[] moveLabels;
                        Dataset.DlshogiFeatures(psv, (DatasetFormat)3, out planes1, out planes2, out moveLabels);
                    }, "unknown record format");
                    Throws<ShogiArgumentException>(() => new Dataset(new[] { path }, "features=HalfKQ"), "unknown feature set");
                });
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
