"""Mate (tsume) solving: a df-pn solver with its own table (shogi.h, mate section).

``Board.solve_mate()`` is the short way; ``MateSolver`` keeps its table
between solves and can be stopped from another thread.
"""

import ctypes

from . import _lib
from .board import Board, move_to_usi
from ._lib import F

__all__ = ["MATE_UNKNOWN", "MATE_FOUND", "MATE_NONE", "MateResult", "MateSolver"]

MATE_UNKNOWN = 0  # a limit or a stop came first
MATE_FOUND = 1  # the attacker mates: the result holds the line
MATE_NONE = 2  # proven: no sequence of checks mates


class MateLimits(ctypes.Structure):
    """shogi_mate_limits_t."""

    _fields_ = [("nodes", ctypes.c_uint64), ("time_ms", ctypes.c_int64)]


class _CMateResult(ctypes.Structure):
    """shogi_mate_result_t."""

    _fields_ = [
        ("status", ctypes.c_int32),
        ("line_length", ctypes.c_int32),
        ("nodes", ctypes.c_uint64),
        ("time_ms", ctypes.c_int64),
        ("table_used", ctypes.c_uint64),
        ("table_slots", ctypes.c_uint64),
    ]


_lib.declare("shogi_mate_solver_new", _lib.c_status, _lib.i32, _lib.P_handle, _lib.P_err)
_lib.declare("shogi_mate_solver_free", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_mate_solve", _lib.c_status, _lib.handle, _lib.handle, ctypes.POINTER(MateLimits),
             ctypes.POINTER(_CMateResult), _lib.P_err)
_lib.declare("shogi_mate_stop", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_mate_line", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size, _lib.P_err)
_lib.declare("shogi_mate_line_usi", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size, _lib.P_err)


class MateResult(list):
    """The mate line (moves as ints, attacker first; empty unless
    ``status == MATE_FOUND``), with ``status``, ``nodes``, ``time_ms``,
    ``table_used`` and ``table_slots``. True exactly when a mate was found."""

    def __init__(self, moves, c):
        list.__init__(self, moves)
        self.status = c.status
        self.nodes = c.nodes
        self.time_ms = c.time_ms
        self.table_used = c.table_used
        self.table_slots = c.table_slots

    @property
    def usi(self):
        """The line as USI move strings."""
        return [move_to_usi(m) for m in self]

    def __repr__(self):
        name = {MATE_FOUND: "mate", MATE_NONE: "nomate"}.get(self.status, "unknown")
        return "<MateResult %s %s nodes %d>" % (name, " ".join(self.usi), self.nodes)


class MateSolver(_lib.HandleOwner):
    """A df-pn tsume solver whose table takes at most ``table_mb`` MB (0:
    the library's default). The side to move attacks and may have no king;
    the defender must have one. ``stop()`` may be called from any thread
    while ``solve()`` runs (which then returns status MATE_UNKNOWN)."""

    __slots__ = ("_h",)
    _kind = "mate solver"

    def __init__(self, table_mb=0):
        _lib.require("shogi_mate_solver_new", "shogi_mate_solve")
        self._h = None
        h = ctypes.c_void_p()
        _lib.call(F.shogi_mate_solver_new, int(table_mb), ctypes.byref(h))
        self._h = h

    def _release(self, h):
        F.shogi_mate_solver_free(h, None)

    def solve(self, board, nodes=0, time_ms=0):
        """Solves ``board`` (unchanged) within ``nodes`` and ``time_ms``
        (0: unlimited) and returns a MateResult; a found line has been
        verified by replay (every attacker move checks, the end is mate)."""
        if not isinstance(board, Board):
            raise TypeError("board must be a libshogi.Board")
        lim = MateLimits(int(nodes), int(time_ms))
        res = _CMateResult()
        _lib.call(F.shogi_mate_solve, self._handle(), board._handle(), ctypes.byref(lim), ctypes.byref(res))
        moves = []
        if res.line_length > 0:
            arr = (ctypes.c_uint32 * res.line_length)()
            count = ctypes.c_size_t(0)
            _lib.call(F.shogi_mate_line, self._handle(), arr, res.line_length, ctypes.byref(count))
            moves = list(arr[: count.value])
        return MateResult(moves, res)

    def last_line_usi(self):
        """The line of the last solve as USI text ("" when it found no mate)."""
        return _lib.read_string(F.shogi_mate_line_usi, self._handle())

    def stop(self):
        """Asks a running solve() to stop (any thread; returns at once)."""
        _lib.call(F.shogi_mate_stop, self._handle())


def _solve_mate(self, nodes=0, time_ms=0, table_mb=0):
    """Looks for a mate by the side to move (tsume rules: every attacker
    move checks) and returns the line as a MateResult: a list of moves,
    empty when there is no mate (status MATE_NONE) or a limit came first
    (MATE_UNKNOWN). ``nodes``/``time_ms`` 0 means unlimited; ``table_mb``
    sizes the solver's table (0: the default)."""
    with MateSolver(table_mb) as s:
        return s.solve(self, nodes=nodes, time_ms=time_ms)


Board.solve_mate = _solve_mate
