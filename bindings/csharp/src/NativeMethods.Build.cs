// P/Invoke declarations of the header's "library build" section (ABI 1.1).
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = Cdecl)]
        internal static extern IntPtr shogi_simd_level();
    }
}
