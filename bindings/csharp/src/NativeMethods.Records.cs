// P/Invoke declarations for the records section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclRecords = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_parse(byte[] data, UIntPtr size, int format, out RecordHandle rec,
                                                      out int formatRead, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_from_position(PositionHandle pos, out RecordHandle rec, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_free(IntPtr rec, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_write(RecordHandle rec, int format, int encoding, [Out] byte[] buf,
                                                      UIntPtr cap, out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_start_sfen(RecordHandle rec, [Out] byte[] buf, UIntPtr cap,
                                                           out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_moves(RecordHandle rec, [Out] uint[] moves, UIntPtr cap,
                                                      out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_position(RecordHandle rec, UIntPtr ply, out PositionHandle pos,
                                                         byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_result(RecordHandle rec, out int result, out int end, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_set_end(RecordHandle rec, int end, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_header(RecordHandle rec, byte[] key, [Out] byte[] buf, UIntPtr cap,
                                                       out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_record_set_header(RecordHandle rec, byte[] key, byte[] value, byte[] err);

        // ---- PackedSfenValue / hcpe ----------------------------------------

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_position_from_psv(byte[] rec, out PositionHandle pos, out int score,
                                                           out uint move, out int result, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_position_to_psv(PositionHandle pos, int score, uint move, int result,
                                                         [Out] byte[] rec, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_position_from_hcpe(byte[] rec, out PositionHandle pos, out int eval,
                                                            out uint move, out int result, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_position_to_hcpe(PositionHandle pos, int eval, uint move, int result,
                                                          [Out] byte[] rec, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_psv_check(byte[] psv, UIntPtr n, out UIntPtr nBad, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_psv_to_hcpe(byte[] psv, UIntPtr n, [Out] byte[] hcpe, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_hcpe_to_psv(byte[] hcpe, UIntPtr n, [Out] byte[] psv, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_network_evaluate_psv(NetworkHandle net, byte[] psv, UIntPtr n, int fvScale,
                                                              [Out] int[] values, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecords)]
        internal static extern int shogi_psv_halfkp_features(byte[] psv, UIntPtr n, [Out] int[] black,
                                                             [Out] int[] white, byte[] err);
    }
}
