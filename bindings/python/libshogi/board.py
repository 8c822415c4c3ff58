"""Board: a shogi position (a handle of the C library) with cshogi-style methods."""

import ctypes
import threading

from . import _args, _core, _lib
from .board_api import BoardAPI
from ._lib import F

__all__ = [
    "BLACK",
    "WHITE",
    "COLORS",
    "PAWN",
    "LANCE",
    "KNIGHT",
    "SILVER",
    "BISHOP",
    "ROOK",
    "GOLD",
    "KING",
    "HAND_PIECES",
    "HAND_PIECE_USI",
    "MOVE_NONE",
    "MOVE_NULL",
    "MOVE_RESIGN",
    "MOVE_WIN",
    "MAX_MOVES",
    "SFEN_ALLOW_OPPONENT_IN_CHECK",
    "SFEN_ALLOW_DEAD_PIECES",
    "REPETITION_NONE",
    "REPETITION_DRAW",
    "REPETITION_WIN",
    "REPETITION_LOSE",
    "GAME_ONGOING",
    "GAME_CHECKMATED",
    "GAME_REPETITION_DRAW",
    "GAME_REPETITION_WIN",
    "GAME_REPETITION_LOSE",
    "GAME_MAX_MOVES_DRAW",
    "RULE_NONE",
    "RULE_27",
    "RULE_24",
    "RULE_27H",
    "RULE_24H",
    "RULE_TRY",
    "DECLARATION_LOSE",
    "DECLARATION_WIN",
    "DECLARATION_DRAW",
    "STARTING_SFEN",
    "move_to",
    "move_from",
    "move_is_drop",
    "move_is_promotion",
    "move_drop_hand_piece",
    "move16",
    "move_piece",
    "square_name",
    "move_to_usi",
    "move16_to_hcpe",
    "hcpe_to_move16",
    "Board",
    "perft",
]

# Colors
BLACK = 0
WHITE = 1
COLORS = (BLACK, WHITE)

# Piece types as in move16 drops (P1 L2 N3 S4 B5 R6 G7) and the king.
PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING = 1, 2, 3, 4, 5, 6, 7, 8
HAND_PIECES = (PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD)
HAND_PIECE_USI = {PAWN: "P", LANCE: "L", KNIGHT: "N", SILVER: "S", BISHOP: "B", ROOK: "R", GOLD: "G"}

# Special moves
MOVE_NONE = 0
MOVE_NULL = 0x0081
MOVE_RESIGN = 0x0102
MOVE_WIN = 0x0183

MAX_MOVES = 600

# SFEN validation relaxations (Board(sfen, flags=...))
SFEN_ALLOW_OPPONENT_IN_CHECK = 1
SFEN_ALLOW_DEAD_PIECES = 2

# Repetition state (side to move's point of view)
REPETITION_NONE = 0
REPETITION_DRAW = 1
REPETITION_WIN = 2
REPETITION_LOSE = 3

# Game results (side to move's point of view)
GAME_ONGOING = 0
GAME_CHECKMATED = 1
GAME_REPETITION_DRAW = 2
GAME_REPETITION_WIN = 3
GAME_REPETITION_LOSE = 4
GAME_MAX_MOVES_DRAW = 5

# Declaration rules and outcomes
RULE_NONE = 0
RULE_27 = 1
RULE_24 = 2
RULE_27H = 3
RULE_24H = 4
RULE_TRY = 5
DECLARATION_LOSE = 0
DECLARATION_WIN = 1
DECLARATION_DRAW = 2

STARTING_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

# --------------------------------------------------------------------------
# Moves (bit layout of the C ABI: low 16 bits are YaneuraOu's move16)
# --------------------------------------------------------------------------


def move_to(move):
    """To-square (0 = 1a ... 80 = 9i)."""
    return move & 0x7F


def move_from(move):
    """From-square of a board move; for a drop, the dropped piece type
    (PAWN 1 ... GOLD 7). cshogi's move_from of a drop is 81 + type - 1
    (Apery's encoding): use move_is_drop first, or cshogi_move16()."""
    return (move >> 7) & 0x7F


def move_is_drop(move):
    """True for a drop (the move's drop flag)."""
    return bool(move & 0x4000)


def move_is_promotion(move):
    """True for a promoting move."""
    return bool(move & 0x8000)


def move_drop_hand_piece(move):
    """Piece type dropped (PAWN ... GOLD) by a drop move. cshogi's function
    of this name gives the hand-piece index (HPAWN 0 ... HGOLD 4, HBISHOP 5,
    HROOK 6): piece_type_to_hand_piece() converts."""
    return (move >> 7) & 0x7F


def move16(move):
    """The move16 (low 16 bits) of a move: YaneuraOu's encoding, as PSV
    files store it. cshogi's move16() is Apery's (hcpe files): use
    cshogi_move16(move) or move16_to_hcpe(move16(move)) for that."""
    return move & 0xFFFF


def move_piece(move):
    """Moving piece (type, | 16 for White) of a move the library returned;
    0 for a bare move16."""
    return (move >> 16) & 0x1F


def square_name(sq):
    """USI name of a square index: 0 -> "1a", 80 -> "9i"."""
    if not 0 <= sq < 81:
        raise ValueError("square out of range: %r" % (sq,))
    return "%d%s" % (sq // 9 + 1, "abcdefghi"[sq % 9])


_usi_cache = {}  # move16 -> USI text (the text depends on the low 16 bits only)


def move_to_usi(move):
    """USI text of a move ("7g7f", "8h2b+", "P*5e", "resign" ...)."""
    m16 = move & 0xFFFF
    text = _usi_cache.get(m16)
    if text is not None:
        return text
    buf = ctypes.create_string_buffer(8)
    e = _lib.err()
    rc = F.shogi_move_to_usi(move & 0xFFFFFFFF, buf, 8, None, ctypes.byref(e))
    if rc:
        raise _lib.exception(rc, e)
    text = _usi_cache[m16] = buf.value.decode("ascii")
    return text


def move16_to_hcpe(m16):
    """YaneuraOu move16 -> the hcpe file convention."""
    return F.shogi_move16_to_hcpe(m16 & 0xFFFF)


def hcpe_to_move16(m):
    """hcpe file convention -> YaneuraOu move16."""
    return F.shogi_hcpe_to_move16(m & 0xFFFF)


# --------------------------------------------------------------------------
# Board
# --------------------------------------------------------------------------

_is_legal = F.shogi_position_is_legal
_free = F.shogi_position_free
_scratch = _core.scratch

_np = None


def _numpy():
    global _np
    if _np is None:
        try:
            import numpy
        except ImportError:
            raise ImportError("this function returns numpy arrays; install numpy") from None
        _np = numpy
    return _np


_text = _args.text  # str/bytes for a C string (TypeError, ValueError on NUL)


class Board(_core.Core, BoardAPI, _lib.HandleOwner):
    """A shogi position with its move history (for pop and repetition).

    ``Board()`` is the start position; ``Board(sfen)`` parses SFEN text (the
    "sfen " prefix and move number are optional, "startpos" works);
    ``Board.from_handicap("bishop")`` a handicap start. Moves are ints: the
    library's move value whose low 16 bits are YaneuraOu's move16.

    A Board may be read (sfen, perft ...) from several threads at once; do
    not mutate it (push, pop, set_sfen) while another thread uses it - give
    each thread a copy().
    """

    # the handle (_h, an int) and the history (_history) live in the base,
    # _core.Core: the compiled accelerator's type or its ctypes twin
    __slots__ = ("__weakref__",)
    _kind = "board"

    def __init__(self, sfen=None, flags=0):
        self._h = None
        h = ctypes.c_void_p()
        sc = _scratch()
        if sfen is None:
            rc = F.shogi_position_new(ctypes.byref(h), sc.errp)
        elif _args.uint32(flags, "flags"):
            rc = F.shogi_position_from_sfen_ex(_text(sfen, "sfen"), flags, ctypes.byref(h), sc.errp)
        else:
            rc = F.shogi_position_from_sfen(_text(sfen, "sfen"), ctypes.byref(h), sc.errp)
        if rc:
            raise _lib.exception(rc, sc.err)
        self._h = h.value

    @classmethod
    def _from_handle(cls, h, history=()):
        """A Board owning a position handle the library just created."""
        b = cls.__new__(cls)
        b._h = h.value if isinstance(h, ctypes.c_void_p) else h
        b._history.extend(history)
        return b

    @classmethod
    def from_handicap(cls, name):
        """A handicap start position by name ("even", "lance", "bishop",
        "rook", "2-piece" ... or the KIF name such as "角落ち")."""
        h = ctypes.c_void_p()
        _lib.call(F.shogi_position_from_handicap, _text(name, "name"), ctypes.byref(h))
        return cls._from_handle(h)

    # -- lifetime (close, with, garbage collection: HandleOwner) -----------
    def _release(self, h):
        if _free is not None:
            _free(h, None)

    @property
    def handle(self):
        """The raw shogi_position_t value (an int), for other C code."""
        return self._handle()

    def _get(self, fn, *args):
        """fn(handle, *args, &out, err) for an int32 out-parameter."""
        sc = _scratch()
        rc = fn(self._handle(), *(args + (sc.i32p, sc.errp)))
        if rc:
            raise _lib.exception(rc, sc.err)
        return sc.i32.value

    def _get_u32(self, fn, *args):
        sc = _scratch()
        rc = fn(self._handle(), *(args + (sc.u32p, sc.errp)))
        if rc:
            raise _lib.exception(rc, sc.err)
        return sc.u32.value

    # -- copying ----------------------------------------------------------
    def copy(self):
        """An independent copy, history included."""
        h = ctypes.c_void_p()
        _lib.call(F.shogi_position_clone, self._handle(), ctypes.byref(h))
        return Board._from_handle(h, self._history)

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        # pickling (e.g. to a spawn-mode worker): the root SFEN and the moves,
        # so the history (repetition state, pop) survives
        root = self.copy()
        for _ in self._history:
            root.pop()
        return (_restore_board, (root.sfen(), [move_to_usi(m) for m in self._history]))

    # -- setting (set_sfen, set_hcp, set_psfen: _core) ----------------------
    def reset(self):
        """Back to the start position, history cleared."""
        self.set_sfen("startpos")

    def set_position(self, position):
        """USI "position" arguments: "startpos moves 7g7f 3c3d" or
        "sfen <sfen> moves ...". On error the board is left at the failing
        move."""
        text = position.strip()
        if text.startswith("position "):
            text = text[len("position "):].lstrip()
        moves = []
        head, sep, tail = text.partition(" moves")
        if sep:
            text = head.strip()
            moves = tail.split()
        elif text.endswith("moves"):
            text = text[: -len("moves")].strip()
        if text.startswith("sfen "):
            text = text[5:]
        self.set_sfen(text)
        for m in moves:
            self.push_usi(m)

    # -- reading ----------------------------------------------------------
    def __str__(self):
        return self.sfen()

    def __repr__(self):
        # a text diagram (notebooks show _repr_svg_ instead); the SFEN last
        if self._h is None:
            return "<libshogi.Board closed>"
        return "<libshogi.Board\n%s\n  sfen %s>" % (self.diagram(), self.sfen())

    @property
    def move_number(self):
        """The SFEN move number (1 at the start, +1 per move)."""
        return self._get(F.shogi_position_ply)

    ply = move_number

    def zobrist_hash(self):
        """64-bit Zobrist key of board, hands and side to move."""
        sc = _scratch()
        rc = F.shogi_position_key(self._handle(), sc.u64p, sc.errp)
        if rc:
            raise _lib.exception(rc, sc.err)
        return sc.u64.value

    key = property(zobrist_hash)

    # -- moves ------------------------------------------------------------
    def legal_moves_array(self):
        """The legal moves as a numpy uint32 array."""
        np = _numpy()
        sc = _scratch()
        rc = F.shogi_position_legal_moves(self._handle(), sc.buf, MAX_MOVES, sc.countp, sc.errp)
        if rc:
            raise _lib.exception(rc, sc.err)
        return np.frombuffer(sc.buf, dtype=np.uint32, count=sc.count.value).copy()

    def legal_moves_usi(self):
        """The legal moves as USI strings."""
        return [move_to_usi(m) for m in self.legal_moves]

    def is_legal(self, move):
        """True if the move (its low 16 bits) is legal here."""
        return self._get(_is_legal, move & 0xFFFFFFFF) != 0

    def move_from_usi(self, usi):
        """The legal move for USI text (ParseError / IllegalMoveError)."""
        return self._get_u32(F.shogi_position_move_from_usi, _text(usi, "usi"))

    def move_from_move16(self, m16):
        """The legal move for a move16 (IllegalMoveError if none)."""
        return self._get_u32(F.shogi_position_move_from_move16, m16 & 0xFFFF, 0)

    def move_from_hcpe(self, hcpe_move):
        """The legal move for an hcpe-convention move16."""
        return self._get_u32(F.shogi_position_move_from_move16, hcpe_move & 0xFFFF, 1)

    def peek(self):
        """The last move pushed on this Board (MOVE_NONE if none)."""
        return self._history[-1] if self._history else MOVE_NONE

    @property
    def history(self):
        """Moves pushed on this Board since it was created or set."""
        return list(self._history)

    # -- game state -------------------------------------------------------
    def repetition(self):
        """Fourfold-repetition state of the moves done on this board:
        REPETITION_NONE / _DRAW / _WIN / _LOSE (side to move's view)."""
        return self._get(F.shogi_position_repetition)

    def game_result(self, max_moves=0):
        """GAME_ONGOING, GAME_CHECKMATED, GAME_REPETITION_* or
        GAME_MAX_MOVES_DRAW (side to move's view); max_moves 0 = no limit."""
        return self._get(F.shogi_position_game_result, _args.int32(max_moves, "max_moves"))

    def is_game_over(self, max_moves=0):
        """True unless game_result(max_moves) is GAME_ONGOING."""
        return self.game_result(max_moves) != GAME_ONGOING

    def declaration(self, rule=RULE_27):
        """Judges an entering-king declaration by the side to move:
        (DECLARATION_LOSE / _WIN / _DRAW, the move that claims the win or
        MOVE_NONE)."""
        r, m = ctypes.c_int32(), ctypes.c_uint32()
        _lib.call(F.shogi_position_declaration, self._handle(), _args.int32(rule, "rule"), ctypes.byref(r), ctypes.byref(m))
        return r.value, m.value

    def is_nyugyoku(self, rule=RULE_27):
        """True if the side to move wins by declaring (cshogi name)."""
        return self.declaration(rule)[0] == DECLARATION_WIN

    def mate_move_in_1ply(self):
        """A mate-in-one move of the side to move, or 0 (cshogi name)."""
        return self._get_u32(F.shogi_position_mate1)

    mate1 = mate_move_in_1ply

    # -- training records (see libshogi.records) ---------------------------
    def to_psv(self, score=0, move=0, result=0):
        """This position as one 40-byte PackedSfenValue (bytes); move is 0
        or legal here, result -1/0/1 for the side to move."""
        from . import records

        return records.encode_psv(self, score, move, result)

    def to_hcpe(self, eval=0, move=0, result=0):
        """This position as one 38-byte HuffmanCodedPosAndEval (bytes);
        result 0 draw, 1 Black won, 2 White won."""
        from . import records

        return records.encode_hcpe(self, eval, move, result)

    @classmethod
    def from_psv(cls, record):
        """The position of one PackedSfenValue (bytes, or a numpy record)."""
        from . import records

        return records.decode_psv(record).board

    @classmethod
    def from_hcpe(cls, record):
        """The position of one HuffmanCodedPosAndEval."""
        from . import records

        return records.decode_hcpe(record).board

    # -- drawing ----------------------------------------------------------
    def to_svg(self, lastmove=None, flip=False, scale=1.0):
        """The position as SVG text (drawn in Python). lastmove defaults to
        the last move pushed; flip draws White at the bottom."""
        from . import svg

        if lastmove is None:
            lastmove = self.peek()
        return svg.position_svg(self.sfen(), lastmove=lastmove, flip=flip, scale=scale)

    def _repr_svg_(self):
        return self.to_svg()


def _restore_board(sfen, usi_moves):
    b = Board(sfen, flags=SFEN_ALLOW_OPPONENT_IN_CHECK | SFEN_ALLOW_DEAD_PIECES)
    for u in usi_moves:
        b.push_usi(u)
    return b


def perft(sfen, depth):
    """Perft of SFEN text (convenience)."""
    with Board(sfen) as b:
        return b.perft(depth)
