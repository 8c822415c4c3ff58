"""The evaluation stack at the caller's ply (shogi.h "eval backend: the
caller's ply"): an engine that makes every move with
``EvalStack.push_evaluate_at(ply, move)`` from its search ply needs no call
on unmake; the next make at a lower or equal ply takes back what lies above
it, and ``EvalStack.pop_to(ply)`` does so explicitly (``pop_to(0)`` ends a
search). Both are methods of :class:`libshogi.EvalStack`, bound here.
"""

import ctypes

from . import _lib
from ._lib import P_err as _P_err, P_i32 as _P_i32
from ._lib import F, c_status, handle, i32, u32
from .evalbackend import EvalStack

__all__ = ["push_evaluate_at", "pop_to"]

_lib.declare("shogi_evalstack_push_evaluate_at", c_status, handle, i32, u32, _P_i32, _P_err)
_lib.declare("shogi_evalstack_pop_to", c_status, handle, i32, _P_err)


def push_evaluate_at(stack, ply, move):
    """Takes stack back to ply plies above the root, then pushes move (its
    move16) and returns the evaluation after it for its side to move. A
    refused move leaves the stack at ply; a ply above the stack's raises
    StateError, the stack unchanged."""
    _lib.require("shogi_evalstack_push_evaluate_at")
    _lib.call(F.shogi_evalstack_push_evaluate_at, stack._handle(), ply, int(move) & 0xFFFFFFFF,
              ctypes.byref(stack._v))
    return stack._v.value


def pop_to(stack, ply):
    """Takes stack back to ply plies above the root (0 <= ply <=
    stack.ply, else StateError and the stack unchanged)."""
    _lib.require("shogi_evalstack_pop_to")
    _lib.call(F.shogi_evalstack_pop_to, stack._handle(), ply)


EvalStack.push_evaluate_at = push_evaluate_at
EvalStack.pop_to = pop_to
