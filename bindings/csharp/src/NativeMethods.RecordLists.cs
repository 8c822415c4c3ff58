// P/Invoke declarations for the record lists section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclRecordLists = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclRecordLists)]
        internal static extern int shogi_record_parse_all(byte[] data, UIntPtr size, int format, [Out] IntPtr[] items,
                                                          UIntPtr cap, out UIntPtr count, out int formatRead, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclRecordLists)]
        internal static extern int shogi_record_warnings(RecordHandle rec, [Out] byte[] buf, UIntPtr cap,
                                                         out UIntPtr needed, byte[] err);
    }
}
