// Analyses a position the way a GUI does: set it up from SFEN (plus moves),
// search it with live "info" lines while the UI thread stays free to press
// Stop, and print the best move.
//
//   mono Analyze.exe [--sfen "SFEN" | --handicap NAME] [--moves M1 M2 ...]
//                    [--nnue nn.bin | --test-net] [--movetime MS | --depth N]
//                    [--multipv N] [--threads N] [--stop-after MS] [--check]
//
// Without --nnue the engine uses its built-in material evaluation
// (--test-net: the library's deterministic test network, whose numbers mean
// nothing for shogi). --stop-after presses "Stop" from the main thread after
// MS milliseconds, as a GUI button would. --check analyses a fixed position
// briefly and exits non-zero if the result is not sane (the test stage runs
// it).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using LibShogi;

namespace LibShogi.Samples
{
    internal static class Analyze
    {
        private static int Main(string[] args)
        {
            string sfen = "startpos", handicap = null, nnue = null;
            var moves = new List<string>();
            bool testNet = false, check = false;
            var limits = new SearchLimits();
            var options = new EngineOptions();
            int stopAfterMs = -1;
            try
            {
                for (int i = 0; i < args.Length; i++)
                {
                    switch (args[i])
                    {
                        case "--sfen": sfen = args[++i]; break;
                        case "--handicap": handicap = args[++i]; break;
                        case "--nnue": nnue = args[++i]; break;
                        case "--test-net": testNet = true; break;
                        case "--movetime": limits.MoveTime = TimeSpan.FromMilliseconds(Int(args[++i])); break;
                        case "--depth": limits.Depth = Int(args[++i]); break;
                        case "--multipv": options.MultiPV = Int(args[++i]); break;
                        case "--threads": options.Threads = Int(args[++i]); break;
                        case "--stop-after": stopAfterMs = Int(args[++i]); break;
                        case "--check": check = true; break;
                        case "--moves":
                            while (i + 1 < args.Length && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
                                moves.Add(args[++i]);
                            break;
                        default:
                            throw new ArgumentException("unknown argument " + args[i]);
                    }
                }
            }
            catch (Exception e) when (e is ArgumentException || e is FormatException || e is IndexOutOfRangeException)
            {
                Console.Error.WriteLine("usage: Analyze.exe [--sfen SFEN | --handicap NAME] [--moves M...] " +
                                        "[--nnue FILE | --test-net] [--movetime MS | --depth N] [--multipv N] " +
                                        "[--threads N] [--stop-after MS] [--check] ({0})", e.Message);
                return 2;
            }
            if (check)
            {
                sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
                moves = new List<string> { "7g7f", "3c3d" };
                limits = SearchLimits.UntilStopped();
                stopAfterMs = 500;
                testNet = true;
            }
            else if (limits.Depth == 0 && limits.MoveTime == TimeSpan.Zero && stopAfterMs < 0)
            {
                limits.MoveTime = TimeSpan.FromSeconds(2);
            }
            else if (stopAfterMs >= 0 && limits.Depth == 0 && limits.MoveTime == TimeSpan.Zero)
            {
                limits.Infinite = true;
            }

            try
            {
                Library.EnsureCompatible();
                Console.WriteLine("libshogi {0}", Library.Version);
                return Run(handicap, sfen, moves, nnue, testNet, options, limits, stopAfterMs, check);
            }
            catch (Exception e) when (e is IShogiError)
            {
                Console.Error.WriteLine("error ({0}): {1}", Library.StatusName(((IShogiError)e).Status), e.Message);
                return 1;
            }
        }

        private static int Run(string handicap, string sfen, List<string> moves, string nnue, bool testNet,
                               EngineOptions options, SearchLimits limits, int stopAfterMs, bool check)
        {
            // 1. The position, as a GUI receives it: SFEN plus the game's moves.
            using (Position position = handicap != null ? Position.FromHandicap(handicap) : Position.FromSfen(sfen))
            {
                foreach (string m in moves)
                    position.DoMove(m);
                Console.WriteLine("position sfen {0}", position.Sfen);
                Console.WriteLine("side to move {0}, {1} legal moves{2}, {3}", position.SideToMove,
                                  position.LegalMoves().Length, position.InCheck ? ", in check" : "",
                                  position.GetGameResult());

                // 2. The engine, with or without a network (it keeps its own reference).
                Network network = nnue != null ? Network.Load(nnue) : testNet ? Network.MakeTest("test", 1) : null;
                Engine engine;
                using (network)
                    engine = new Engine(options, network);
                using (engine)
                {
                    // 3. Live info lines: raised on the search thread. A GUI
                    //    would hand them to its UI thread (BeginInvoke).
                    int infoCount = 0;
                    engine.Info += (sender, info) =>
                    {
                        Interlocked.Increment(ref infoCount);
                        Console.WriteLine(info.ToUsi());
                    };

                    // 4. Search on a background thread; this (the "UI") thread
                    //    may press Stop.
                    Task<SearchResult> search = engine.SearchAsync(position, limits);
                    if (stopAfterMs >= 0 && !search.Wait(stopAfterMs))
                    {
                        Console.WriteLine("(stop)");
                        engine.Stop();
                    }
                    SearchResult result = search.Result;

                    // 5. The answer.
                    Console.WriteLine("{0} ({1}, depth {2}, {3} nodes, {4} ms)", result.ToUsi(), result.Score,
                                      result.Depth, result.Nodes, (long)result.Time.TotalMilliseconds);
                    if (check)
                    {
                        bool ok = position.IsLegal(result.BestMove) && infoCount > 0 && result.Pv.Length > 0;
                        Console.WriteLine(ok ? "check: ok" : "check: FAILED");
                        return ok ? 0 : 1;
                    }
                    return 0;
                }
            }
        }

        private static int Int(string s)
        {
            return int.Parse(s, NumberStyles.Integer, CultureInfo.InvariantCulture);
        }
    }
}
