// P/Invoke declarations for the record tree section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    // shogi_record_node_t: four int32 fields, an int64, two int32 (32 bytes).
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeRecordNode
    {
        public uint Move;
        public int ChildCount;
        public int HasTime;
        public int HasScore;
        public long TimeMs;
        public int Score;
        public int Reserved;
    }

    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_record_node(RecordHandle rec, uint[] path, UIntPtr depth,
                                                     out NativeRecordNode node, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_record_node_children(RecordHandle rec, uint[] path, UIntPtr depth,
                                                              [Out] uint[] moves, UIntPtr cap, out UIntPtr count,
                                                              byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_record_node_comment(RecordHandle rec, uint[] path, UIntPtr depth,
                                                             [Out] byte[] buf, UIntPtr cap, out UIntPtr needed,
                                                             byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_record_node_set_comment(RecordHandle rec, uint[] path, UIntPtr depth,
                                                                 byte[] text, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_record_node_set_time(RecordHandle rec, uint[] path, UIntPtr depth,
                                                              long timeMs, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_record_node_add_move(RecordHandle rec, uint[] path, UIntPtr depth,
                                                              uint move, out uint index, byte[] err);
    }
}
