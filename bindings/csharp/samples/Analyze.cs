// Analyses a position the way a GUI does: set it up from SFEN (plus moves),
// show its state, evaluate it.
//
//   mono Analyze.exe [--sfen "SFEN" | --handicap NAME] [--moves M1 M2 ...]
//                    [--nnue nn.bin] [--check]
//
// Without --nnue it uses the library's deterministic test network (its
// numbers are not real shogi knowledge). --check analyses a fixed position
// and exits non-zero if something is off (the test stage runs it).
using System;
using System.Collections.Generic;
using LibShogi;

namespace LibShogi.Samples
{
    internal static class Analyze
    {
        private static int Main(string[] args)
        {
            string sfen = "startpos", handicap = null, nnue = null;
            var moves = new List<string>();
            bool check = false;
            for (int i = 0; i < args.Length; i++)
            {
                switch (args[i])
                {
                    case "--sfen": sfen = args[++i]; break;
                    case "--handicap": handicap = args[++i]; break;
                    case "--nnue": nnue = args[++i]; break;
                    case "--check": check = true; break;
                    case "--moves":
                        while (i + 1 < args.Length && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
                            moves.Add(args[++i]);
                        break;
                    default:
                        Console.Error.WriteLine("unknown argument " + args[i]);
                        return 2;
                }
            }
            if (check)
            {
                sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
                moves = new List<string> { "7g7f", "3c3d" };
            }

            try
            {
                Library.EnsureCompatible();
                Console.WriteLine("libshogi {0}", Library.Version);
                using (Position position = handicap != null ? Position.FromHandicap(handicap) : Position.FromSfen(sfen))
                using (Network network = nnue != null ? Network.Load(nnue) : Network.MakeTest("test", 1))
                {
                    foreach (string m in moves)
                        position.DoMove(m);
                    Console.WriteLine("position sfen {0}", position.Sfen);
                    Console.WriteLine("side to move {0}, {1} legal moves{2}", position.SideToMove,
                                      position.LegalMoves().Length, position.InCheck ? ", in check" : "");
                    Console.WriteLine("game state {0}", position.GetGameResult());
                    Console.WriteLine("static eval {0}", network.Evaluate(position));
                    Move mate = position.Mate1();
                    if (!mate.IsNone)
                        Console.WriteLine("mate in one: {0}", mate);
                }
                return 0;
            }
            catch (ShogiException e)
            {
                Console.Error.WriteLine("error ({0}): {1}", Library.StatusName(e.Status), e.Message);
                return 1;
            }
        }
    }
}
