// P/Invoke declarations for the mate section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMateLimits
    {
        public ulong Nodes;
        public long TimeMs;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMateResult
    {
        public int Status;
        public int LineLength;
        public ulong Nodes;
        public long TimeMs;
        public ulong TableUsed;
        public ulong TableSlots;
    }

    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclMate = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclMate)]
        internal static extern int shogi_mate_solver_new(int tableMB, out MateSolverHandle solver, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclMate)]
        internal static extern int shogi_mate_solver_free(IntPtr solver, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclMate)]
        internal static extern int shogi_mate_solve(MateSolverHandle solver, PositionHandle pos,
                                                    ref NativeMateLimits limits, out NativeMateResult result,
                                                    byte[] err);

        [DllImport(Lib, CallingConvention = CdeclMate)]
        internal static extern int shogi_mate_stop(MateSolverHandle solver, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclMate)]
        internal static extern int shogi_mate_line(MateSolverHandle solver, uint[] moves, UIntPtr cap,
                                                   out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclMate)]
        internal static extern int shogi_mate_line_usi(MateSolverHandle solver, byte[] buf, UIntPtr cap,
                                                       out UIntPtr needed, byte[] err);
    }
}
