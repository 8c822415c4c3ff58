using System;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // The EvalStack at the caller's ply: a tree walk that makes every move with
    // PushEvaluateAt and never pops equals full evaluations for every feature set;
    // PushEvaluateAt and PopTo allocate nothing; bad plies and moves are exceptions.
    internal static class EvalStackPlyTests
    {
        private static readonly string[] Archs =
        {
            "halfkp_256x2-32-32", "kp_256x2-32-32", "halfkpe9_32x2-32-32", "halfkpvm_256x2-32-32",
            "halfkahm2_256x2-32-32",
        };

        private const string Sfen = "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1";

        private static uint rng = 77;

        private static int Next(int n)
        {
            rng = rng * 1103515245u + 12345u;
            return (int)((rng >> 8) % (uint)n);
        }

        private static EvalStack Rooted(Network net, Position pos)
        {
            var squares = new byte[81];
            var hands = new byte[14];
            EvalBackend.PiecesOf(pos, squares, hands);
            var stack = new EvalStack(net);
            stack.SetRoot(squares, hands, pos.SideToMove);
            return stack;
        }

        // Three random children of pos to depth, never popped: the nodes.
        private static int Walk(Network net, EvalStack stack, Position pos, int ply, int depth)
        {
            if (depth == 0)
                return 0;
            Move[] moves = pos.LegalMoves();
            int nodes = 0;
            for (int k = 0; k < 3 && moves.Length > 0; k++)
            {
                Move m = moves[Next(moves.Length)];
                int v = stack.PushEvaluateAt(ply, m.Value);
                pos.DoMove(m);
                Equal(net.Evaluate(pos), v, "push_evaluate_at " + m + " at ply " + ply);
                nodes += 1 + Walk(net, stack, pos, ply + 1, depth - 1);
                pos.UndoMove();
            }
            return nodes;
        }

        public static void RunAll()
        {
            foreach (string arch in Archs)
            {
                Run("evalstack ply: a tree walk without pops follows full evaluations, " + arch, () =>
                {
                    using (Network net = Network.MakeTest(arch, "test", 7))
                    using (Position pos = Position.FromSfen(Sfen))
                    using (EvalStack stack = Rooted(net, pos))
                    {
                        Equal(3 + 9 + 27, Walk(net, stack, pos, 0, 3), "nodes");
                        Equal(3, stack.Ply, "the last line is still pushed");
                        stack.PopTo(0);
                        Equal(0, stack.Ply, "ply after PopTo(0)");
                        Equal(net.Evaluate(pos), stack.Evaluate(), "root");
                    }
                });
            }

            Run("evalstack ply: PushEvaluateAt and PopTo allocate nothing", () =>
            {
                using (Network net = Network.MakeTest("test", 1))
                using (Position pos = Position.FromSfen(Sfen))
                using (EvalStack stack = Rooted(net, pos))
                {
                    Move[] moves = pos.LegalMoves();
                    var values = new uint[moves.Length];
                    for (int i = 0; i < moves.Length; i++)
                        values[i] = moves[i].Value;
                    stack.PushEvaluateAt(0, values[0]);
                    stack.PopTo(0);
                    long control = GC.GetAllocatedBytesForCurrentThread();
                    GC.KeepAlive(new byte[1000]);
                    True(GC.GetAllocatedBytesForCurrentThread() - control >= 1000, "the allocation counter counts");
                    long before = GC.GetAllocatedBytesForCurrentThread();
                    int sum = 0;
                    for (int i = 0; i < 20000; i++)
                    {
                        sum += stack.PushEvaluateAt(0, values[i % values.Length]);
                        if (i % 7 == 0)
                            stack.PopTo(0);
                    }
                    long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                    Equal(0L, allocated, "bytes allocated by 20,000 makes (checksum " + sum + ")");
                }
            });

            Run("evalstack ply: bad plies and moves are exceptions", () =>
            {
                using (Network net = Network.MakeTest("test", 1))
                using (Position pos = Position.FromSfen(Sfen))
                {
                    uint m = pos.LegalMoves()[0].Value;
                    using (var empty = new EvalStack(net))
                        Throws<ShogiStateException>(() => empty.PushEvaluateAt(0, m), "no root");
                    using (EvalStack stack = Rooted(net, pos))
                    {
                        stack.PushEvaluateAt(0, m);
                        Contains("ply 2", Throws<ShogiStateException>(() => stack.PushEvaluateAt(2, m),
                                                                      "ply above the stack").Message, "message");
                        Throws<ShogiStateException>(() => stack.PushEvaluateAt(-1, m), "ply -1");
                        Throws<ShogiStateException>(() => stack.PopTo(5), "PopTo(5)");
                        Equal(1, stack.Ply, "ply after refusals");
                        Throws<IllegalMoveException>(() => stack.PushEvaluateAt(0, 0), "from 1a to 1a");
                        Equal(0, stack.Ply, "a refused move leaves the stack at the ply");
                    }
                }
            });
        }
    }
}
