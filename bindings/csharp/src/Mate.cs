using System;
using System.Threading;
using Microsoft.Win32.SafeHandles;

namespace LibShogi
{
    /// <summary>A shogi_mate_solver_t. Its release waits for a running
    /// Solve call to return (the SafeHandle reference count).</summary>
    public sealed class MateSolverHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (P/Invoke fills it on return).</summary>
        public MateSolverHandle() : base(true) { }

        /// <summary>Frees the solver and its table (shogi_mate_solver_free);
        /// true when the library accepted it.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_mate_solver_free(handle, null) == 0;
        }
    }

    /// <summary>What a mate solve found.</summary>
    public enum MateStatus
    {
        /// <summary>A node or time limit, or a stop, came first.</summary>
        Unknown = 0,
        /// <summary>The attacker mates; the result holds a verified line.</summary>
        Mate = 1,
        /// <summary>Proven: no sequence of checks mates.</summary>
        NoMate = 2,
    }

    /// <summary>The answer of a mate solve: the status and, for a mate, the
    /// line (attacker first, every attacker move a check, ending in mate).</summary>
    public sealed class MateResult
    {
        /// <summary>Mate, no mate, or unknown (a limit or a stop came first).</summary>
        public MateStatus Status { get; private set; }
        /// <summary>The mate line, verified by replay: attacker first, an odd
        /// number of plies. Never null; empty unless <see cref="Status"/> is
        /// <see cref="MateStatus.Mate"/>. A fresh array the caller may keep.</summary>
        public Move[] Line { get; private set; }
        /// <summary>Positions the solver visited.</summary>
        public ulong Nodes { get; private set; }
        /// <summary>Wall-clock time of the solve in milliseconds.</summary>
        public long TimeMs { get; private set; }
        /// <summary>Table slots in use at the end (compare with <see cref="TableSlots"/>
        /// to see whether a bigger table could help).</summary>
        public ulong TableUsed { get; private set; }
        /// <summary>The table's capacity in slots (fixed by the solver's megabytes).</summary>
        public ulong TableSlots { get; private set; }

        internal MateResult(NativeMateResult r, Move[] line)
        {
            Status = (MateStatus)r.Status;
            Line = line;
            Nodes = r.Nodes;
            TimeMs = r.TimeMs;
            TableUsed = r.TableUsed;
            TableSlots = r.TableSlots;
        }

        /// <summary>The line as USI moves separated by spaces; never null, "" when no mate.</summary>
        public string LineUsi
        {
            get
            {
                var parts = new string[Line.Length];
                for (int i = 0; i < Line.Length; i++)
                    parts[i] = Line[i].ToUsi();
                return string.Join(" ", parts);
            }
        }
    }

    /// <summary>A df-pn tsume solver with its own bounded table. The side to
    /// move attacks (it may have no king); the defender must have one.
    /// <see cref="Stop"/> may be called from any thread while
    /// <see cref="Solve"/> runs.</summary>
    public sealed class MateSolver : IDisposable
    {
        private readonly MateSolverHandle handle;

        /// <summary>A solver whose table takes at most tableMB megabytes (0: the default, 64).</summary>
        /// <exception cref="ShogiArgumentException">tableMB outside 0..1048576</exception>
        public MateSolver(int tableMB = 0)
        {
            byte[] err = Errors.New();
            MateSolverHandle h;
            int status = NativeMethods.shogi_mate_solver_new(tableMB, out h, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            handle = h;
        }

        /// <summary>The native handle, for calls the binding does not wrap.
        /// Never null; owned by this solver (do not dispose it yourself).</summary>
        public MateSolverHandle Handle { get { return handle; } }

        /// <summary>Stops a running solve, then releases the solver once it has returned.</summary>
        public void Dispose()
        {
            if (!handle.IsClosed)
                Stop();
            handle.Dispose();
        }

        /// <summary>Solves position (unchanged) within nodes and timeMs (0:
        /// unlimited; then only <see cref="Stop"/> ends a hard problem). Blocks
        /// the calling thread: a GUI runs it on a worker (Task.Run). One solve
        /// at a time per solver.</summary>
        /// <returns>Never null.</returns>
        /// <exception cref="ArgumentNullException">position is null</exception>
        /// <exception cref="ShogiArgumentException">the defender has no king, or a limit is negative</exception>
        /// <exception cref="ShogiStateException">this solver is already solving on another thread</exception>
        public MateResult Solve(Position position, ulong nodes = 0, long timeMs = 0)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            var lim = new NativeMateLimits { Nodes = nodes, TimeMs = timeMs };
            NativeMateResult r;
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_mate_solve(handle, position.Handle, ref lim, out r, err), err);
            var raw = new uint[Math.Max(r.LineLength, 0)];
            UIntPtr count;
            err = Errors.New();
            Errors.Check(NativeMethods.shogi_mate_line(handle, raw, (UIntPtr)raw.Length, out count, err), err);
            var line = new Move[(int)count.ToUInt64()];
            for (int i = 0; i < line.Length; i++)
                line[i] = new Move(raw[i]);
            return new MateResult(r, line);
        }

        /// <summary>The line of the last solve as USI text, from the library;
        /// never null, "" when the last solve found no mate.</summary>
        public string LastLineUsi()
        {
            return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                NativeMethods.shogi_mate_line_usi(handle, buf, cap, out needed, err), 64);
        }

        /// <summary>Asks a running Solve to stop (any thread; returns at once).</summary>
        public void Stop()
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_mate_stop(handle, err), err);
        }
    }

    /// <summary>Position.SolveMate: the one-call way to solve a tsume.</summary>
    public static class PositionMateExtensions
    {
        /// <summary>Looks for a mate by the side to move (every attacker move
        /// checks) within nodes and timeMs (0: unlimited) with a solver of
        /// tableMB megabytes (0: the default). Blocks; it cannot be stopped,
        /// so give a GUI a limit (or use a <see cref="MateSolver"/>).</summary>
        /// <returns>Never null.</returns>
        /// <exception cref="ArgumentNullException">position is null</exception>
        public static MateResult SolveMate(this Position position, ulong nodes = 0, long timeMs = 0, int tableMB = 0)
        {
            using (var s = new MateSolver(tableMB))
                return s.Solve(position, nodes, timeMs);
        }
    }
}
