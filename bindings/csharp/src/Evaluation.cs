// Evaluation by name (ABI 1.2): the trained net built into the library and
// the built-in material evaluation.
using System;

namespace LibShogi
{
    /// <summary>The evaluation names every load accepts before file names
    /// (<see cref="Network.Load(string)"/>, the EvalFile option).</summary>
    public static class EvaluationNames
    {
        /// <summary>The trained net built into the library.</summary>
        public const string Default = "default";

        /// <summary>The built-in material + piece-square evaluation (no network).</summary>
        public const string Builtin = "builtin";

        /// <summary>The net built into the library, as a Network of its own.</summary>
        public static Network LoadDefault()
        {
            return Network.Load(Default);
        }
    }

    public sealed partial class Engine
    {
        /// <summary>The evaluation the next search uses: "default",
        /// "builtin", the EvalFile path, or "network" (the Network given at
        /// creation; EvalFile, when set, wins over it).</summary>
        public string Evaluation
        {
            get
            {
                return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                    NativeMethods.shogi_engine_evaluation(handle, buf, cap, out needed, err), 32);
            }
        }
    }
}
