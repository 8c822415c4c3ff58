"""Squares, pieces and their symbols under cshogi's names.

The values are libshogi's own: a square is (file-1)*9 + (rank-1) (A1 = 1a =
0, I9 = 9i = 80: the letter is the rank), a piece type is PAWN 1 ... KING 8,
PROM_PAWN 9 ... PROM_ROOK 14, and a piece is its type, + 16 for White
(BPAWN 1 ... BPROM_ROOK 14, WPAWN 17 ... WPROM_ROOK 30), exactly as cshogi
numbers them.

Hand pieces: cshogi orders them HPAWN 0, HLANCE 1, HKNIGHT 2, HSILVER 3,
HGOLD 4, HBISHOP 5, HROOK 6 (gold before bishop); ``Board.pieces_in_hand``
and ``set_pieces`` use that order. libshogi's own ``HAND_PIECES`` (in
``libshogi.board``) is different: the piece types P L N S B R G of drop
moves; cshogi's list is ``HAND_PIECES_CSHOGI`` here.
"""

__all__ = [
    "SQUARES", "SQUARE_NAMES", "NONE", "PIECE_TYPES", "PIECE_TYPES_WITH_NONE", "PIECES", "HAND_PIECES_CSHOGI",
    "MAX_PIECES_IN_HAND", "PIECE_SYMBOLS", "PIECE_JAPANESE_SYMBOLS", "HAND_PIECE_SYMBOLS",
    "HAND_PIECE_JAPANESE_SYMBOLS", "NUMBER_JAPANESE_NUMBER_SYMBOLS", "NUMBER_JAPANESE_KANJI_SYMBOLS",
    "PROM_PAWN", "PROM_LANCE", "PROM_KNIGHT", "PROM_SILVER", "PROM_BISHOP", "PROM_ROOK",
    "BPAWN", "BLANCE", "BKNIGHT", "BSILVER", "BBISHOP", "BROOK", "BGOLD", "BKING", "BPROM_PAWN", "BPROM_LANCE",
    "BPROM_KNIGHT", "BPROM_SILVER", "BPROM_BISHOP", "BPROM_ROOK",
    "WPAWN", "WLANCE", "WKNIGHT", "WSILVER", "WBISHOP", "WROOK", "WGOLD", "WKING", "WPROM_PAWN", "WPROM_LANCE",
    "WPROM_KNIGHT", "WPROM_SILVER", "WPROM_BISHOP", "WPROM_ROOK",
    "HPAWN", "HLANCE", "HKNIGHT", "HSILVER", "HGOLD", "HBISHOP", "HROOK",
    "NOT_REPETITION", "REPETITION_SUPERIOR", "REPETITION_INFERIOR",
    "DRAW", "BLACK_WIN", "WHITE_WIN", "GAME_RESULTS",
    "piece_to_piece_type", "hand_piece_to_piece_type", "piece_type_to_hand_piece", "make_file", "make_rank",
    "opponent",
] + [f + str(r) for r in range(1, 10) for f in "ABCDEFGHI"]

# Squares: letter = rank (A = a), digit = file.
(A1, B1, C1, D1, E1, F1, G1, H1, I1) = range(0, 9)
(A2, B2, C2, D2, E2, F2, G2, H2, I2) = range(9, 18)
(A3, B3, C3, D3, E3, F3, G3, H3, I3) = range(18, 27)
(A4, B4, C4, D4, E4, F4, G4, H4, I4) = range(27, 36)
(A5, B5, C5, D5, E5, F5, G5, H5, I5) = range(36, 45)
(A6, B6, C6, D6, E6, F6, G6, H6, I6) = range(45, 54)
(A7, B7, C7, D7, E7, F7, G7, H7, I7) = range(54, 63)
(A8, B8, C8, D8, E8, F8, G8, H8, I8) = range(63, 72)
(A9, B9, C9, D9, E9, F9, G9, H9, I9) = range(72, 81)
SQUARES = list(range(81))
SQUARE_NAMES = ["%d%s" % (sq // 9 + 1, "abcdefghi"[sq % 9]) for sq in SQUARES]

NONE = 0
PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING = range(1, 9)
PROM_PAWN, PROM_LANCE, PROM_KNIGHT, PROM_SILVER, PROM_BISHOP, PROM_ROOK = range(9, 15)
PIECE_TYPES = list(range(1, 15))
PIECE_TYPES_WITH_NONE = list(range(15))

(BPAWN, BLANCE, BKNIGHT, BSILVER, BBISHOP, BROOK, BGOLD, BKING,
 BPROM_PAWN, BPROM_LANCE, BPROM_KNIGHT, BPROM_SILVER, BPROM_BISHOP, BPROM_ROOK) = range(1, 15)
(WPAWN, WLANCE, WKNIGHT, WSILVER, WBISHOP, WROOK, WGOLD, WKING,
 WPROM_PAWN, WPROM_LANCE, WPROM_KNIGHT, WPROM_SILVER, WPROM_BISHOP, WPROM_ROOK) = range(17, 31)
PIECES = list(range(31))  # 15 and 16 are unused, as in cshogi

HPAWN, HLANCE, HKNIGHT, HSILVER, HGOLD, HBISHOP, HROOK = range(7)
HAND_PIECES_CSHOGI = list(range(7))
MAX_PIECES_IN_HAND = [18, 4, 4, 4, 4, 2, 2]

# is_draw results (REPETITION_DRAW / _WIN / _LOSE are libshogi.board's, same values)
NOT_REPETITION = 0
REPETITION_SUPERIOR = 4
REPETITION_INFERIOR = 5

# hcpe gameResult values
DRAW, BLACK_WIN, WHITE_WIN = 0, 1, 2
GAME_RESULTS = [DRAW, BLACK_WIN, WHITE_WIN]

PIECE_SYMBOLS = ["", "p", "l", "n", "s", "b", "r", "g", "k", "+p", "+l", "+n", "+s", "+b", "+r"]
PIECE_JAPANESE_SYMBOLS = ["", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"]
HAND_PIECE_SYMBOLS = ["p", "l", "n", "s", "g", "b", "r"]
HAND_PIECE_JAPANESE_SYMBOLS = ["歩", "香", "桂", "銀", "金", "角", "飛"]
NUMBER_JAPANESE_NUMBER_SYMBOLS = [None, "１", "２", "３", "４", "５", "６", "７", "８", "９"]
NUMBER_JAPANESE_KANJI_SYMBOLS = [None, "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
                                 "十三", "十四", "十五", "十六", "十七", "十八"]

# hand piece (cshogi order) <-> piece type
_HAND_TO_TYPE = (PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK)
_TYPE_TO_HAND = {pt: hp for hp, pt in enumerate(_HAND_TO_TYPE)}


def piece_to_piece_type(p: int) -> int:
    """The piece type of a piece (BPAWN and WPAWN -> PAWN; NONE -> NONE)."""
    return p & 15


def hand_piece_to_piece_type(hp: int) -> int:
    """The piece type of a cshogi hand piece (HGOLD -> GOLD)."""
    return _HAND_TO_TYPE[hp]


def piece_type_to_hand_piece(pt: int) -> int:
    """The cshogi hand piece of a piece type that can be held (GOLD -> HGOLD);
    a promoted type gives its unpromoted hand piece."""
    if pt >= PROM_PAWN:
        pt -= 8
    try:
        return _TYPE_TO_HAND[pt]
    except KeyError:
        raise ValueError("piece type %r cannot be in hand" % (pt,)) from None


def make_file(sq: int) -> int:
    """The file of a square, 0-based (0 = file 1 ... 8 = file 9)."""
    return sq // 9


def make_rank(sq: int) -> int:
    """The rank of a square, 0-based (0 = rank a ... 8 = rank i)."""
    return sq % 9


def opponent(color: int) -> int:
    """The other colour (BLACK <-> WHITE)."""
    return color ^ 1
