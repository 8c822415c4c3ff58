using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class SelfPlayTests
    {
        private static string TempDir()
        {
            string d = Path.Combine(Path.GetTempPath(), "libshogi-selfplay-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(d);
            return d;
        }

        public static void RunAll()
        {
            Run("selfplay: gensfen writes PSV records, resumes, reports progress", () =>
            {
                string dir = TempDir();
                try
                {
                    var reports = new List<SelfPlayProgress>();
                    var opts = new Dictionary<string, object>
                    {
                        { "depth", 2 }, { "games", 2 }, { "write-minply", 1 }, { "random-moves", 4 },
                        { "random-maxply", 8 }, { "o", dir }, { "format", "both" },
                    };
                    GensfenResult r = SelfPlay.Gensfen(SelfPlay.Options(opts), null, reports.Add);
                    Equal(2L, r.Games, "games");
                    True(r.Positions > 0, "positions");
                    string bin = Path.Combine(dir, "gensfen-00000.bin");
                    Equal(r.Positions * 40, new FileInfo(bin).Length, "psv bytes");
                    Equal(r.Positions * 38, new FileInfo(Path.Combine(dir, "gensfen-00000.hcpe")).Length, "hcpe bytes");
                    True(reports.Count > 0 && reports[reports.Count - 1].Done, "final progress report");
                    byte[] first = File.ReadAllBytes(bin);
                    opts["games"] = 3;
                    GensfenResult more = SelfPlay.Gensfen(SelfPlay.Options(opts));
                    Equal(3L, more.Games, "resumed games");
                    byte[] all = File.ReadAllBytes(bin);
                    True(all.Length > first.Length, "resume added records");
                    for (int i = 0; i < first.Length; i++)
                        if (all[i] != first[i])
                            throw new Exception("resume changed byte " + i);
                    // Every record is a position whose best move is legal.
                    for (int off = 0; off < first.Length; off += 40)
                    {
                        var rec = new byte[40];
                        Array.Copy(first, off, rec, 0, 40);
                        using (TrainingRecord e = TrainingData.DecodePsv(rec))
                            True(e.Position.IsLegal(e.Move), "record " + off / 40 + ": best move legal");
                    }
                    using (Network net = Network.MakeTest("test", 1))
                    {
                        GensfenResult re = SelfPlay.Rescore("input=" + bin + "\noutput=" + Path.Combine(dir, "re.bin") + "\ndepth=1", net);
                        Equal(more.Positions, re.Positions, "rescored records");
                    }
                }
                finally
                {
                    Directory.Delete(dir, true);
                }
            });

            Run("selfplay: a match between two in-process engines", () =>
            {
                MatchResult m = SelfPlay.Match("a=depth=2\nb=depth=1\npairs=2\nmax-ply=200");
                Equal(4, m.Games, "games");
                Equal(4, m.Wins + m.Draws + m.Losses, "W+D+L");
                Equal(2, m.Penta[0] + m.Penta[1] + m.Penta[2] + m.Penta[3] + m.Penta[4], "pairs");
                Equal(0, m.Faults, "faults");
                True(m.EloLow <= m.Elo && m.Elo <= m.EloHigh, "interval");
            });

            Run("selfplay: a cancellation token stops generation; bad options throw", () =>
            {
                string dir = TempDir();
                try
                {
                    using (var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(300)))
                    {
                        GensfenResult r = SelfPlay.Gensfen("depth=3;games=1000000;write-minply=1;o=" + dir, null, null, cts.Token);
                        True(r.Stopped, "stopped");
                        True(r.Games < 1000000, "games " + r.Games);
                    }
                    try
                    {
                        SelfPlay.Gensfen("depth=2;games=1;colour=red;o=" + dir);
                        True(false, "unknown option accepted");
                    }
                    catch (ShogiArgumentException e)
                    {
                        True(e.Message.Contains("colour"), e.Message);
                    }
                    try
                    {
                        SelfPlay.Gensfen("depth=2;games=1;prefix=h;o=" + dir, null, p => { throw new InvalidOperationException("handler"); });
                        True(false, "handler exception lost");
                    }
                    catch (InvalidOperationException)
                    {
                    }
                }
                finally
                {
                    Directory.Delete(dir, true);
                }
            });
        }
    }
}
