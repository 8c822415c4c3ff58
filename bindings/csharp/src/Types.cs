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
        /// <summary>No piece.</summary>
        None = 0,
        /// <summary>歩, pawn.</summary>
        Pawn = 1,
        /// <summary>香, lance.</summary>
        Lance = 2,
        /// <summary>桂, knight.</summary>
        Knight = 3,
        /// <summary>銀, silver.</summary>
        Silver = 4,
        /// <summary>角, bishop.</summary>
        Bishop = 5,
        /// <summary>飛, rook.</summary>
        Rook = 6,
        /// <summary>金, gold.</summary>
        Gold = 7,
        /// <summary>玉, king.</summary>
        King = 8,
        /// <summary>と, promoted pawn.</summary>
        ProPawn = 9,
        /// <summary>成香, promoted lance.</summary>
        ProLance = 10,
        /// <summary>成桂, promoted knight.</summary>
        ProKnight = 11,
        /// <summary>成銀, promoted silver.</summary>
        ProSilver = 12,
        /// <summary>馬, promoted bishop.</summary>
        Horse = 13,
        /// <summary>竜, promoted rook.</summary>
        Dragon = 14,
    }

    /// <summary>Relaxations of SFEN validation (SHOGI_SFEN_* flags).</summary>
    [Flags]
    public enum SfenOptions
    {
        /// <summary>Full validation.</summary>
        None = 0,
        /// <summary>Accept a position whose side not to move is in check.</summary>
        AllowOpponentInCheck = 1,
        /// <summary>Accept pawns, lances and knights on ranks they can never leave.</summary>
        AllowDeadPieces = 2,
    }

    /// <summary>Fourfold-repetition state, from the side to move's view.</summary>
    public enum Repetition
    {
        /// <summary>No repetition.</summary>
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
        /// <summary>The game goes on.</summary>
        Ongoing = 0,
        /// <summary>No legal move: the side to move lost.</summary>
        Checkmated = 1,
        /// <summary>A draw by fourfold repetition.</summary>
        RepetitionDraw = 2,
        /// <summary>The side to move wins (the opponent repeated with perpetual check).</summary>
        RepetitionWin = 3,
        /// <summary>The side to move loses (it repeated with perpetual check).</summary>
        RepetitionLose = 4,
        /// <summary>A draw by the move limit.</summary>
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
        /// <summary>The declaration loses: its conditions are not met.</summary>
        Lose = 0,
        /// <summary>The declaration wins.</summary>
        Win = 1,
        /// <summary>The declaration draws.</summary>
        Draw = 2,
    }
}
