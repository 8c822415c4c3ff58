using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace LibShogi
{
    /// <summary>A shogi_evalstack_t.</summary>
    public sealed class EvalStackHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        /// <summary>An invalid handle (the marshaller fills it).</summary>
        public EvalStackHandle() : base(true) { }

        /// <summary>Frees the native stack.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.shogi_evalstack_free(handle, null) == 0;
        }
    }

    /// <summary>A move on a board the library does not hold (shogi_piece_move_t),
    /// with what its feature changes depend on. Codes as in <see cref="EvalBackend"/>.
    /// Auto-properties: their backing fields keep the C struct's sequential layout.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PieceMove
    {
        /// <summary>The moving piece code before the move; for a drop the dropped piece.</summary>
        public int Piece { get; set; }
        /// <summary>The from-square, or <see cref="EvalBackend.SquareNone"/> for a drop.</summary>
        public int From { get; set; }
        /// <summary>The to-square.</summary>
        public int To { get; set; }
        /// <summary>1 for a promotion, else 0.</summary>
        public int Promote { get; set; }
        /// <summary>The piece code on the to-square before the move, 0 for none.</summary>
        public int Captured { get; set; }
        /// <summary>The mover's count in hand before the move of the dropped type (a drop)
        /// or of the captured piece's unpromoted type (a capture); else 0.</summary>
        public int HandCount { get; set; }
        /// <summary>Black's king square before the move.</summary>
        public int BlackKing { get; set; }
        /// <summary>White's king square before the move.</summary>
        public int WhiteKing { get; set; }
    }

    /// <summary>The feature changes of one move (shogi_feature_delta_t), reused
    /// from call to call: per perspective a refresh flag or Count removed and
    /// added features.</summary>
    public sealed class FeatureDelta
    {
        // refresh[2], count[2], removed[2][2], added[2][2] as in the C struct.
        internal const int Ints = 12;
        internal readonly int[] Raw = new int[Ints];

        /// <summary>Whether every feature of the perspective changes (recompute it from the board).</summary>
        public bool Refresh(Side perspective) { return Raw[(int)perspective] != 0; }

        /// <summary>How many features the move removes (and adds) in the perspective.</summary>
        public int Count(Side perspective) { return Raw[2 + (int)perspective]; }

        /// <summary>The i-th removed feature of the perspective.</summary>
        public int Removed(Side perspective, int i) { return Raw[4 + 2 * (int)perspective + Index(i)]; }

        /// <summary>The i-th added feature of the perspective.</summary>
        public int Added(Side perspective, int i) { return Raw[8 + 2 * (int)perspective + Index(i)]; }

        private static int Index(int i)
        {
            if (i < 0 || i >= EvalBackend.DeltaMax)
                throw new ArgumentOutOfRangeException("i");
            return i;
        }
    }

    /// <summary>libshogi as the evaluator of an engine with its own board (the
    /// "eval backend" section of shogi.h). Squares are (file - 1) * 9 + (rank - 1);
    /// a piece code is its type (1 pawn, 2 lance, 3 knight, 4 silver, 5 bishop,
    /// 6 rook, 7 gold, 8 king, 9..14 the promoted pawn, lance, knight, silver,
    /// bishop, rook) + 16 for White, 0 empty; a board is 81 codes and hands 14
    /// counts (Black's 7 then White's: pawn, lance, knight, silver, bishop, rook,
    /// gold). None of these calls allocates unless it fails.</summary>
    public static class EvalBackend
    {
        /// <summary>SHOGI_SQUARE_NONE: the from-square of a drop.</summary>
        public const int SquareNone = -1;
        /// <summary>SHOGI_HAND_SLOTS.</summary>
        public const int HandSlots = 14;
        /// <summary>SHOGI_EVALSTACK_MAX_PLIES.</summary>
        public const int MaxPlies = 16384;
        /// <summary>SHOGI_FEATURE_DELTA_MAX.</summary>
        public const int DeltaMax = 2;

        /// <summary>The feature changes of a move in the network's feature set, into delta.</summary>
        public static void MoveFeatures(this Network network, ref PieceMove move, FeatureDelta delta)
        {
            if (network == null)
                throw new ArgumentNullException("network");
            if (delta == null)
                throw new ArgumentNullException("delta");
            byte[] err = ThreadError();
            Errors.Check(NativeMethods.shogi_network_move_features(network.Handle, ref move, delta.Raw, err), err);
        }

        /// <summary>The active features of both perspectives of a board (hands may be null);
        /// returns how many per perspective (the net's max_active).</summary>
        public static int BoardFeatures(this Network network, byte[] squares, byte[] hands, Side sideToMove,
                                        int[] black, int[] white)
        {
            if (network == null)
                throw new ArgumentNullException("network");
            CheckBoard(squares, hands);
            if (black == null || white == null)
                throw new ArgumentNullException(black == null ? "black" : "white");
            byte[] err = Errors.New();
            UIntPtr count;
            Errors.Check(NativeMethods.shogi_network_board_features(network.Handle, squares, hands, (int)sideToMove,
                black, white, (UIntPtr)Math.Min(black.Length, white.Length), out count, err), err);
            return (int)count;
        }

        /// <summary>Evaluates n = values.Length boards: squares n * 81 codes, hands n * 14
        /// counts (or null), sides n colours. A bad board throws naming the first bad
        /// index; its value is 0 and the others are still written.</summary>
        public static void EvaluateBoards(this Network network, byte[] squares, byte[] hands, byte[] sides, int[] values,
                                          int fvScale = Network.DefaultFVScale)
        {
            if (network == null)
                throw new ArgumentNullException("network");
            if (squares == null || sides == null || values == null)
                throw new ArgumentNullException(squares == null ? "squares" : sides == null ? "sides" : "values");
            int n = values.Length;
            if (squares.Length < n * 81 || sides.Length < n || (hands != null && hands.Length < n * HandSlots))
                throw new ArgumentException("squares, hands or sides shorter than values.Length positions need");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_network_evaluate_boards(network.Handle, squares, hands, sides, (UIntPtr)n,
                fvScale, values, err), err);
        }

        /// <summary>The board of a libshogi position in these codes (either array may be null).</summary>
        public static void PiecesOf(Position position, byte[] squares, byte[] hands)
        {
            if (position == null)
                throw new ArgumentNullException("position");
            if ((squares != null && squares.Length < 81) || (hands != null && hands.Length < HandSlots))
                throw new ArgumentException("squares needs 81 bytes, hands 14");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_pieces(position.Handle, squares, hands, err), err);
        }

        // The error buffer of the calls without an object of their own: one per
        // thread, so that MoveFeatures allocates nothing.
        [ThreadStatic] private static byte[] threadError;

        private static byte[] ThreadError()
        {
            return threadError ?? (threadError = Errors.New());
        }

        internal static void CheckBoard(byte[] squares, byte[] hands)
        {
            if (squares == null)
                throw new ArgumentNullException("squares");
            if (squares.Length < 81 || (hands != null && hands.Length < HandSlots))
                throw new ArgumentException("squares needs 81 bytes, hands 14");
        }
    }

    /// <summary>An evaluation stack for one search thread (shogi_evalstack_t): set the
    /// root, push each move as the engine makes it (a move16 value), pop it on unmake,
    /// and ask for a score when one is needed (computed incrementally). Push, Pop,
    /// PushEvaluate and Evaluate allocate nothing (the error buffer is the stack's).
    /// One thread at a time.</summary>
    public sealed partial class EvalStack : IDisposable
    {
        private readonly EvalStackHandle handle;
        private readonly byte[] err = Errors.New();

        /// <summary>A stack for network; fvScale 0 takes the net's FV_SCALE.</summary>
        public EvalStack(Network network, int fvScale = 0)
        {
            if (network == null)
                throw new ArgumentNullException("network");
            EvalStackHandle h;
            int status = NativeMethods.shogi_evalstack_new(network.Handle, fvScale, out h, err);
            if (status != 0)
            {
                if (h != null)
                    h.Dispose();
                throw Errors.Create(status, err);
            }
            handle = h;
        }

        /// <summary>The native handle.</summary>
        public EvalStackHandle Handle { get { return handle; } }

        /// <summary>Releases the native stack.</summary>
        public void Dispose() { handle.Dispose(); }

        /// <summary>Sets the root (ply 0) from a board (hands may be null).</summary>
        public void SetRoot(byte[] squares, byte[] hands, Side sideToMove)
        {
            EvalBackend.CheckBoard(squares, hands);
            Errors.Check(NativeMethods.shogi_evalstack_set_root(handle, squares, hands, (int)sideToMove, err), err);
        }

        /// <summary>Makes a move (its low 16 bits: move16) for the side to move.</summary>
        public void Push(uint move)
        {
            int status = NativeMethods.shogi_evalstack_push(handle, move, err);
            if (status != 0)
                throw Errors.Create(status, err);
        }

        /// <summary>Push without an exception: false (nothing pushed) when the
        /// stack refuses the move (SHOGI_E_ILLEGAL_MOVE); other errors throw.</summary>
        public bool TryPush(uint move)
        {
            int status = NativeMethods.shogi_evalstack_push(handle, move, err);
            if (status == (int)Status.IllegalMove)
                return false;
            if (status != 0)
                throw Errors.Create(status, err);
            return true;
        }

        /// <summary>Push, then the evaluation after the move for its side to move.</summary>
        public int PushEvaluate(uint move)
        {
            int value;
            int status = NativeMethods.shogi_evalstack_push_evaluate(handle, move, out value, err);
            if (status != 0)
                throw Errors.Create(status, err);
            return value;
        }

        /// <summary>Passes the turn (a null move), popped like a move.</summary>
        public void PushNull()
        {
            int status = NativeMethods.shogi_evalstack_push_null(handle, err);
            if (status != 0)
                throw Errors.Create(status, err);
        }

        /// <summary>Takes back the last push.</summary>
        public void Pop()
        {
            int status = NativeMethods.shogi_evalstack_pop(handle, err);
            if (status != 0)
                throw Errors.Create(status, err);
        }

        /// <summary>The evaluation of the top ply for its side to move.</summary>
        public int Evaluate()
        {
            int value;
            int status = NativeMethods.shogi_evalstack_evaluate(handle, out value, err);
            if (status != 0)
                throw Errors.Create(status, err);
            return value;
        }

        /// <summary>The evaluation after a move, for its side to move, with the stack
        /// left as it was (push, evaluate and pop in one call: scoring a leaf).</summary>
        public int EvaluateMove(uint move)
        {
            int value;
            int status = NativeMethods.shogi_evalstack_evaluate_move(handle, move, out value, err);
            if (status != 0)
                throw Errors.Create(status, err);
            return value;
        }

        /// <summary>EvaluateMove for the first count moves into values (all the children
        /// of a node in one call). A refused move scores 0 and throws naming the first
        /// such index after the others are scored.</summary>
        public void EvaluateMoves(uint[] moves, int count, int[] values)
        {
            if (moves == null || values == null)
                throw new ArgumentNullException(moves == null ? "moves" : "values");
            if (count < 0 || count > moves.Length || count > values.Length)
                throw new ArgumentOutOfRangeException("count");
            int status = NativeMethods.shogi_evalstack_evaluate_moves(handle, moves, (UIntPtr)count, values, err);
            if (status != 0)
                throw Errors.Create(status, err);
        }

        /// <summary>The number of plies pushed above the root.</summary>
        public int Ply
        {
            get
            {
                int ply;
                int status = NativeMethods.shogi_evalstack_ply(handle, out ply, err);
                if (status != 0)
                    throw Errors.Create(status, err);
                return ply;
            }
        }
    }
}
