// P/Invoke declarations for the engine options section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeOptionInfo
    {
        public int OptionType;
        public int ChoiceCount;
        public long Min;
        public long Max;
    }

    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclOptions = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclOptions)]
        internal static extern UIntPtr shogi_option_count();

        [DllImport(Lib, CallingConvention = CdeclOptions)]
        internal static extern int shogi_option_info(UIntPtr index, out NativeOptionInfo info, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclOptions)]
        internal static extern int shogi_option_text(UIntPtr index, int field, [Out] byte[] buf, UIntPtr cap,
                                                     out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclOptions)]
        internal static extern int shogi_engine_set_option(EngineHandle eng, byte[] name, byte[] value, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclOptions)]
        internal static extern int shogi_engine_get_option(EngineHandle eng, byte[] name, [Out] byte[] buf,
                                                           UIntPtr cap, out UIntPtr needed, byte[] err);
    }
}
