using System;
using System.IO;
using System.Linq;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class OptionsTests
    {
        public static void RunAll()
        {
            Run("options: the table lists the engine options with types, ranges, defaults and help", () =>
            {
                var table = Engine.Options;
                True(table.Count >= 11, "at least the 11 engine options");
                var threads = table.Single(o => o.Name == "Threads");
                Equal(EngineOptionType.Spin, threads.Type, "Threads type");
                Equal(1L, threads.Min, "Threads min");
                Equal(1024L, threads.Max, "Threads max");
                Equal("1", threads.Default, "Threads default");
                var rule = table.Single(o => o.Name == "EnteringKingRule");
                Equal(EngineOptionType.Combo, rule.Type, "rule type");
                Equal("none CSARule24 CSARule24H CSARule27 CSARule27H TryRule", string.Join(" ", rule.Choices), "rule choices");
                Equal(EngineOptionType.Check, table.Single(o => o.Name == "USI_Ponder").Type, "USI_Ponder type");
                foreach (var o in table)
                    True(o.Help.Length > 0, o.Name + " has help");
            });

            Run("options: set and get by name; bad values throw and change nothing", () =>
            {
                using (var engine = new Engine(new EngineOptions { Threads = 2, MultiPV = 2 }))
                {
                    Equal("2", engine.GetOption("Threads"), "struct threads");
                    Equal("2", engine.GetOption("multipv"), "names without case");
                    Equal("0", engine.GetOption("NetworkDelay"), "struct delay");
                    engine.SetOption("Threads", 3);
                    Equal("3", engine.GetOption("Threads"), "set threads");
                    engine.SetOption("USI_Ponder", true);
                    Equal("true", engine.GetOption("USI_Ponder"), "set check");
                    Throws<ShogiArgumentException>(() => engine.SetOption("Threads", 0), "threads 0");
                    Throws<ShogiArgumentException>(() => engine.SetOption("Threads", 1025), "threads 1025");
                    Throws<ShogiArgumentException>(() => engine.SetOption("Nope", "1"), "unknown name");
                    Throws<ShogiArgumentException>(() => engine.GetOption("Nope"), "unknown name get");
                    Throws<ArgumentException>(() => engine.SetOption("EvalFile", "a\0b"), "NUL");
                    Throws<ShogiIOException>(() => engine.SetOption("EvalFile", "/nonexistent/nn.bin"), "missing file");
                    Equal("3", engine.GetOption("Threads"), "unchanged");
                    Equal("<empty>", engine.GetOption("EvalFile"), "unchanged file");
                }
            });

            Run("options: MultiPV and EvalFile change the search", () =>
            {
                using (var p = new Position())
                {
                    using (var engine = new Engine())
                    {
                        engine.SetOption("MultiPV", 3);
                        Equal(3, engine.Search(p, SearchLimits.ToDepth(2)).Lines.Length, "three lines");
                    }
                    string path = Path.Combine(Path.GetTempPath(), "libshogi-options-" + Guid.NewGuid().ToString("N") + ".bin");
                    try
                    {
                        using (var net = Network.MakeTest("test", 5))
                        {
                            net.Save(path);
                            using (var byHandle = new Engine(null, net))
                            using (var byName = new Engine())
                            {
                                byName.SetOption("EvalFile", path);
                                var a = byHandle.Search(p, SearchLimits.ToDepth(3));
                                var b = byName.Search(p, SearchLimits.ToDepth(3));
                                Equal(a.Score, b.Score, "same score");
                                Equal(a.Nodes, b.Nodes, "same nodes");
                            }
                        }
                    }
                    finally
                    {
                        File.Delete(path);
                    }
                }
            });
        }
    }
}
