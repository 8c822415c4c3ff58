"""The eval backend (the "eval backend" section of shogi.h): libshogi as the
evaluator of an engine with its own board. Codes are shogi.h's: squares
(file - 1) * 9 + (rank - 1); a piece is its type (1 pawn ... 8 king, 9..14
promoted pawn ... rook) + 16 for White; hands are 14 counts, Black's 7 then
White's, in the order pawn, lance, knight, silver, bishop, rook, gold.

* EvalStack: set_root(squares, hands, side), push(move16) / pop() as the
  engine makes and unmakes moves, evaluate() lazily, evaluate_move(m) /
  evaluate_moves(ms) to score leaves without leaving them pushed;
* move_features: the feature changes of a foreign move;
* board_features / evaluate_boards: a board (or many) given as codes.
"""

import ctypes

from . import _lib
from ._lib import P_err as _P_err, P_handle as _P_handle, P_i32 as _P_i32, P_size as _P_size
from ._lib import F, c_size, c_status, handle, i32, u32, vp
from .board import _numpy
from .network import _new_handle

SQUARE_NONE = -1  # SHOGI_SQUARE_NONE: the from-square of a drop
HAND_SLOTS = 14
EVALSTACK_MAX_PLIES = 16384
FEATURE_DELTA_MAX = 2


class PieceMove(ctypes.Structure):
    """shogi_piece_move_t."""

    _fields_ = [(name, ctypes.c_int32) for name in (
        "piece", "from_square", "to", "promote", "captured", "hand_count", "black_king", "white_king")]


class FeatureDelta(ctypes.Structure):
    """shogi_feature_delta_t."""

    _fields_ = [
        ("refresh", ctypes.c_int32 * 2),
        ("count", ctypes.c_int32 * 2),
        ("removed", (ctypes.c_int32 * FEATURE_DELTA_MAX) * 2),
        ("added", (ctypes.c_int32 * FEATURE_DELTA_MAX) * 2),
    ]


_lib.declare("shogi_network_move_features", c_status, handle, ctypes.POINTER(PieceMove),
             ctypes.POINTER(FeatureDelta), _P_err)
_lib.declare("shogi_network_board_features", c_status, handle, vp, vp, i32, vp, vp, c_size, _P_size, _P_err)
_lib.declare("shogi_network_evaluate_boards", c_status, handle, vp, vp, vp, c_size, i32, vp, _P_err)
_lib.declare("shogi_evalstack_new", c_status, handle, i32, _P_handle, _P_err)
_lib.declare("shogi_evalstack_free", c_status, handle, _P_err)
_lib.declare("shogi_evalstack_set_root", c_status, handle, vp, vp, i32, _P_err)
_lib.declare("shogi_evalstack_push", c_status, handle, u32, _P_err)
_lib.declare("shogi_evalstack_push_evaluate", c_status, handle, u32, _P_i32, _P_err)
_lib.declare("shogi_evalstack_push_null", c_status, handle, _P_err)
_lib.declare("shogi_evalstack_pop", c_status, handle, _P_err)
_lib.declare("shogi_evalstack_evaluate", c_status, handle, _P_i32, _P_err)
_lib.declare("shogi_evalstack_evaluate_move", c_status, handle, u32, _P_i32, _P_err)
_lib.declare("shogi_evalstack_evaluate_moves", c_status, handle, vp, c_size, vp, _P_err)
_lib.declare("shogi_evalstack_ply", c_status, handle, _P_i32, _P_err)


def _board_arrays(squares, hands):
    if len(squares) != 81:
        raise ValueError("squares must hold 81 piece codes, not %d" % len(squares))
    sq = (ctypes.c_uint8 * 81)(*squares)
    if hands is None:
        return sq, None
    if len(hands) != HAND_SLOTS:
        raise ValueError("hands must hold 14 counts, not %d" % len(hands))
    return sq, (ctypes.c_uint8 * HAND_SLOTS)(*hands)


def board_codes(board):
    """(squares, hands) of a libshogi Board in these codes (lists)."""
    sq, hands = board._arrays()
    return list(sq), list(hands)


def move_features(network, piece, from_square, to, promote=False, captured=0, hand_count=0,
                  black_king=None, white_king=None):
    """The feature changes of a foreign move in the network's feature set:
    a list of two (refresh, removed, added) tuples, Black's perspective then
    White's (refresh True: recompute that perspective from the board)."""
    _lib.require("shogi_network_move_features")
    if black_king is None or white_king is None:
        raise ValueError("black_king and white_king are required")
    m = PieceMove(piece, from_square, to, int(bool(promote)), captured, hand_count, black_king, white_king)
    d = FeatureDelta()
    _lib.call(F.shogi_network_move_features, network._handle(), ctypes.byref(m), ctypes.byref(d))
    return [(bool(d.refresh[p]), list(d.removed[p][:d.count[p]]), list(d.added[p][:d.count[p]]))
            for p in range(2)]


def board_features(network, squares, hands=None, side_to_move=0):
    """The active features of a board given as codes: (black list, white list)."""
    _lib.require("shogi_network_board_features")
    sq, h = _board_arrays(squares, hands)
    buf = (ctypes.c_int32 * 128)()
    count = ctypes.c_size_t()
    _lib.call(F.shogi_network_board_features, network._handle(), sq, h, side_to_move,
              ctypes.addressof(buf), ctypes.addressof(buf) + 64 * 4, 64, ctypes.byref(count))
    n = count.value
    return list(buf[:n]), list(buf[64:64 + n])


def evaluate_boards(network, squares, hands, sides, fv_scale=16):
    """Evaluates n boards: squares (n, 81) uint8 codes, hands (n, 14) uint8
    or None, sides (n,) uint8; returns (n,) int32 (a bad board raises
    ParseError naming the first bad index)."""
    _lib.require("shogi_network_evaluate_boards")
    np = _numpy()
    sq = np.ascontiguousarray(squares, dtype=np.uint8).reshape(-1, 81)
    n = sq.shape[0]
    sd = np.ascontiguousarray(sides, dtype=np.uint8).reshape(n)
    hd = None if hands is None else np.ascontiguousarray(hands, dtype=np.uint8).reshape(n, HAND_SLOTS)
    out = np.zeros(n, dtype=np.int32)
    _lib.call(F.shogi_network_evaluate_boards, network._handle(), sq.ctypes.data,
              None if hd is None else hd.ctypes.data, sd.ctypes.data, n, fv_scale, out.ctypes.data)
    return out


class EvalStack(_lib.HandleOwner):
    """An evaluation stack for one search thread: set_root() from codes,
    push(move16) on make, pop() on unmake, evaluate() when a score is
    needed (incremental, refreshing a perspective whose king moved)."""

    __slots__ = ("_h", "_v")
    _kind = "evaluation stack"

    def __init__(self, network, fv_scale=0):
        _lib.require("shogi_evalstack_new")
        self._h = None
        self._v = ctypes.c_int32()
        self._h = _new_handle(F.shogi_evalstack_new, network._handle(), fv_scale)

    def _release(self, h):
        F.shogi_evalstack_free(h, None)

    def set_root(self, squares, hands=None, side_to_move=0):
        """Sets the root (ply 0) from 81 piece codes and 14 hand counts."""
        sq, h = _board_arrays(squares, hands)
        _lib.call(F.shogi_evalstack_set_root, self._handle(), sq, h, side_to_move)

    def push(self, move):
        """Makes a move (its move16) for the side to move."""
        _lib.call(F.shogi_evalstack_push, self._handle(), int(move) & 0xFFFFFFFF)

    def push_evaluate(self, move):
        """push, then the evaluation after the move for its side to move."""
        _lib.call(F.shogi_evalstack_push_evaluate, self._handle(), int(move) & 0xFFFFFFFF, ctypes.byref(self._v))
        return self._v.value

    def push_null(self):
        """Passes the turn."""
        _lib.call(F.shogi_evalstack_push_null, self._handle())

    def pop(self):
        """Takes back the last push."""
        _lib.call(F.shogi_evalstack_pop, self._handle())

    def evaluate(self):
        """The evaluation of the top ply for its side to move."""
        _lib.call(F.shogi_evalstack_evaluate, self._handle(), ctypes.byref(self._v))
        return self._v.value

    def evaluate_move(self, move):
        """The evaluation after move, the stack left as it was."""
        _lib.call(F.shogi_evalstack_evaluate_move, self._handle(), int(move) & 0xFFFFFFFF, ctypes.byref(self._v))
        return self._v.value

    def evaluate_moves(self, moves):
        """evaluate_move for each move, in one call: a list of values."""
        n = len(moves)
        ms = (ctypes.c_uint32 * max(n, 1))(*[int(m) & 0xFFFFFFFF for m in moves])
        out = (ctypes.c_int32 * max(n, 1))()
        _lib.call(F.shogi_evalstack_evaluate_moves, self._handle(), ms, n, out)
        return list(out[:n])

    @property
    def ply(self):
        """Plies pushed above the root."""
        _lib.call(F.shogi_evalstack_ply, self._handle(), ctypes.byref(self._v))
        return self._v.value
