// P/Invoke declarations for the dlshogi packed planes section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_dataset_planes_bits(DatasetHandle ds, out IntPtr features1, out IntPtr features2,
                                                             out long n, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_dlshogi_features_bits(byte[] records, UIntPtr n, int format, [Out] byte[] features1,
                                                               [Out] byte[] features2, [Out] int[] moveLabels,
                                                               out UIntPtr nBad, byte[] err);
    }
}
