using System;

namespace LibShogi
{
    /// <summary>A move: the library's 32-bit move value. The low 16 bits are
    /// YaneuraOu's move16 (bits 0-6 to-square, 7-13 from-square or drop piece
    /// type, bit 14 drop, bit 15 promotion); bits 16-20 hold the moving piece
    /// in moves the library returns. Squares are (file-1)*9 + (rank-1).</summary>
    public struct Move : IEquatable<Move>
    {
        private readonly uint value;

        /// <summary>No move (value 0).</summary>
        public static readonly Move None = new Move(0);
        /// <summary>The null move (pass), USI "0000".</summary>
        public static readonly Move Null = new Move(0x0081);
        /// <summary>USI "resign".</summary>
        public static readonly Move Resign = new Move(0x0102);
        /// <summary>The declaration win, USI "win".</summary>
        public static readonly Move Win = new Move(0x0183);

        /// <summary>A move from its 32-bit library value.</summary>
        public Move(uint value)
        {
            this.value = value;
        }

        /// <summary>The full 32-bit value.</summary>
        public uint Value { get { return value; } }

        /// <summary>The move16 (YaneuraOu convention).</summary>
        public ushort Move16 { get { return (ushort)value; } }

        /// <summary>Whether this is <see cref="None"/>.</summary>
        public bool IsNone { get { return value == 0; } }

        /// <summary>Whether this is a drop.</summary>
        public bool IsDrop { get { return (value & 0x4000) != 0; } }

        /// <summary>Whether this move promotes.</summary>
        public bool IsPromotion { get { return (value & 0x8000) != 0; } }

        /// <summary>The destination square index, 0 (1a) .. 80 (9i).</summary>
        public int To { get { return (int)(value & 0x7f); } }

        /// <summary>The origin square index, or -1 for a drop.</summary>
        public int From { get { return IsDrop ? -1 : (int)((value >> 7) & 0x7f); } }

        /// <summary>The dropped piece type, or None for a board move.</summary>
        public PieceType DropType
        {
            get { return IsDrop ? (PieceType)((value >> 7) & 0x7f) : PieceType.None; }
        }

        /// <summary>The moving piece's type (from bits 16-20; None in a bare move16).</summary>
        public PieceType PieceType { get { return (PieceType)((value >> 16) & 0x0f); } }

        /// <summary>The moving piece's color (from bits 16-20; meaningful only
        /// when <see cref="PieceType"/> is not None).</summary>
        public Side PieceSide { get { return (value & (16u << 16)) != 0 ? Side.White : Side.Black; } }

        /// <summary>USI text ("7g7f", "8h2b+", "P*5e", "resign" ...).
        /// Throws <see cref="ShogiArgumentException"/> for a value that is no move.</summary>
        public string ToUsi()
        {
            // SHOGI_USI_MOVE_SIZE bytes hold any move text.
            byte[] buf = new byte[8];
            byte[] err = Errors.New();
            UIntPtr needed;
            int status = NativeMethods.shogi_move_to_usi(value, buf, (UIntPtr)buf.Length, out needed, err);
            if (status == (int)Status.BufferTooSmall)
            {
                buf = new byte[(int)needed.ToUInt64()];
                status = NativeMethods.shogi_move_to_usi(value, buf, (UIntPtr)buf.Length, out needed, err);
            }
            Errors.Check(status, err);
            return Utf8.Decode(buf, 0, buf.Length);
        }

        /// <summary>The move16 in the hcpe convention.</summary>
        public ushort ToHcpe()
        {
            return NativeMethods.shogi_move16_to_hcpe(Move16);
        }

        /// <summary>A bare move from an hcpe-convention move16.</summary>
        public static Move FromHcpe(ushort hcpeMove16)
        {
            return new Move(NativeMethods.shogi_hcpe_to_move16(hcpeMove16));
        }

        /// <summary>The USI text, or the value in hexadecimal when it is no move.</summary>
        public override string ToString()
        {
            try
            {
                return ToUsi();
            }
            catch (ShogiArgumentException)
            {
                return string.Format("0x{0:x}", value);
            }
        }

        /// <summary>Same value.</summary>
        public bool Equals(Move other) { return value == other.value; }

        /// <summary>Same value (for a boxed Move).</summary>
        public override bool Equals(object obj) { return obj is Move && ((Move)obj).value == value; }

        /// <summary>A hash of the value.</summary>
        public override int GetHashCode() { return (int)value; }

        /// <summary>Same value.</summary>
        public static bool operator ==(Move a, Move b) { return a.value == b.value; }

        /// <summary>Different values.</summary>
        public static bool operator !=(Move a, Move b) { return a.value != b.value; }

        /// <summary>The 32-bit value.</summary>
        public static explicit operator uint(Move m) { return m.value; }

        /// <summary>The move of a 32-bit value.</summary>
        public static explicit operator Move(uint value) { return new Move(value); }
    }
}
