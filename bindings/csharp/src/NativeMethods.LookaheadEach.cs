// P/Invoke declarations for the "legal moves after each move" section of
// include/shogi.h (the lists after several moves in one call).
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_position_legal_moves_after_each(PositionHandle pos, uint[] after, UIntPtr n,
                                                                         [Out] uint[] moves, UIntPtr cap,
                                                                         [Out] UIntPtr[] counts, out UIntPtr total,
                                                                         byte[] err);
    }
}
