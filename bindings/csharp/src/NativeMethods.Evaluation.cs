// P/Invoke declarations for the evaluation-by-name section of include/shogi.h (ABI 1.2).
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_engine_evaluation(EngineHandle eng, [Out] byte[] buf, UIntPtr cap,
                                                           out UIntPtr needed, byte[] err);
    }
}
