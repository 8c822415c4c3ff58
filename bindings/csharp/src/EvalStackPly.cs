namespace LibShogi
{
    /// <summary>The evaluation stack driven at the caller's search ply (ABI 1.4):
    /// an engine that makes every move with PushEvaluateAt from its ply needs no call
    /// on unmake. Neither method allocates.</summary>
    public sealed partial class EvalStack
    {
        /// <summary>Takes the stack back to ply plies above the root (as that many
        /// pops), then pushes move and returns the evaluation after it for its side
        /// to move: one native call for make and evaluate, none for unmake (the next
        /// make at a lower or equal ply takes back what lies above it). A refused move
        /// throws with the stack left at ply; a ply above the stack's throws with the
        /// stack unchanged.</summary>
        public int PushEvaluateAt(int ply, uint move)
        {
            int value;
            int status = NativeMethods.shogi_evalstack_push_evaluate_at(handle, ply, move, out value, err);
            if (status != 0)
                throw Errors.Create(status, err);
            return value;
        }

        /// <summary>Takes the stack back to ply plies above the root (0 to Ply; else
        /// throws with the stack unchanged). PopTo(0) ends a search.</summary>
        public void PopTo(int ply)
        {
            int status = NativeMethods.shogi_evalstack_pop_to(handle, ply, err);
            if (status != 0)
                throw Errors.Create(status, err);
        }
    }
}
