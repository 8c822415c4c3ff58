"""The per-call hot paths of Board: the compiled accelerator when there is
one, else their ctypes twins.

``libshogi._accel`` (built by setup.py from _accel.c; optional) provides
``Core``, a base type holding the position handle and the move history with
push/pop, the legal move list, SFEN set/get, hcp/PackedSfen records in
place, perft and the null move in C. ``_PyCore`` below is the same in pure
Python over ctypes. ``LIBSHOGI_NO_ACCEL=1`` (any non-empty value but "0")
forces the ctypes path; both give identical results (the test suite runs on
both).
"""

import ctypes
import os
import threading

from . import _args, _errors, _lib
from . import lookahead  # noqa: F401 - declares shogi_position_legal_moves_after (the accelerator binds it)
from . import lookahead_each  # noqa: F401 - declares shogi_position_legal_moves_after_each (likewise)
from ._lib import F
from .movelist import MoveList as _PyMoveList

MAX_MOVES = 600
MOVE_NULL = 0x0081
MOVE_NONE = 0

_do_move = F.shogi_position_do_move
_undo_move = F.shogi_position_undo_move
_legal_moves = F.shogi_position_legal_moves
_of = _PyMoveList._of

# The section "position records and editing for bindings" (ABI 1.1).
_lib.declare("shogi_position_set_hcp", _lib.c_status, _lib.handle, _lib.vp, _lib.P_err)
_lib.declare("shogi_position_hcp", _lib.c_status, _lib.handle, _lib.vp, _lib.P_err)
_lib.declare("shogi_position_set_psfen", _lib.c_status, _lib.handle, _lib.vp, _lib.P_err)
_lib.declare("shogi_position_psfen", _lib.c_status, _lib.handle, _lib.vp, _lib.P_err)
_lib.declare("shogi_position_pieces", _lib.c_status, _lib.handle, _lib.vp, _lib.vp, _lib.P_err)
_lib.declare("shogi_position_set_pieces", _lib.c_status, _lib.handle, _lib.vp, _lib.vp, _lib.i32, _lib.i32, _lib.u32,
             _lib.P_err)
_lib.declare("shogi_position_do_null_move", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_position_undo_null_move", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_position_pseudo_legal_moves", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size,
             _lib.P_err)
_lib.declare("shogi_position_move_to_kif", _lib.c_status, _lib.handle, _lib.u32, _lib.vp, _lib.c_size, _lib.P_size,
             _lib.P_err)
_lib.declare("shogi_position_move_to_ki2", _lib.c_status, _lib.handle, _lib.u32, _lib.vp, _lib.c_size, _lib.P_size,
             _lib.P_err)
_lib.declare("shogi_position_bod", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size, _lib.P_err)
_lib.declare("shogi_record_move_time", _lib.c_status, _lib.handle, _lib.c_size, ctypes.POINTER(ctypes.c_int64),
             _lib.P_err)
_lib.declare("shogi_record_move_comment", _lib.c_status, _lib.handle, _lib.c_size, _lib.vp, _lib.c_size, _lib.P_size,
             _lib.P_err)
_lib.declare("shogi_record_append_move", _lib.c_status, _lib.handle, _lib.u32, ctypes.c_int64, _lib.c_char_p,
             _lib.P_err)


class _Scratch(object):
    """Per-thread out-parameters and error struct, so that one Board can be
    read from several threads at once (as the C library allows)."""

    __slots__ = ("err", "errp", "buf", "count", "countp", "i32", "i32p", "u32", "u32p", "u64", "u64p")

    def __init__(self):
        self.err = _lib.Error()
        self.errp = ctypes.byref(self.err)
        self.buf = (ctypes.c_uint32 * MAX_MOVES)()
        self.count = ctypes.c_size_t(0)
        self.countp = ctypes.byref(self.count)
        self.i32 = ctypes.c_int32(0)
        self.i32p = ctypes.byref(self.i32)
        self.u32 = ctypes.c_uint32(0)
        self.u32p = ctypes.byref(self.u32)
        self.u64 = ctypes.c_uint64(0)
        self.u64p = ctypes.byref(self.u64)


_tls = threading.local()


def scratch():
    try:
        return _tls.s
    except AttributeError:
        s = _tls.s = _Scratch()
        return s


def raise_error(code, message):
    """Raises the package's exception for a status code and the library's
    message (bytes); the accelerator calls it for every failed call."""
    msg = message.decode("utf-8", "replace") if message else ""
    raise _errors.error_for(code, msg or _lib.status_name(code), _lib.status_name(code))


def _record_in(data, whole):
    """(pointer, keep-alive) of a 32-byte position record to read: bytes,
    a numpy uint8 row or any contiguous buffer of 32 bytes (or a whole
    record of `whole` bytes, whose first 32 bytes are the position)."""
    try:
        mv = memoryview(data)
    except TypeError:
        raise TypeError("expected a contiguous buffer (bytes or a numpy uint8 row), not %s"
                        % type(data).__name__) from None
    if not mv.c_contiguous:
        raise TypeError("expected a contiguous buffer")
    if mv.nbytes not in (32, whole):
        raise ValueError("expected 32 bytes (or a %d-byte record), got %d" % (whole, mv.nbytes))
    return ctypes.create_string_buffer(mv.tobytes(), mv.nbytes)


def _record_out(data, whole):
    """A ctypes array over the caller's writable 32-byte buffer."""
    try:
        mv = memoryview(data)
    except TypeError:
        raise TypeError("expected a writable contiguous buffer (a numpy uint8 row), not %s"
                        % type(data).__name__) from None
    if mv.readonly or not mv.c_contiguous:
        raise TypeError("expected a writable contiguous buffer (a numpy uint8 row)")
    if mv.nbytes not in (32, whole):
        raise ValueError("expected 32 bytes (or a %d-byte record), got %d" % (whole, mv.nbytes))
    return (ctypes.c_char * mv.nbytes).from_buffer(data)


class _PyCore(object):
    """The ctypes twin of _accel.Core: position handle, history and the hot
    methods of Board."""

    __slots__ = ("_h", "_history")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._h = None
        self._history = []
        return self

    def _fail(self, fn, *args):
        """Repeats a failed call with an error struct and raises."""
        if self._h is None:
            raise ValueError("the board was closed")
        sc = scratch()
        rc = fn(self._h, *(args + (sc.errp,)))
        if rc:
            raise _lib.exception(rc, sc.err)

    def push(self, move):
        """Does a legal move (IllegalMoveError otherwise; board unchanged)."""
        # hot path: no error struct (saves a pointer conversion); a failed
        # call changed nothing, so it is repeated to get the message
        if move >> 32 or move < 0:  # ctypes would wrap it into another move
            _args.uint32(move, "move")
        if _do_move(self._h, move, None):
            self._fail(_do_move, move)
        self._history.append(move)

    def pop(self):
        """Undoes the last move; returns it (StateError if there is none)."""
        if _undo_move(self._h, None):
            self._fail(_undo_move)
        h = self._history
        return h.pop() if h else MOVE_NONE

    def push_usi(self, usi):
        """Does a legal move given as USI text; returns the move."""
        sc = scratch()
        rc = F.shogi_position_do_move_usi(self._h, _args.text(usi, "usi"), sc.u32p, sc.errp)
        if rc:
            self._fail(F.shogi_position_do_move_usi, _args.text(usi, "usi"), None)
        m = sc.u32.value
        self._history.append(m)
        return m

    def push_usi_moves(self, usis):
        """push_usi for each move of an iterable (or a space-separated
        string); returns the moves. On an error the moves before it stay."""
        if isinstance(usis, str):
            usis = usis.split()
        return [self.push_usi(u) for u in usis]

    @property
    def legal_moves(self):
        """The legal moves (ints) as a MoveList: a read-only sequence equal
        to the list of them (list(...) for a list)."""
        try:
            sc = _tls.s
        except AttributeError:
            sc = scratch()
        if _legal_moves(self._h, sc.buf, MAX_MOVES, sc.countp, None):
            self._fail(_legal_moves, sc.buf, MAX_MOVES, sc.countp)
        return _of(sc.buf[: sc.count.value])

    def sfen(self):
        """Canonical SFEN (without the "sfen " prefix)."""
        if self._h is None:
            raise ValueError("the board was closed")
        return _lib.read_string(F.shogi_position_sfen, self._h)

    def set_sfen(self, sfen):
        """Replaces the position with SFEN text and clears the history."""
        text = _args.text(sfen, "sfen")
        if F.shogi_position_set_sfen(self._h, text, None):
            self._fail(F.shogi_position_set_sfen, text)
        self._history = []

    @property
    def turn(self):
        """BLACK (0) or WHITE (1): the side to move."""
        sc = scratch()
        if F.shogi_position_side_to_move(self._h, sc.i32p, None):
            self._fail(F.shogi_position_side_to_move, sc.i32p)
        return sc.i32.value

    def is_check(self):
        """True if the side to move is in check."""
        sc = scratch()
        if F.shogi_position_in_check(self._h, sc.i32p, None):
            self._fail(F.shogi_position_in_check, sc.i32p)
        return sc.i32.value != 0

    def perft(self, depth):
        """Leaf count of the legal move tree of the given depth."""
        depth = _args.int32(depth, "depth")
        sc = scratch()
        n = ctypes.c_uint64()
        if F.shogi_position_perft(self._h, depth, ctypes.byref(n), None):
            self._fail(F.shogi_position_perft, depth, ctypes.byref(n))
        del sc
        return n.value

    def _set_record(self, fn, data, whole):
        buf = _record_in(data, whole)
        if self._h is None:
            raise ValueError("the board was closed")
        if fn(self._h, buf, None):
            self._fail(fn, buf)
        self._history = []

    def _get_record(self, fn, out, whole):
        buf = _record_out(out, whole)
        if self._h is None:
            raise ValueError("the board was closed")
        if fn(self._h, buf, None):
            self._fail(fn, buf)

    def set_hcp(self, hcp):
        """Sets the position from a 32-byte HuffmanCodedPos (a numpy uint8 row,
        bytes, or a whole hcpe record); history cleared, move number 1."""
        self._set_record(F.shogi_position_set_hcp, hcp, 38)

    def to_hcp(self, out):
        """Writes the position as HuffmanCodedPos into a writable 32-byte buffer."""
        self._get_record(F.shogi_position_hcp, out, 38)

    def set_psfen(self, psfen):
        """Sets the position from a 32-byte PackedSfen (or a whole
        PackedSfenValue record); history cleared."""
        self._set_record(F.shogi_position_set_psfen, psfen, 40)

    def to_psfen(self, out):
        """Writes the position as PackedSfen into a writable 32-byte buffer."""
        self._get_record(F.shogi_position_psfen, out, 40)

    def push_pass(self):
        """Passes the turn (the null move; StateError in check). pop() or
        pop_pass() takes it back."""
        if F.shogi_position_do_null_move(self._h, None):
            self._fail(F.shogi_position_do_null_move)
        self._history.append(MOVE_NULL)


def legal_moves_many_py(boards):
    """The legal moves (a MoveList each, as Board.legal_moves) of a sequence
    of Boards (ctypes path)."""
    return [b.legal_moves for b in boards]


def _bind_accel():
    """The accelerator's Core and legal_moves_many, bound to the loaded
    library; None when it is absent, refused or switched off."""
    if os.environ.get("LIBSHOGI_NO_ACCEL", "") not in ("", "0"):
        return None
    try:
        from . import _accel
    except ImportError:
        return None
    addresses = {}
    for name in _accel.names():
        fn = getattr(F, name, None)
        if fn is None:  # an older library: stay on ctypes
            return None
        addresses[name] = ctypes.cast(fn, ctypes.c_void_p).value
    _accel.bind(addresses, raise_error)
    return _accel


_accel_module = _bind_accel()
accelerated = _accel_module is not None
"""True when Board runs on the compiled accelerator."""

if accelerated:
    Core = _accel_module.Core
    legal_moves_many = _accel_module.legal_moves_many
    MoveList = _accel_module.MoveList
else:
    Core = _PyCore
    legal_moves_many = legal_moves_many_py
    MoveList = _PyMoveList
MoveList.__module__ = "libshogi"
