// P/Invoke declarations for the book section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclBook = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_open(byte[] path, int format, int mode, out BookHandle book, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_free(IntPtr book, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_format(BookHandle book, out int format, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_probe(BookHandle book, PositionHandle pos, int flipped,
                                                    [Out] BookMove[] moves, UIntPtr cap, out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_entries(BookHandle book, [Out] BookEntry[] entries, UIntPtr cap,
                                                      out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_convert(byte[] src, int srcFormat, byte[] dst, int dstFormat, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_book_merge(IntPtr[] srcs, UIntPtr n, byte[] dst, int dstFormat, int topN,
                                                    byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_position_book_key(PositionHandle pos, out ulong key, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclBook)]
        internal static extern int shogi_position_book_key_after(PositionHandle pos, uint move, out ulong key, byte[] err);
    }
}
