// P/Invoke declarations for the NNUE section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclNnue = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_load(byte[] path, out NetworkHandle net, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_load_memory(byte[] data, UIntPtr size, out NetworkHandle net,
                                                             byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_make_test(byte[] kind, ulong seed, out NetworkHandle net,
                                                           byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_save(NetworkHandle net, byte[] path, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_free(IntPtr net, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_arch(NetworkHandle net, [Out] byte[] buf, UIntPtr cap,
                                                      out UIntPtr needed, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_evaluate(NetworkHandle net, PositionHandle pos, int fvScale,
                                                          out int value, byte[] err);

        // sfens: an array of n pointers to NUL-terminated UTF-8 strings.
        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_network_evaluate_sfens(NetworkHandle net, IntPtr[] sfens, UIntPtr n,
                                                                int fvScale, [Out] int[] values, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_sfens_halfkp_features(IntPtr[] sfens, UIntPtr n, [Out] int[] black,
                                                               [Out] int[] white, [Out] byte[] sideToMove,
                                                               byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_position_halfkp_features(PositionHandle pos, [Out] int[] black,
                                                                  [Out] int[] white, UIntPtr cap,
                                                                  out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_accumulator_new(NetworkHandle net, out AccumulatorHandle acc, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_accumulator_free(IntPtr acc, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_accumulator_copy(AccumulatorHandle dst, AccumulatorHandle src, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_accumulator_refresh(AccumulatorHandle acc, int perspective,
                                                             int[] features, UIntPtr n, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_accumulator_update(AccumulatorHandle acc, int perspective,
                                                            int[] removed, UIntPtr nRemoved,
                                                            int[] added, UIntPtr nAdded, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnue)]
        internal static extern int shogi_accumulator_evaluate(AccumulatorHandle acc, int sideToMove, int fvScale,
                                                              out int value, byte[] err);
    }
}
