// P/Invoke declarations for the "eval backend: the caller's ply (ABI 1.4)"
// section of include/shogi.h. The error buffer is the caller's: a call
// allocates nothing.
namespace LibShogi
{
    using System.Runtime.InteropServices;

    internal static partial class NativeMethods
    {
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_evalstack_pop_to(EvalStackHandle stack, int ply, byte[] err);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int shogi_evalstack_push_evaluate_at(EvalStackHandle stack, int ply, uint move,
                                                                    out int value, byte[] err);
    }
}
