// P/Invoke declarations for the "position records and editing for bindings"
// section of include/shogi.h (hcp / PackedSfen in place, arrays, null move).
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclPositionEdit = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_set_hcp(PositionHandle pos, byte[] hcp, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_hcp(PositionHandle pos, [Out] byte[] hcp, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_set_psfen(PositionHandle pos, byte[] psfen, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_psfen(PositionHandle pos, [Out] byte[] psfen, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_pieces(PositionHandle pos, [Out] byte[] squares, [Out] byte[] hands,
                                                         byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_set_pieces(PositionHandle pos, byte[] squares, byte[] hands, int side,
                                                             int ply, uint flags, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_do_null_move(PositionHandle pos, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_undo_null_move(PositionHandle pos, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_pseudo_legal_moves(PositionHandle pos, [Out] uint[] moves, UIntPtr cap,
                                                                     out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_move_to_kif(PositionHandle pos, uint move, [Out] byte[] buf,
                                                              UIntPtr cap, out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_move_to_ki2(PositionHandle pos, uint move, [Out] byte[] buf,
                                                              UIntPtr cap, out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_position_bod(PositionHandle pos, [Out] byte[] buf, UIntPtr cap,
                                                      out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_record_move_time(RecordHandle rec, UIntPtr ply, out long timeMs, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_record_move_comment(RecordHandle rec, UIntPtr ply, [Out] byte[] buf,
                                                             UIntPtr cap, out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclPositionEdit)]
        internal static extern int shogi_record_append_move(RecordHandle rec, uint move, long timeMs, byte[] comment,
                                                            byte[] err);
    }
}
