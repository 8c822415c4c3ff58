// P/Invoke declarations for the board model section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_position_board(PositionHandle pos, [Out] byte[] board, [Out] byte[] hands,
                                                        byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_position_move_text(PositionHandle pos, uint move, int notation,
                                                            [Out] byte[] buf, UIntPtr cap, out UIntPtr needed,
                                                            byte[] err);
    }
}
