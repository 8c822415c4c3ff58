"""The legal moves one ply ahead, without playing the move
(``shogi_position_legal_moves_after``).

The accelerator defers a push of a move it knows to be legal and answers
the next ``legal_moves`` with this call, so that a tree walk (push,
legal_moves, pop) costs one library call per node instead of three; the
ctypes path offers the function too.
"""

from . import _args, _lib
from ._lib import F

__all__ = ["legal_moves_after"]

_lib.declare("shogi_position_legal_moves_after", _lib.c_status, _lib.handle, _lib.u32, _lib.vp, _lib.c_size,
             _lib.P_size, _lib.P_err)


def legal_moves_after(board, move):
    """The legal moves (a list of ints) of ``board`` after the legal move
    ``move`` (its move16 is enough), ``board`` unchanged.
    IllegalMoveError if ``move`` is not legal; TypeError / ValueError for
    a non-integer or one outside 0..2**32-1."""
    from ._core import MAX_MOVES, scratch

    sc = scratch()
    _lib.call(F.shogi_position_legal_moves_after, board._h, _args.uint32(move, "move"), sc.buf, MAX_MOVES, sc.countp)
    return sc.buf[: sc.count.value]
