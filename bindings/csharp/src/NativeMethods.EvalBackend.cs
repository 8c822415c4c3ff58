// P/Invoke declarations for the "eval backend (ABI 1.2)" section of include/shogi.h.
// Every array is blittable (pinned for the call, not copied) and the error
// buffer is the caller's, so a call allocates nothing.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclEvalBackend = CallingConvention.Cdecl;

        // delta: the 12 int32 of a shogi_feature_delta_t (FeatureDelta.Ints).
        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_network_move_features(NetworkHandle net, ref PieceMove move,
                                                               [Out] int[] delta, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_network_board_features(NetworkHandle net, byte[] squares, byte[] hands,
                                                                int sideToMove, [Out] int[] black, [Out] int[] white,
                                                                UIntPtr cap, out UIntPtr count, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_network_evaluate_boards(NetworkHandle net, byte[] squares, byte[] hands,
                                                                 byte[] sides, UIntPtr n, int fvScale,
                                                                 [Out] int[] values, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_new(NetworkHandle net, int fvScale, out EvalStackHandle stack,
                                                       byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_free(IntPtr stack, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_set_root(EvalStackHandle stack, byte[] squares, byte[] hands,
                                                            int sideToMove, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_push(EvalStackHandle stack, uint move, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_push_evaluate(EvalStackHandle stack, uint move, out int value,
                                                                 byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_push_null(EvalStackHandle stack, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_pop(EvalStackHandle stack, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_evaluate(EvalStackHandle stack, out int value, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_evaluate_move(EvalStackHandle stack, uint move, out int value,
                                                                 byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_evaluate_moves(EvalStackHandle stack, uint[] moves, UIntPtr n,
                                                                  [Out] int[] values, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEvalBackend)]
        internal static extern int shogi_evalstack_ply(EvalStackHandle stack, out int ply, byte[] err);
    }
}
