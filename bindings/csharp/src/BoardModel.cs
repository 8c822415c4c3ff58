// The board model a GUI draws from: squares, pieces, the pieces on the
// board and in hand, promotion choices and move text (USI, KIF, KI2).
using System;
using System.Collections.Generic;
using System.Globalization;

namespace LibShogi
{
    /// <summary>A board square: file 1..9 (right to left from Black's
    /// side) and rank 1..9 (top to bottom, "a".."i" in USI). Its
    /// <see cref="Index"/> is the library's: (file-1)*9 + (rank-1).</summary>
    public struct Square : IEquatable<Square>
    {
        private readonly byte index;

        /// <summary>The square of a library index, 0 (1a) .. 80 (9i).</summary>
        /// <param name="index">the index</param>
        /// <exception cref="ArgumentOutOfRangeException">index outside 0..80</exception>
        public Square(int index)
        {
            if (index < 0 || index >= Count)
                throw new ArgumentOutOfRangeException("index", index, "a square index is 0..80");
            this.index = (byte)index;
        }

        /// <summary>The number of squares.</summary>
        public const int Count = 81;

        /// <summary>The square at file and rank (both 1..9).</summary>
        /// <param name="file">1..9</param>
        /// <param name="rank">1..9</param>
        /// <returns>the square</returns>
        /// <exception cref="ArgumentOutOfRangeException">file or rank outside 1..9</exception>
        public static Square At(int file, int rank)
        {
            if (file < 1 || file > 9)
                throw new ArgumentOutOfRangeException("file", file, "a file is 1..9");
            if (rank < 1 || rank > 9)
                throw new ArgumentOutOfRangeException("rank", rank, "a rank is 1..9");
            return new Square((file - 1) * 9 + rank - 1);
        }

        /// <summary>All 81 squares in index order.</summary>
        public static IEnumerable<Square> All
        {
            get
            {
                for (int i = 0; i < Count; i++)
                    yield return new Square(i);
            }
        }

        /// <summary>The library index, 0 (1a) .. 80 (9i).</summary>
        public int Index { get { return index; } }
        /// <summary>The file, 1..9.</summary>
        public int File { get { return index / 9 + 1; } }
        /// <summary>The rank, 1..9.</summary>
        public int Rank { get { return index % 9 + 1; } }

        /// <summary>Whether the square is in <paramref name="side"/>'s
        /// promotion zone (the three far ranks).</summary>
        /// <param name="side">the side moving</param>
        /// <returns>true in the zone</returns>
        public bool IsPromotionZone(Side side)
        {
            return side == Side.Black ? Rank <= 3 : Rank >= 7;
        }

        /// <summary>USI text: "7g".</summary>
        /// <returns>the text</returns>
        public string ToUsi()
        {
            return File.ToString(CultureInfo.InvariantCulture) + (char)('a' + Rank - 1);
        }

        /// <summary>Japanese text as in KIF: "７六".</summary>
        /// <returns>the text</returns>
        public string ToJapanese()
        {
            return "１２３４５６７８９"[File - 1].ToString() + "一二三四五六七八九"[Rank - 1];
        }

        /// <summary>Reads USI square text ("7g").</summary>
        /// <param name="text">the text (null is no square: false)</param>
        /// <param name="square">the square, when the text is one</param>
        /// <returns>whether the text is a square</returns>
        public static bool TryParseUsi(string text, out Square square)
        {
            square = default(Square);
            if (text == null || text.Length != 2 || text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'i')
                return false;
            square = At(text[0] - '0', text[1] - 'a' + 1);
            return true;
        }

        /// <summary>Reads USI square text ("7g").</summary>
        /// <param name="text">the text</param>
        /// <returns>the square</returns>
        /// <exception cref="FormatException">the text is not a square</exception>
        public static Square ParseUsi(string text)
        {
            Square s;
            if (!TryParseUsi(text, out s))
                throw new FormatException("not a USI square: \"" + text + "\"");
            return s;
        }

        /// <summary>The USI text.</summary>
        /// <returns>the text</returns>
        public override string ToString() { return ToUsi(); }

        /// <summary>Same square.</summary>
        /// <param name="other">the other square</param>
        /// <returns>true when equal</returns>
        public bool Equals(Square other) { return index == other.index; }

        /// <summary>Same square.</summary>
        /// <param name="obj">the other object</param>
        /// <returns>true when a Square and equal</returns>
        public override bool Equals(object obj) { return obj is Square && Equals((Square)obj); }

        /// <summary>The index.</summary>
        /// <returns>a hash code</returns>
        public override int GetHashCode() { return index; }

        /// <summary>Same square.</summary>
        /// <param name="a">a square</param>
        /// <param name="b">another square</param>
        /// <returns>true when equal</returns>
        public static bool operator ==(Square a, Square b) { return a.index == b.index; }

        /// <summary>Different squares.</summary>
        /// <param name="a">a square</param>
        /// <param name="b">another square</param>
        /// <returns>true when different</returns>
        public static bool operator !=(Square a, Square b) { return a.index != b.index; }
    }

    /// <summary>A piece with its side, or no piece (<see cref="IsEmpty"/>).
    /// Its <see cref="Code"/> is the library's: the type, plus 16 for White.</summary>
    public struct Piece : IEquatable<Piece>
    {
        private readonly byte code;

        /// <summary>No piece.</summary>
        public static readonly Piece Empty = default(Piece);

        /// <summary>A piece of a type and side.</summary>
        /// <param name="type">the type (not None)</param>
        /// <param name="side">the side</param>
        public Piece(PieceType type, Side side)
        {
            if (type <= PieceType.None || type > PieceType.Dragon)
                throw new ArgumentOutOfRangeException("type", type, "not a piece type");
            code = (byte)((int)type + (side == Side.White ? 16 : 0));
        }

        internal Piece(byte code)
        {
            this.code = code;
        }

        /// <summary>The library's code: type + 16 for White, 0 for none.</summary>
        public int Code { get { return code; } }
        /// <summary>Whether this is no piece.</summary>
        public bool IsEmpty { get { return code == 0; } }
        /// <summary>The type (None for an empty square).</summary>
        public PieceType Type { get { return (PieceType)(code & 15); } }
        /// <summary>The side (Black for an empty square).</summary>
        public Side Side { get { return (code & 16) != 0 ? Side.White : Side.Black; } }
        /// <summary>Whether the piece is promoted (と, 成香, 成桂, 成銀, 馬, 竜).</summary>
        public bool IsPromoted { get { return Type >= PieceType.ProPawn; } }
        /// <summary>Whether the piece has a promoted form (pawn .. rook, not gold or king).</summary>
        public bool CanPromote { get { return Type >= PieceType.Pawn && Type <= PieceType.Rook; } }

        /// <summary>The one-character kanji of a board diagram: 歩 香 桂 銀 角 飛 金 玉 と 杏 圭 全 馬 竜
        /// ("" for an empty square).</summary>
        public string Kanji { get { return IsEmpty ? "" : "歩香桂銀角飛金玉と杏圭全馬竜"[(int)Type - 1].ToString(); } }

        /// <summary>SFEN text: "P", "+b", "" for an empty square.</summary>
        /// <returns>the text</returns>
        public string ToUsi()
        {
            if (IsEmpty)
                return "";
            int t = (int)Type;
            string s = "PLNSBRGK"[(t > 8 ? t - 8 : t) - 1].ToString();
            if (IsPromoted)
                s = "+" + s;
            return Side == Side.White ? s.ToLowerInvariant() : s;
        }

        /// <summary>The SFEN text.</summary>
        /// <returns>the text</returns>
        public override string ToString() { return ToUsi(); }

        /// <summary>Same piece.</summary>
        /// <param name="other">the other piece</param>
        /// <returns>true when equal</returns>
        public bool Equals(Piece other) { return code == other.code; }

        /// <summary>Same piece.</summary>
        /// <param name="obj">the other object</param>
        /// <returns>true when a Piece and equal</returns>
        public override bool Equals(object obj) { return obj is Piece && Equals((Piece)obj); }

        /// <summary>The code.</summary>
        /// <returns>a hash code</returns>
        public override int GetHashCode() { return code; }
    }

    /// <summary>Move text notations (<see cref="Position.MoveText"/>).</summary>
    public enum MoveNotation
    {
        /// <summary>USI: "7g7f".</summary>
        Usi = 0,
        /// <summary>A KIF move line: "７六歩(77)", "同　銀(31)", "５五歩打".</summary>
        Kif = 1,
        /// <summary>KI2: "７六歩", "同銀", "５八金左", "３三角不成".</summary>
        Ki2 = 2,
    }

    /// <summary>The promotion choice of a board move between two squares.</summary>
    public enum PromotionChoice
    {
        /// <summary>No legal move goes between the squares.</summary>
        NoMove = 0,
        /// <summary>A legal move that cannot promote.</summary>
        Never = 1,
        /// <summary>The move may promote or not: ask the user.</summary>
        Optional = 2,
        /// <summary>Only the promoting move is legal (a piece that could not move again).</summary>
        Mandatory = 3,
    }

    /// <summary>The pieces of a position at one moment: the board and both hands.</summary>
    public sealed class BoardSnapshot
    {
        private readonly byte[] board;
        private readonly byte[] hands;

        internal BoardSnapshot(byte[] board, byte[] hands)
        {
            this.board = board;
            this.hands = hands;
        }

        /// <summary>The piece on a square.</summary>
        /// <param name="square">the square</param>
        /// <returns>the piece, or <see cref="Piece.Empty"/></returns>
        public Piece this[Square square] { get { return new Piece(board[square.Index]); } }

        /// <summary>How many pieces of a type (Pawn .. Gold) a side holds.</summary>
        /// <param name="side">the side</param>
        /// <param name="type">Pawn .. Gold</param>
        /// <returns>the count</returns>
        public int HandCount(Side side, PieceType type)
        {
            if (type < PieceType.Pawn || type > PieceType.Gold)
                throw new ArgumentOutOfRangeException("type", type, "pieces in hand are Pawn .. Gold");
            return hands[(int)side * 8 + (int)type];
        }
    }

    public sealed partial class Position
    {
        /// <summary>The pieces on the board and in hand now, in one call (a
        /// GUI draws from this).</summary>
        /// <returns>the snapshot</returns>
        public BoardSnapshot GetBoard()
        {
            byte[] board = new byte[Square.Count];
            byte[] hands = new byte[16];
            byte[] err = Errors.New();
            Errors.Check(NativeMethods.shogi_position_board(handle, board, hands, err), err);
            return new BoardSnapshot(board, hands);
        }

        /// <summary>The piece on a square (<see cref="Piece.Empty"/> when none).</summary>
        /// <param name="square">the square</param>
        /// <returns>the piece</returns>
        public Piece PieceAt(Square square)
        {
            return GetBoard()[square];
        }

        /// <summary>How many pieces of a type (Pawn .. Gold) a side holds.</summary>
        /// <param name="side">the side</param>
        /// <param name="type">Pawn .. Gold</param>
        /// <returns>the count</returns>
        public int HandCount(Side side, PieceType type)
        {
            return GetBoard().HandCount(side, type);
        }

        /// <summary>The text of a legal move of this position as a record
        /// writes it (no ▲/△ marker): "同" when it lands where the last move
        /// did, KI2 disambiguation against the other legal moves.</summary>
        /// <param name="move">a legal move</param>
        /// <param name="notation">USI, KIF or KI2</param>
        /// <returns>the text</returns>
        /// <exception cref="IllegalMoveException">the move is not legal here</exception>
        public string MoveText(Move move, MoveNotation notation)
        {
            return StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                NativeMethods.shogi_position_move_text(handle, move.Value, (int)notation, buf, cap, out needed, err), 32);
        }

        /// <summary>Whether a board move from one square to another may, must
        /// or cannot promote (for a GUI's click moves).</summary>
        /// <param name="from">the origin</param>
        /// <param name="to">the destination</param>
        /// <returns>the choice</returns>
        public PromotionChoice PromotionOf(Square from, Square to)
        {
            bool plain = false, promoting = false;
            foreach (Move m in LegalMoves())
            {
                if (m.IsDrop || m.From != from.Index || m.To != to.Index)
                    continue;
                if (m.IsPromotion)
                    promoting = true;
                else
                    plain = true;
            }
            if (plain && promoting)
                return PromotionChoice.Optional;
            if (promoting)
                return PromotionChoice.Mandatory;
            return plain ? PromotionChoice.Never : PromotionChoice.NoMove;
        }

        /// <summary>The legal board move between two squares, with or without
        /// promotion, or <see cref="Move.None"/> when there is none.</summary>
        /// <param name="from">the origin</param>
        /// <param name="to">the destination</param>
        /// <param name="promote">the promoting form</param>
        /// <returns>the move or None</returns>
        public Move FindMove(Square from, Square to, bool promote)
        {
            foreach (Move m in LegalMoves())
                if (!m.IsDrop && m.From == from.Index && m.To == to.Index && m.IsPromotion == promote)
                    return m;
            return Move.None;
        }

        /// <summary>The legal drop of a piece type on a square, or <see cref="Move.None"/>.</summary>
        /// <param name="type">Pawn .. Gold</param>
        /// <param name="to">the destination</param>
        /// <returns>the move or None</returns>
        public Move FindDrop(PieceType type, Square to)
        {
            foreach (Move m in LegalMoves())
                if (m.IsDrop && m.DropType == type && m.To == to.Index)
                    return m;
            return Move.None;
        }
    }
}
