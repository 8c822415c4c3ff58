using System;
using System.Threading;
using System.Threading.Tasks;
using static LibShogi.Tests.Harness;

namespace LibShogi.Tests
{
    internal static class MateTests
    {
        private const string Mate3 = "9/k8/3R3n1/9/9/9/9/9/9 b SN 1";
        // 将棋図巧 no. 99 (117 plies): far beyond a short budget.
        private const string Hard = "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1";

        public static void RunAll()
        {
            Run("mate: SolveMate finds the mate in 3 and the line replays to mate", () =>
            {
                using (var p = Position.FromSfen(Mate3))
                {
                    MateResult r = p.SolveMate(timeMs: 10000);
                    Equal(MateStatus.Mate, r.Status, "status");
                    Equal("S*9c 9b8a 6c6a+", r.LineUsi, "line");
                    Equal(Mate3, p.Sfen, "position unchanged");
                    for (int i = 0; i < r.Line.Length; i++)
                    {
                        p.DoMove(r.Line[i]);
                        if (i % 2 == 0)
                            True(p.InCheck, "attacker move " + i + " checks");
                    }
                    Equal(0, p.LegalMoves().Length, "mated at the end");
                }
            });
            Run("mate: a lone pawn is proven no mate", () =>
            {
                using (var s = new MateSolver(1))
                using (var p = Position.FromSfen("4k4/9/9/9/9/9/9/9/9 b P 1"))
                {
                    MateResult r = s.Solve(p);
                    Equal(MateStatus.NoMate, r.Status, "status");
                    Equal(0, r.Line.Length, "no line");
                    Equal("", s.LastLineUsi(), "no line text");
                }
            });
            Run("mate: node limit gives Unknown", () =>
            {
                using (var p = Position.FromSfen(Hard))
                {
                    MateResult r = p.SolveMate(nodes: 500, tableMB: 4);
                    Equal(MateStatus.Unknown, r.Status, "status");
                    True(r.Nodes >= 500 && r.Nodes < 1000, "nodes " + r.Nodes);
                }
            });
            Run("mate: Stop from another thread", () =>
            {
                using (var s = new MateSolver(16))
                using (var p = Position.FromSfen(Hard))
                {
                    Task<MateResult> task = Task.Run(() => s.Solve(p));
                    for (int i = 0; i < 200 && !task.IsCompleted; i++)
                    {
                        Thread.Sleep(50);
                        s.Stop();
                    }
                    True(task.Wait(10000), "solve returned");
                    Equal(MateStatus.Unknown, task.Result.Status, "status");
                }
            });
            Run("mate: errors", () =>
            {
                Throws<ShogiArgumentException>(() => new MateSolver(-1), "table size");
                using (var p = Position.FromSfen("9/9/9/9/9/9/9/9/4K4 b G 1"))
                    Throws<ShogiArgumentException>(() => p.SolveMate(), "no defender king");
                using (var s = new MateSolver(1))
                    Throws<ArgumentNullException>(() => s.Solve(null), "null position");
            });
        }
    }
}
