using System;
using System.Runtime.InteropServices;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    // The eval-backend section: foreign-move deltas applied to an
    // Accumulator equal full evaluations for every feature set; the
    // EvalStack follows random walks and 10,000 plies; the hot calls
    // allocate nothing; bad codes, moves and handles are exceptions.
    internal static class EvalBackendTests
    {
        private static readonly string[] Archs =
        {
            "halfkp_256x2-32-32", "kp_256x2-32-32", "halfkpe9_32x2-32-32", "halfkpvm_256x2-32-32",
            "halfkahm2_256x2-32-32",
        };

        private static uint rng = 2024;

        private static int Next(int n)
        {
            rng = rng * 1103515245u + 12345u;
            return (int)((rng >> 8) % (uint)n);
        }

        // The foreign description of a legal move of position, from its codes.
        private static PieceMove Describe(Position position, Move move, byte[] squares, byte[] hands)
        {
            EvalBackend.PiecesOf(position, squares, hands);
            int side = (int)position.SideToMove;
            var pm = new PieceMove();
            for (int s = 0; s < 81; s++)
            {
                if (squares[s] == 8) pm.BlackKing = s;
                if (squares[s] == 24) pm.WhiteKing = s;
            }
            uint v = move.Value;
            pm.To = (int)(v & 0x7f);
            if ((v & 0x4000) != 0)
            {
                int t = (int)((v >> 7) & 0x7f);
                pm.Piece = t + 16 * side;
                pm.From = EvalBackend.SquareNone;
                pm.HandCount = hands[side * 7 + t - 1];
                return pm;
            }
            pm.From = (int)((v >> 7) & 0x7f);
            pm.Piece = squares[pm.From];
            pm.Promote = (v & 0x8000) != 0 ? 1 : 0;
            pm.Captured = squares[pm.To];
            if (pm.Captured != 0)
            {
                int raw = pm.Captured & 15;
                if (raw > 8) raw -= 8;
                pm.HandCount = hands[side * 7 + raw - 1];
            }
            return pm;
        }

        public static void RunAll()
        {
            Run("evalbackend: PieceMove is the 32-byte shogi_piece_move_t", () =>
                Equal(32, Marshal.SizeOf(typeof(PieceMove)), "sizeof"));

            foreach (string arch in Archs)
            {
                Run("evalbackend: move features follow full evaluations, " + arch, () =>
                {
                    using (Network net = Network.MakeTest(arch, "test", 7))
                    using (Accumulator acc = net.NewAccumulator())
                    {
                        var squares = new byte[81];
                        var hands = new byte[14];
                        var delta = new FeatureDelta();
                        var f = new[] { new int[64], new int[64] };
                        int checkedMoves = 0;
                        for (int game = 0; game < 2; game++)
                        {
                            using (var pos = new Position())
                            {
                                acc.RefreshPosition(pos);
                                for (int ply = 0; ply < 100; ply++)
                                {
                                    Move[] moves = pos.LegalMoves();
                                    if (moves.Length == 0)
                                        break;
                                    Move m = moves[Next(moves.Length)];
                                    PieceMove pm = Describe(pos, m, squares, hands);
                                    net.MoveFeatures(ref pm, delta);
                                    pos.DoMove(m);
                                    EvalBackend.PiecesOf(pos, squares, hands);
                                    foreach (Side p in new[] { Side.Black, Side.White })
                                    {
                                        if (delta.Refresh(p))
                                        {
                                            int n = net.BoardFeatures(squares, hands, pos.SideToMove, f[0], f[1]);
                                            var active = new int[n];
                                            Array.Copy(f[(int)p], active, n);
                                            acc.Refresh(p, active);
                                            continue;
                                        }
                                        int k = delta.Count(p);
                                        var rem = new int[k];
                                        var add = new int[k];
                                        for (int i = 0; i < k; i++)
                                        {
                                            rem[i] = delta.Removed(p, i);
                                            add[i] = delta.Added(p, i);
                                        }
                                        acc.Update(p, rem, add);
                                    }
                                    Equal(net.Evaluate(pos), acc.Evaluate(pos.SideToMove),
                                          "after " + m + " in game " + game + " ply " + ply);
                                    checkedMoves++;
                                }
                            }
                        }
                        True(checkedMoves > 100, "only " + checkedMoves + " moves checked");
                    }
                });

                Run("evalbackend: EvalStack follows a random walk, " + arch, () =>
                {
                    using (Network net = Network.MakeTest(arch, "test", 7))
                    using (var stack = new EvalStack(net))
                    using (var pos = new Position())
                    {
                        var squares = new byte[81];
                        var hands = new byte[14];
                        EvalBackend.PiecesOf(pos, squares, hands);
                        stack.SetRoot(squares, hands, pos.SideToMove);
                        int scored = 0;
                        for (int step = 0; step < 600; step++)
                        {
                            int r = Next(10);
                            Move[] moves = pos.LegalMoves();
                            if (r < 6 && moves.Length > 0)
                            {
                                Move m = moves[Next(moves.Length)];
                                if (r < 3)
                                {
                                    int v = stack.PushEvaluate(m.Value);
                                    pos.DoMove(m);
                                    Equal(net.Evaluate(pos), v, "push_evaluate " + m);
                                    scored++;
                                }
                                else
                                {
                                    stack.Push(m.Value);
                                    pos.DoMove(m);
                                }
                            }
                            else if (r == 6 && moves.Length > 0)
                            {
                                var kids = new uint[moves.Length];
                                var values = new int[moves.Length];
                                for (int i = 0; i < kids.Length; i++)
                                    kids[i] = moves[i].Value;
                                stack.EvaluateMoves(kids, kids.Length, values);
                                for (int i = 0; i < kids.Length; i++)
                                {
                                    pos.DoMove(moves[i]);
                                    Equal(net.Evaluate(pos), values[i], "evaluate_moves " + moves[i]);
                                    pos.UndoMove();
                                }
                                Equal(values[0], stack.EvaluateMove(kids[0]), "evaluate_move");
                                scored += kids.Length;
                            }
                            else if (stack.Ply > 0)
                            {
                                stack.Pop();
                                pos.UndoMove();
                                Equal(net.Evaluate(pos), stack.Evaluate(), "after pop at ply " + stack.Ply);
                                scored++;
                            }
                        }
                        True(scored > 100, "only " + scored + " scores checked");
                    }
                });
            }

            Run("evalbackend: 10,000 plies deep and back", () =>
            {
                using (Network net = Network.MakeTest("test", 1))
                using (var stack = new EvalStack(net, 16))
                using (Position pos = Position.FromSfen("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 1"))
                {
                    var cycle = new Move[8];
                    string[] usi = { "5i5h", "8b7b", "2h3h", "5a5b", "5h5i", "7b8b", "3h2h", "5b5a" };
                    for (int i = 0; i < 8; i++)
                    {
                        cycle[i] = pos.ParseMove(usi[i]);
                        pos.DoMove(cycle[i]);
                    }
                    var squares = new byte[81];
                    EvalBackend.PiecesOf(pos, squares, null);
                    stack.SetRoot(squares, null, Side.Black);
                    var up = new int[10001];
                    up[0] = stack.Evaluate();
                    Equal(net.Evaluate(pos), up[0], "root");
                    for (int i = 1; i <= 10000; i++)
                    {
                        up[i] = stack.PushEvaluate(cycle[(i - 1) % 8].Value);
                        if (i > 8 && up[i] != up[i - 8])
                            throw new Exception("ply " + i + ": " + up[i] + ", eight plies before " + up[i - 8]);
                    }
                    Equal(10000, stack.Ply, "ply");
                    for (int i = 10000; i > 0; i--)
                    {
                        stack.Pop();
                        int v = stack.Evaluate();
                        if (v != up[i - 1])
                            throw new Exception("down at ply " + (i - 1) + ": " + v + ", on the way up " + up[i - 1]);
                    }
                    Throws<ShogiStateException>(() => stack.Pop(), "pop at the root");
                }
            });

            Run("evalbackend: push_evaluate, pop, evaluate_move(s) and move features allocate nothing", () =>
            {
                using (Network net = Network.MakeTest("test", 1))
                using (var stack = new EvalStack(net))
                using (var pos = new Position())
                {
                    var squares = new byte[81];
                    var hands = new byte[14];
                    EvalBackend.PiecesOf(pos, squares, hands);
                    stack.SetRoot(squares, hands, Side.Black);
                    Move[] moves = pos.LegalMoves();
                    uint[] values = new uint[moves.Length];
                    for (int i = 0; i < moves.Length; i++)
                        values[i] = moves[i].Value;
                    var delta = new FeatureDelta();
                    var scores = new int[values.Length];
                    PieceMove pm = Describe(pos, moves[0], squares, hands);
                    stack.EvaluateMoves(values, values.Length, scores);
                    stack.EvaluateMove(values[0]);
                    stack.PushEvaluate(values[0]);
                    stack.Pop();
                    net.MoveFeatures(ref pm, delta);
                    // The counter counts on this runtime (else the check below could not fail).
                    long control = GC.GetAllocatedBytesForCurrentThread();
                    GC.KeepAlive(new byte[1000]);
                    True(GC.GetAllocatedBytesForCurrentThread() - control >= 1000, "the allocation counter counts");
                    long before = GC.GetAllocatedBytesForCurrentThread();
                    int sum = 0;
                    for (int i = 0; i < 20000; i++)
                    {
                        sum += stack.PushEvaluate(values[i % values.Length]);
                        stack.Pop();
                        sum += stack.Evaluate();
                        sum += stack.EvaluateMove(values[i % values.Length]);
                        net.MoveFeatures(ref pm, delta);
                        if (i % 100 == 0)
                        {
                            stack.EvaluateMoves(values, values.Length, scores);
                            sum += scores[0];
                        }
                    }
                    long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                    Equal(0L, allocated, "bytes allocated by 20,000 rounds (checksum " + sum + ")");
                }
            });

            Run("evalbackend: bad codes, moves and handles are exceptions", () =>
            {
                using (Network net = Network.MakeTest("test", 1))
                using (var pos = new Position())
                {
                    var squares = new byte[81];
                    var hands = new byte[14];
                    EvalBackend.PiecesOf(pos, squares, hands);
                    var stack = new EvalStack(net);
                    Throws<ShogiStateException>(() => stack.Evaluate(), "evaluate without a root");
                    Throws<ShogiArgumentException>(() => new EvalStack(net, 200), "fv_scale 200");
                    squares[40] = 99;
                    Contains("square 40", Throws<ShogiParseException>(() => stack.SetRoot(squares, hands, Side.Black),
                                                                      "piece code 99").Message, "message");
                    squares[40] = 0;
                    stack.SetRoot(squares, hands, Side.Black);
                    int root = stack.Evaluate();
                    Throws<IllegalMoveException>(() => stack.Push(40u << 7 | 39), "from an empty square");
                    Throws<IllegalMoveException>(() => stack.PushEvaluate(0x4000 | 1u << 7 | 40), "drop not in hand");
                    True(!stack.TryPush(44u << 7 | 35), "TryPush of a capture of an own piece");
                    var batch = new uint[] { 60u << 7 | 59, 40u << 7 | 39 };
                    var batchValues = new int[] { -1, -1 };
                    Contains("moves[1]", Throws<IllegalMoveException>(() => stack.EvaluateMoves(batch, 2, batchValues),
                                                                     "a refused move in a batch").Message, "message");
                    Equal(stack.EvaluateMove(batch[0]), batchValues[0], "the good move of the batch");
                    Equal(0, batchValues[1], "the refused move's score");
                    Throws<ArgumentOutOfRangeException>(() => stack.EvaluateMoves(batch, 3, batchValues), "count 3");
                    Equal(0, stack.Ply, "ply after refusals");
                    Equal(root, stack.Evaluate(), "score after refusals");

                    var pm = new PieceMove { Piece = 31, From = 60, To = 59, BlackKing = 44, WhiteKing = 36 };
                    Throws<ShogiArgumentException>(() => net.MoveFeatures(ref pm, new FeatureDelta()), "piece code 31");
                    pm.Piece = 1;
                    pm.To = 36;
                    pm.Captured = 24;
                    Throws<ShogiArgumentException>(() => net.MoveFeatures(ref pm, new FeatureDelta()), "king capture");
                    Throws<ArgumentOutOfRangeException>(() => new FeatureDelta().Added(Side.Black, 2), "delta index 2");

                    var boards = new byte[2 * 81];
                    Array.Copy(squares, 0, boards, 81, 81);
                    var values = new int[2];
                    Contains("position 0", Throws<ShogiParseException>(
                        () => net.EvaluateBoards(boards, null, new byte[2], values), "an empty board").Message, "message");
                    Equal(0, values[0], "bad board's value");
                    Equal(net.Evaluate(pos), values[1], "good board's value");

                    stack.Dispose();
                    Throws<ObjectDisposedException>(() => stack.Push(0x1234), "push after Dispose");
                }
            });
        }
    }
}
