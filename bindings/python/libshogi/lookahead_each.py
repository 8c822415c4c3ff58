"""The legal moves after each of several moves, in one library call
(``shogi_position_legal_moves_after_each``).

The accelerator uses it when a loop over a position's legal moves pushes
one sibling after another (push, legal_moves, pop, as perft does): it
asks for the lists of the remaining siblings at once. The ctypes path
offers the function too.
"""

import ctypes

from . import _args, _lib
from ._lib import F

__all__ = ["legal_moves_after_each"]

_lib.declare("shogi_position_legal_moves_after_each", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.vp,
             _lib.c_size, _lib.vp, _lib.P_size, _lib.P_err)


def legal_moves_after_each(board, moves):
    """For each legal move of ``moves`` (ints; their move16 is enough), the
    legal moves (a list of ints) of ``board`` after it: a list of lists, as
    ``legal_moves_after`` gives them one at a time, ``board`` unchanged.
    IllegalMoveError if a move is not legal; TypeError / ValueError for a
    non-integer or one outside 0..2**32-1."""
    after = [_args.uint32(m, "move") for m in moves]
    n = len(after)
    if n == 0:
        return []
    arr = (ctypes.c_uint32 * n)(*after)
    counts = (ctypes.c_size_t * n)()
    total = ctypes.c_size_t()
    _lib.call(F.shogi_position_legal_moves_after_each, board._h, arr, n, None, 0, counts, ctypes.byref(total))
    out = (ctypes.c_uint32 * max(1, total.value))()
    _lib.call(F.shogi_position_legal_moves_after_each, board._h, arr, n, out, total.value, counts,
              ctypes.byref(total))
    lists, at = [], 0
    for k in counts:
        lists.append(out[at: at + k])
        at += k
    return lists
