using System;

namespace LibShogi
{
    /// <summary>A side: Black (sente, moves first) or White (gote). Named
    /// Side, not Color, so that it never clashes with System.Drawing.Color
    /// or a UI toolkit's Color in a GUI's usings.</summary>
    public enum Side
    {
        /// <summary>Sente, the first player (▲).</summary>
        Black = 0,
        /// <summary>Gote, the second player (△).</summary>
        White = 1,
    }

    /// <summary>Piece types in the library's numbering (drops in move16 use
    /// Pawn..Gold, 1..7).</summary>
    public enum PieceType
    {
        None = 0,
        Pawn = 1,
        Lance = 2,
        Knight = 3,
        Silver = 4,
        Bishop = 5,
        Rook = 6,
        Gold = 7,
        King = 8,
        ProPawn = 9,
        ProLance = 10,
        ProKnight = 11,
        ProSilver = 12,
        Horse = 13,
        Dragon = 14,
    }

    /// <summary>Relaxations of SFEN validation (SHOGI_SFEN_* flags).</summary>
    [Flags]
    public enum SfenOptions
    {
        None = 0,
        /// <summary>Accept a position whose side not to move is in check.</summary>
        AllowOpponentInCheck = 1,
        /// <summary>Accept pawns, lances and knights on ranks they can never leave.</summary>
        AllowDeadPieces = 2,
    }

    /// <summary>Fourfold-repetition state, from the side to move's view.</summary>
    public enum Repetition
    {
        None = 0,
        /// <summary>Fourfold repetition: a draw (sennichite).</summary>
        Draw = 1,
        /// <summary>The opponent gave perpetual check: the side to move wins.</summary>
        Win = 2,
        /// <summary>The side to move gave perpetual check and loses.</summary>
        Lose = 3,
    }

    /// <summary>Game adjudication, from the side to move's view.</summary>
    public enum GameResult
    {
        Ongoing = 0,
        /// <summary>No legal move: the side to move lost.</summary>
        Checkmated = 1,
        RepetitionDraw = 2,
        RepetitionWin = 3,
        RepetitionLose = 4,
        MaxMovesDraw = 5,
    }

    /// <summary>Entering-king declaration rules.</summary>
    public enum DeclarationRule
    {
        /// <summary>No declaration: declaring always loses.</summary>
        None = 0,
        /// <summary>CSA 27-point rule (Black 28, White 27).</summary>
        Points27 = 1,
        /// <summary>24-point rule: 31 or more wins, 24-30 draws.</summary>
        Points24 = 2,
        /// <summary>27-point rule, White's threshold adjusted for the handicap.</summary>
        Points27Handicap = 3,
        /// <summary>24-point rule, White's threshold adjusted for the handicap.</summary>
        Points24Handicap = 4,
        /// <summary>Try rule: the king reaches the enemy king's start square.</summary>
        Try = 5,
    }

    /// <summary>Outcome of a declaration by the side to move.</summary>
    public enum DeclarationResult
    {
        Lose = 0,
        Win = 1,
        Draw = 2,
    }
}
