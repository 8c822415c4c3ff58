// P/Invoke declarations for the "lookahead" section of include/shogi.h
// (the legal moves one ply ahead, the position unchanged).
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_position_legal_moves_after(PositionHandle pos, uint move, [Out] uint[] moves,
                                                                    UIntPtr cap, out UIntPtr count, byte[] err);
    }
}
