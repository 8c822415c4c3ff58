// P/Invoke declarations for the "NNUE architectures (ABI 1.1)" section of include/shogi.h.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclNnueArch = CallingConvention.Cdecl;

        // info: the bytes of a shogi_network_info_t (NetworkInfo.Size).
        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_network_info(NetworkHandle net, [Out] byte[] info, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_network_load_with(byte[] path, byte[] arch, int fvScale, uint flags,
                                                           out NetworkHandle net, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_network_make_test_arch(byte[] arch, byte[] kind, ulong seed,
                                                                out NetworkHandle net, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_feature_set_info(byte[] featureSet, out int dimensions, out int maxActive,
                                                          byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_position_features(byte[] featureSet, PositionHandle pos, [Out] int[] black,
                                                           [Out] int[] white, UIntPtr cap, out UIntPtr count,
                                                           byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_sfens_features(byte[] featureSet, IntPtr[] sfens, UIntPtr n,
                                                        [Out] int[] black, [Out] int[] white,
                                                        [Out] byte[] sideToMove, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_psv_features(byte[] featureSet, byte[] psv, UIntPtr n, [Out] int[] black,
                                                      [Out] int[] white, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_hcpe_features(byte[] featureSet, byte[] hcpe, UIntPtr n, [Out] int[] black,
                                                       [Out] int[] white, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_accumulator_set_kings(AccumulatorHandle acc, int blackKing, int whiteKing,
                                                               byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_accumulator_refresh_position(AccumulatorHandle acc, PositionHandle pos,
                                                                      byte[] err);

        [DllImport(Lib, CallingConvention = CdeclNnueArch)]
        internal static extern int shogi_accumulator_update_move(AccumulatorHandle acc, PositionHandle pos, uint move,
                                                                 byte[] err);
    }
}
