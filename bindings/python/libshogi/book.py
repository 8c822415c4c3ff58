"""Opening books: YaneuraOu DB2016 text (.db), YaneuraOu .ybb and Apery /
dlshogi book.bin.

``Book(path)`` opens any of them (the format is detected) and
``book.probe(board)`` returns the book moves of a Board, best first.
``Board.book_key()`` / ``Board.book_key_after(key, move)`` are cshogi's
Apery book key; ``BookEntry`` is cshogi's numpy dtype of a book.bin record
and ``read_book_bin`` / ``read_ybb`` give a binary book's records as numpy
structured arrays. ``book_convert`` and ``book_merge`` edit book files.
"""

import collections
import ctypes
import os

from . import _errors, _lib
from ._lib import F
from .board import Board, _numpy, _text

# Formats (SHOGI_BOOK_*) and open modes (SHOGI_BOOK_OPEN_*)
BOOK_AUTO = 0
BOOK_DB = 1
BOOK_YBB = 2
BOOK_BIN = 3
_FORMATS = {"auto": BOOK_AUTO, "db": BOOK_DB, "db2016": BOOK_DB, "text": BOOK_DB, "ybb": BOOK_YBB,
            "bin": BOOK_BIN, "apery": BOOK_BIN}
FORMAT_NAMES = {BOOK_DB: "db", BOOK_YBB: "ybb", BOOK_BIN: "bin"}
OPEN_AUTO = 0
OPEN_MEMORY = 1
OPEN_ON_DISK = 2
_MODES = {"auto": OPEN_AUTO, "memory": OPEN_MEMORY, "on_disk": OPEN_ON_DISK, "disk": OPEN_ON_DISK}

HAS_EVAL = 1
HAS_DEPTH = 2
HAS_COUNT = 4


class BookMoveStruct(ctypes.Structure):
    """shogi_book_move_t."""

    _fields_ = [("move", ctypes.c_uint32), ("ponder", ctypes.c_uint32), ("eval", ctypes.c_int32),
                ("depth", ctypes.c_int32), ("count", ctypes.c_uint64), ("fields", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32)]


_P_move = ctypes.POINTER(BookMoveStruct)
ENTRY_SIZE = 64  # sizeof(shogi_book_entry_t)
_lib.declare("shogi_book_open", _lib.c_status, _lib.c_char_p, _lib.i32, _lib.i32, _lib.P_handle, _lib.P_err)
_lib.declare("shogi_book_free", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_book_format", _lib.c_status, _lib.handle, _lib.P_i32, _lib.P_err)
_lib.declare("shogi_book_probe", _lib.c_status, _lib.handle, _lib.handle, _lib.i32, _P_move, _lib.c_size,
             _lib.P_size, _lib.P_err)
_lib.declare("shogi_book_entries", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size, _lib.P_err)
_lib.declare("shogi_book_convert", _lib.c_status, _lib.c_char_p, _lib.i32, _lib.c_char_p, _lib.i32, _lib.P_err)
_lib.declare("shogi_book_merge", _lib.c_status, ctypes.POINTER(ctypes.c_char_p), _lib.c_size, _lib.c_char_p,
             _lib.i32, _lib.i32, _lib.P_err)
_lib.declare("shogi_position_book_key", _lib.c_status, _lib.handle, _lib.P_u64, _lib.P_err)
_lib.declare("shogi_position_book_key_after", _lib.c_status, _lib.handle, _lib.u32, _lib.P_u64, _lib.P_err)

BookMove = collections.namedtuple("BookMove", "move ponder eval depth count")
BookMove.__doc__ = """One book move: move and ponder are Board move ints (ponder 0 = none);
eval, depth and count are None when the book does not have them."""


def _format_code(f):
    if isinstance(f, str):
        try:
            return _FORMATS[f.lower()]
        except KeyError:
            raise ValueError("unknown book format %r (auto, db, ybb, bin)" % f) from None
    return int(f)


def _path(p):
    return os.fsencode(os.fspath(p))


class Book(_lib.HandleOwner):
    """An open opening book. ``mode`` applies to text books: "memory" loads
    the file (it may be unsorted), "on_disk" probes a sorted file by binary
    search without loading it, "auto" chooses by size. A Book may be probed
    from several threads at once."""

    __slots__ = ("_h", "path", "__weakref__")
    _kind = "book"

    def __init__(self, path, format="auto", mode="auto"):
        _lib.require("shogi_book_open")
        self._h = None
        if isinstance(mode, str):
            try:
                mode = _MODES[mode.lower()]
            except KeyError:
                raise ValueError("unknown mode %r (auto, memory, on_disk)" % mode) from None
        h = ctypes.c_void_p()
        _lib.call(F.shogi_book_open, _path(path), _format_code(format), int(mode), ctypes.byref(h))
        self._h = h
        self.path = os.fspath(path)

    def _release(self, h):
        F.shogi_book_free(h, None)

    @property
    def format(self):
        """"db", "ybb" or "bin"."""
        f = ctypes.c_int32()
        _lib.call(F.shogi_book_format, self._handle(), ctypes.byref(f))
        return FORMAT_NAMES.get(f.value, "unknown")

    def _probe(self, board, flipped):
        if not isinstance(board, Board):
            raise TypeError("board must be a Board, not %s" % type(board).__name__)
        count = ctypes.c_size_t(0)
        buf = (BookMoveStruct * 16)()
        for _ in range(4):
            e = _lib.err()
            rc = F.shogi_book_probe(self._handle(), board._handle(), 1 if flipped else 0, buf, len(buf),
                                    ctypes.byref(count), ctypes.byref(e))
            if rc == 0:
                return buf, count.value
            if rc != _errors.E_BUFFER_TOO_SMALL:
                raise _lib.exception(rc, e)
            buf = (BookMoveStruct * count.value)()
        raise _lib.exception(rc, e)

    def probe(self, board, flipped=False):
        """The book moves of board, best first ([] when it is not in the
        book). With flipped, a position absent from the book is looked up
        seen from the other side and its moves are mapped back."""
        buf, n = self._probe(board, flipped)
        out = []
        for i in range(n):
            m = buf[i]
            out.append(BookMove(m.move, m.ponder, m.eval if m.fields & HAS_EVAL else None,
                                m.depth if m.fields & HAS_DEPTH else None,
                                m.count if m.fields & HAS_COUNT else None))
        return out

    def probe_array(self, board, flipped=False):
        """probe as a numpy structured array of BOOK_MOVE dtype (fields says
        which of eval, depth and count are present)."""
        np = _numpy()
        buf, n = self._probe(board, flipped)
        return np.frombuffer(bytes(buf)[: n * ctypes.sizeof(BookMoveStruct)], dtype=dtype("BookMove")).copy()

    def entries(self):
        """Every move of every position as a numpy array of "Entry" records
        (psfen, ply, move16, ponder16, eval, depth, count, fields), ordered
        by PackedSfen, best move first; board_of(entry) gives the Board.
        The whole book is read once (a book.bin's positions are those its
        moves reach from the start position)."""
        np = _numpy()
        count = ctypes.c_size_t(0)
        _lib.call(F.shogi_book_entries, self._handle(), None, 0, ctypes.byref(count))
        out = np.zeros(count.value, dtype=dtype("Entry"))
        if count.value:
            _lib.call(F.shogi_book_entries, self._handle(), out.ctypes.data, count.value, ctypes.byref(count))
        return out

    def __contains__(self, board):
        return bool(self._probe(board, False)[1])


_dtypes = {}


def dtype(name):
    """The numpy dtypes: "BookEntry" (a book.bin record, cshogi's name),
    "BookMove" (shogi_book_move_t), "Entry" (shogi_book_entry_t, what
    Book.entries returns), "YbbIndex" and "YbbMove" / "YbbMoveDepth"."""
    if not _dtypes:
        np = _numpy()
        _dtypes["BookEntry"] = np.dtype([("key", "<u8"), ("fromToPro", "<u2"), ("count", "<u2"), ("score", "<i4")])
        _dtypes["BookMove"] = np.dtype([("move", "<u4"), ("ponder", "<u4"), ("eval", "<i4"), ("depth", "<i4"),
                                        ("count", "<u8"), ("fields", "<u4"), ("reserved", "<u4")])
        _dtypes["Entry"] = np.dtype([("psfen", "u1", 32), ("ply", "<i4"), ("move16", "<u2"), ("ponder16", "<u2"),
                                     ("eval", "<i4"), ("depth", "<i4"), ("count", "<u8"), ("fields", "<u4"),
                                     ("reserved", "<u4")])
        _dtypes["YbbIndex"] = np.dtype([("psfen", "u1", 32), ("offset", "<u8"), ("ply", "<u2"), ("count", "<u2")])
        _dtypes["YbbMove"] = np.dtype([("move16", "<u2"), ("eval", "<i2")])
        _dtypes["YbbMoveDepth"] = np.dtype([("move16", "<u2"), ("eval", "<i2"), ("depth", "<u2")])
    return _dtypes[name]


def board_of(entry):
    """The Board of a Book.entries() record (or of 32 PackedSfen bytes and a
    move number)."""
    from .records import decode_psv

    psfen = bytes(entry["psfen"]) if not isinstance(entry, (bytes, bytearray)) else bytes(entry)
    ply = int(entry["ply"]) if not isinstance(entry, (bytes, bytearray)) else 1
    # A PackedSfenValue with only the position and the move number set.
    rec = psfen + b"\0\0\0\0" + max(ply, 1).to_bytes(2, "little") + b"\0\0"
    return decode_psv(rec).board


def read_book_bin(path):
    """A book.bin as a numpy array of BookEntry records (key, fromToPro in
    the Apery move16 convention, count, score), sorted by key."""
    np = _numpy()
    size = os.path.getsize(path)
    if size % 16:
        raise ValueError("%s: %d bytes is not a whole number of 16-byte entries" % (path, size))
    return np.fromfile(path, dtype=dtype("BookEntry"))


def read_ybb(path):
    """A .ybb as (index, moves): the index records (psfen, offset, ply,
    count) and the move records (move16 in YaneuraOu's convention, eval,
    and depth when the book has it); index["offset"] counts bytes from the
    start of the move area."""
    np = _numpy()
    with open(path, "rb") as f:
        head = f.read(32)
        if len(head) < 32 or head[:16] != b"YANE-BINBOOK-V1\x00":
            raise ValueError("%s: not a YANE-BINBOOK-V1 file" % path)
        n = int.from_bytes(head[16:24], "little")
        flags = int.from_bytes(head[24:32], "little")
        index = np.fromfile(f, dtype=dtype("YbbIndex"), count=n)
        if len(index) != n:
            raise ValueError("%s: truncated index (%d of %d records)" % (path, len(index), n))
        moves = np.fromfile(f, dtype=dtype("YbbMoveDepth" if flags & 1 else "YbbMove"))
    return index, moves


def book_convert(src, dst, src_format="auto", dst_format="auto"):
    """Converts a book file (dst_format "auto": from dst's extension)."""
    _lib.call(F.shogi_book_convert, _path(src), _format_code(src_format), _path(dst), _format_code(dst_format))


def book_merge(srcs, dst, dst_format="auto", top_n=0):
    """Merges book files into dst: counts add up, the deeper eval wins;
    top_n > 0 keeps that many moves per position."""
    paths = [_path(s) for s in srcs]
    arr = (ctypes.c_char_p * len(paths))(*paths)
    _lib.call(F.shogi_book_merge, arr, len(paths), _path(dst), _format_code(dst_format), int(top_n))


def _book_key(self):
    """The Apery / dlshogi book.bin key of the position (cshogi's book_key)."""
    k = ctypes.c_uint64()
    _lib.call(F.shogi_position_book_key, self._handle(), ctypes.byref(k))
    return k.value


def _book_key_after(self, key, move):
    """cshogi's book_key_after: key updated by the legal move (key is
    normally self.book_key(); the board is not changed)."""
    after = ctypes.c_uint64()
    _lib.call(F.shogi_position_book_key_after, self._handle(), int(move) & 0xFFFFFFFF, ctypes.byref(after))
    return (int(key) ^ _book_key(self) ^ after.value) & 0xFFFFFFFFFFFFFFFF


Board.book_key = _book_key
Board.book_key_after = _book_key_after
