using System;

namespace LibShogi
{
    /// <summary>A shogi position: board, hands, side to move, move number and
    /// the history of the moves done on it (undo, repetition rules).
    /// Reading one Position from several threads is safe; mutating it
    /// (DoMove, UndoMove, SetSfen, Dispose) while another thread uses it is
    /// not: synchronise, or give each thread its own <see cref="Clone"/>.</summary>
    public sealed partial class Position : IDisposable
    {
        private readonly PositionHandle handle;

        /// <summary>The standard start position.</summary>
        public Position()
        {
            byte[] err = Errors.New();
            PositionHandle h;
            Errors.Check(NativeMethods.shogi_position_new(out h, err), err);
            handle = h;
        }

        private Position(PositionHandle h)
        {
            handle = h;
        }

        /// <summary>The native handle (for other LibShogi types and interop).
        /// Never null; owned by this position (do not dispose it yourself).</summary>
        public PositionHandle Handle { get { return handle; } }

        /// <summary>A position from SFEN text ("sfen " prefix and move number
        /// optional; "startpos" is the start position).</summary>
        /// <exception cref="ShogiParseException">bad text or an impossible position</exception>
        public static Position FromSfen(string sfen)
        {
            return FromSfen(sfen, SfenOptions.None);
        }

        /// <summary>A position from SFEN text with validation relaxed.</summary>
        public static Position FromSfen(string sfen, SfenOptions options)
        {
            byte[] text = Utf8.Encode(sfen, "sfen");
            byte[] err = Errors.New();
            PositionHandle h;
            int status = options == SfenOptions.None
                ? NativeMethods.shogi_position_from_sfen(text, out h, err)
                : NativeMethods.shogi_position_from_sfen_ex(text, (uint)options, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>The start position of a handicap by name ("even",
        /// "lance", "bishop", "rook", "2-piece" ..., or its KIF name 香落ち ...).</summary>
        /// <exception cref="ShogiArgumentException">unknown name</exception>
        public static Position FromHandicap(string name)
        {
            byte[] text = Utf8.Encode(name, "name");
            byte[] err = Errors.New();
            PositionHandle h;
            int status = NativeMethods.shogi_position_from_handicap(text, out h, err);
            return Wrap(status, h, err);
        }

        /// <summary>An independent copy, history included.</summary>
        public Position Clone()
        {
            byte[] err = Errors.New();
            PositionHandle h;
            int status = NativeMethods.shogi_position_clone(handle, out h, err);
            return Wrap(status, h, err);
        }

        // A Position for a handle a native call created (or its error).
        internal static Position FromHandle(int status, PositionHandle h, byte[] err)
        {
            return Wrap(status, h, err);
        }

        private static Position Wrap(int status, PositionHandle h, byte[] err)
        {
            if (status != 0)
            {
                if (h != null)
                    h.Dispose(); // invalid (0): nothing to free
                throw Errors.Create(status, err);
            }
            return new Position(h);
        }

        /// <summary>Releases the native position now (the finalizer of the
        /// handle does it otherwise).</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        /// <summary>True once disposed.</summary>
        public bool IsDisposed { get { return handle.IsClosed; } }

        // ---- SFEN -----------------------------------------------------------

        /// <summary>Canonical SFEN text (without the "sfen " prefix).</summary>
        public string Sfen
        {
            get
            {
                byte[] buf = new byte[160];
                byte[] err = Errors.New();
                UIntPtr needed;
                int status = NativeMethods.shogi_position_sfen(handle, buf, (UIntPtr)buf.Length, out needed, err);
                if (status == (int)Status.BufferTooSmall)
                {
                    buf = new byte[(int)needed.ToUInt64()];
                    err = Errors.New();
                    status = NativeMethods.shogi_position_sfen(handle, buf, (UIntPtr)buf.Length, out needed, err);
                }
                Errors.Check(status, err);
                return Utf8.Decode(buf, 0, buf.Length);
            }
        }

        /// <summary>Replaces the position with SFEN text and clears the
        /// history. On error the position is unchanged.</summary>
        public void SetSfen(string sfen)
        {
            byte[] text = Utf8.Encode(sfen, "sfen");
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_set_sfen(handle, text, err), err);
        }

        /// <summary>The SFEN text ("Position(disposed)" once disposed).</summary>
        public override string ToString()
        {
            return IsDisposed ? "Position(disposed)" : Sfen;
        }

        // ---- State ----------------------------------------------------------

        /// <summary>The side to move.</summary>
        public Side SideToMove
        {
            get
            {
                byte[] err = Errors.New();
                int c;
                Errors.Check(NativeMethods.shogi_position_side_to_move(handle, out c, err), err);
                return (Side)c;
            }
        }

        /// <summary>The SFEN move number: 1 at the start position, +1 per move
        /// (an SFEN may start at another number). Not a count of moves played:
        /// <see cref="Record.PositionAt"/> counts moves played from the
        /// record's start (0 = the start), so
        /// <c>record.PositionAt(k).MoveNumber == record.PositionAt(0).MoveNumber + k</c>.</summary>
        public int MoveNumber { get { return PlyValue; } }

        /// <summary>The SFEN move number, as <see cref="MoveNumber"/> (the old
        /// name: "ply" read as a 0-based count of moves played is wrong).</summary>
        [Obsolete("Use MoveNumber: the SFEN move number, 1-based (Record.PositionAt counts moves played, 0-based).")]
        public int Ply { get { return PlyValue; } }

        private int PlyValue
        {
            get
            {
                byte[] err = Errors.New();
                int ply;
                Errors.Check(NativeMethods.shogi_position_ply(handle, out ply, err), err);
                return ply;
            }
        }

        /// <summary>Zobrist key of board, hands and side to move.</summary>
        public ulong Key
        {
            get
            {
                byte[] err = Errors.New();
                ulong key;
                Errors.Check(NativeMethods.shogi_position_key(handle, out key, err), err);
                return key;
            }
        }

        /// <summary>True if the side to move is in check.</summary>
        public bool InCheck
        {
            get
            {
                byte[] err = Errors.New();
                int v;
                Errors.Check(NativeMethods.shogi_position_in_check(handle, out v, err), err);
                return v != 0;
            }
        }

        // ---- Moves ----------------------------------------------------------

        /// <summary>The legal moves (with their piece bits).</summary>
        public Move[] LegalMoves()
        {
            // SHOGI_MAX_MOVES always fits; the retry is for a future library
            // that raises it.
            uint[] buf = new uint[600];
            byte[] err = Errors.New();
            UIntPtr count;
            int status = NativeMethods.shogi_position_legal_moves(handle, buf, (UIntPtr)buf.Length, out count, err);
            if (status == (int)Status.BufferTooSmall)
            {
                buf = new uint[(int)count.ToUInt64()];
                err = Errors.New();
                status = NativeMethods.shogi_position_legal_moves(handle, buf, (UIntPtr)buf.Length, out count, err);
            }
            Errors.Check(status, err);
            int n = (int)count.ToUInt64();
            Move[] moves = new Move[n];
            for (int i = 0; i < n; i++)
                moves[i] = new Move(buf[i]);
            return moves;
        }

        /// <summary>True if the move (its low 16 bits) is legal here. Never
        /// throws for a malformed move.</summary>
        public bool IsLegal(Move move)
        {
            byte[] err = Errors.New();
            int legal;
            Errors.Check(NativeMethods.shogi_position_is_legal(handle, move.Value, out legal, err), err);
            return legal != 0;
        }

        /// <summary>True if the USI text is a legal move here (false for
        /// malformed text and null too).</summary>
        public bool IsLegal(string usi)
        {
            Move m;
            return TryParseMove(usi, out m);
        }

        /// <summary>The legal move for USI text, with its piece bits.</summary>
        /// <exception cref="ShogiParseException">malformed text</exception>
        /// <exception cref="IllegalMoveException">not legal here</exception>
        public Move ParseMove(string usi)
        {
            byte[] text = Utf8.Encode(usi, "usi");
            byte[] err = Errors.New();
            uint m;
            Errors.Check(NativeMethods.shogi_position_move_from_usi(handle, text, out m, err), err);
            return new Move(m);
        }

        /// <summary>Like <see cref="ParseMove"/> without exceptions for bad
        /// or illegal text: false (move None) for malformed, illegal or null
        /// text, as .NET's own TryParse methods.</summary>
        public bool TryParseMove(string usi, out Move move)
        {
            if (usi == null)
            {
                move = Move.None;
                return false;
            }
            byte[] text = Utf8.Encode(usi, "usi");
            byte[] err = Errors.New();
            uint m;
            int status = NativeMethods.shogi_position_move_from_usi(handle, text, out m, err);
            if (status == (int)Status.Parse || status == (int)Status.IllegalMove)
            {
                move = Move.None;
                return false;
            }
            Errors.Check(status, err);
            move = new Move(m);
            return true;
        }

        /// <summary>The legal move for a move16 (YaneuraOu convention, or hcpe
        /// when <paramref name="hcpe"/> is true).</summary>
        /// <exception cref="IllegalMoveException">not legal here</exception>
        public Move MoveFromMove16(ushort move16, bool hcpe = false)
        {
            byte[] err = Errors.New();
            uint m;
            Errors.Check(NativeMethods.shogi_position_move_from_move16(handle, move16, hcpe ? 1 : 0, out m, err), err);
            return new Move(m);
        }

        /// <summary>Plays a legal move (one from <see cref="LegalMoves"/>,
        /// <see cref="ParseMove"/> or a search); <see cref="UndoMove"/> takes it
        /// back. Not thread-safe: a position is used by one thread at a time.</summary>
        /// <exception cref="IllegalMoveException">not legal; the position is unchanged</exception>
        public void DoMove(Move move)
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_do_move(handle, move.Value, err), err);
        }

        /// <summary>Does a legal move given as USI text; returns the move done.</summary>
        /// <exception cref="ShogiParseException">malformed text</exception>
        /// <exception cref="IllegalMoveException">not legal; the position is unchanged</exception>
        public Move DoMove(string usi)
        {
            byte[] text = Utf8.Encode(usi, "usi");
            byte[] err = Errors.New();
            uint m;
            Errors.Check(NativeMethods.shogi_position_do_move_usi(handle, text, out m, err), err);
            return new Move(m);
        }

        /// <summary>Does several USI moves in order (e.g. the moves of a
        /// "position ... moves ..." command). Stops at the first bad one and
        /// throws; the moves before it stay done.</summary>
        public void DoMoves(params string[] usiMoves)
        {
            if (usiMoves == null)
                throw new ArgumentNullException("usiMoves");
            foreach (string usi in usiMoves)
                DoMove(usi);
        }

        /// <summary>Undoes the last move done on this position.</summary>
        /// <exception cref="ShogiStateException">no move to undo</exception>
        public void UndoMove()
        {
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_undo_move(handle, err), err);
        }

        /// <summary>The number of leaf nodes of the legal move tree (0..32 plies).</summary>
        public ulong Perft(int depth)
        {
            byte[] err = Errors.New();
            ulong nodes;
            Errors.Check(NativeMethods.shogi_position_perft(handle, depth, out nodes, err), err);
            return nodes;
        }

        /// <summary>A mate-in-one move of the side to move, or <see cref="Move.None"/>.</summary>
        public Move Mate1()
        {
            byte[] err = Errors.New();
            uint m;
            Errors.Check(NativeMethods.shogi_position_mate1(handle, out m, err), err);
            return new Move(m);
        }

        // ---- Game state -----------------------------------------------------

        /// <summary>Fourfold-repetition adjudication of the moves done so far.</summary>
        public Repetition Repetition
        {
            get
            {
                byte[] err = Errors.New();
                int state;
                Errors.Check(NativeMethods.shogi_position_repetition(handle, out state, err), err);
                return (Repetition)state;
            }
        }

        /// <summary>Adjudicates the game: checkmate, then repetition, then the
        /// move limit (0 = none).</summary>
        public GameResult GetGameResult(int maxMoves = 0)
        {
            byte[] err = Errors.New();
            int result;
            Errors.Check(NativeMethods.shogi_position_game_result(handle, maxMoves, out result, err), err);
            return (GameResult)result;
        }

        /// <summary>Judges a declaration by the side to move.
        /// <paramref name="move"/> is what an engine plays to claim the win
        /// (<see cref="Move.Win"/> or the king move under the try rule), or
        /// <see cref="Move.None"/>.</summary>
        public DeclarationResult Declaration(DeclarationRule rule, out Move move)
        {
            byte[] err = Errors.New();
            int result;
            uint m;
            Errors.Check(NativeMethods.shogi_position_declaration(handle, (int)rule, out result, out m, err), err);
            move = new Move(m);
            return (DeclarationResult)result;
        }

        /// <summary>Judges a declaration by the side to move.</summary>
        public DeclarationResult Declaration(DeclarationRule rule)
        {
            Move ignored;
            return Declaration(rule, out ignored);
        }
        // ---- NNUE features --------------------------------------------------

        /// <summary>The active HalfKP feature indices for both perspectives
        /// (38 each).</summary>
        /// <exception cref="ShogiStateException">a king is missing</exception>
        public void GetHalfKPFeatures(out int[] black, out int[] white)
        {
            byte[] err = Errors.New();
            UIntPtr count;
            Errors.Check(NativeMethods.shogi_position_halfkp_features(handle, null, null, UIntPtr.Zero, out count, err), err);
            int n = (int)count.ToUInt64();
            black = new int[n];
            white = new int[n];
            Errors.Check(NativeMethods.shogi_position_halfkp_features(handle, black, white, (UIntPtr)n, out count, err), err);
        }
    }
}
