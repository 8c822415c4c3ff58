"""Game records (CSA, KIF, KI2, USI) and training records (PSV, hcpe).

``PackedSfenValue`` (PSV, 40 bytes, YaneuraOu ``.bin``) and
``HuffmanCodedPosAndEval`` (hcpe, 38 bytes, dlshogi / cshogi) are numpy
dtypes compatible with cshogi's; a file is ``numpy.fromfile(path, dtype)``
(read_psv / read_hcpe). The bulk functions (psv_to_hcpe, hcpe_to_psv,
psv_check, psv_halfkp_features, Network.evaluate_psv) take a whole array
and do the work in one library call.
"""

import collections
import ctypes
import os

from . import _args, _lib, _progress
from ._errors import ParseError
from ._lib import F
from .board import Board, _numpy, _text

PSV_SIZE = 40
HCPE_SIZE = 38
MAX_ACTIVE = 38

# Record formats
RECORD_AUTO = 0
RECORD_CSA = 1
RECORD_KIF = 2
RECORD_KI2 = 3
RECORD_USI = 4
FORMAT_NAMES = {RECORD_CSA: "csa", RECORD_KIF: "kif", RECORD_KI2: "ki2", RECORD_USI: "usi"}
_FORMATS = {"auto": RECORD_AUTO, "csa": RECORD_CSA, "kif": RECORD_KIF, "ki2": RECORD_KI2, "usi": RECORD_USI}

# Text encodings for writing
ENCODING_UTF8 = 0
ENCODING_UTF8_BOM = 1
ENCODING_SHIFT_JIS = 2
_ENCODINGS = {"utf-8": ENCODING_UTF8, "utf8": ENCODING_UTF8, "utf-8-sig": ENCODING_UTF8_BOM,
              "shift_jis": ENCODING_SHIFT_JIS, "cp932": ENCODING_SHIFT_JIS, "sjis": ENCODING_SHIFT_JIS}

# Game results
RESULT_NONE = 0
RESULT_BLACK_WIN = 1
RESULT_WHITE_WIN = 2
RESULT_DRAW = 3

# How a game ended
END_NONE = 0
END_RESIGN = 1
END_INTERRUPT = 2
END_REPETITION = 3
END_IMPASSE = 4
END_MAX_MOVES = 5
END_TIME_UP = 6
END_ILLEGAL_MOVE = 7
END_ILLEGAL_WIN = 8
END_ILLEGAL_BLACK = 9
END_ILLEGAL_WHITE = 10
END_DECLARE_WIN = 11
END_DECLARE_DRAW = 12
END_MATE = 13
END_NO_MATE = 14
END_ERROR = 15
END_WIN_BY_DEFAULT = 16
END_LOSS_BY_DEFAULT = 17
END_UNKNOWN = 18  # an end word the reader does not know (see Record.warnings)

_lib.declare("shogi_record_parse_all", _lib.c_status, _lib.vp, _lib.c_size, _lib.i32, _lib.vp, _lib.c_size,
             _lib.P_size, _lib.P_i32, _lib.P_err)
_lib.declare("shogi_record_warnings", _lib.c_status, _lib.handle, _lib.vp, _lib.c_size, _lib.P_size, _lib.P_err)

_dtypes = {}


def _dtype(name):
    if name not in _dtypes:
        np = _numpy()
        # cshogi's names for the field types
        _dtypes["dtypeHcp"] = np.dtype((np.uint8, 32))
        _dtypes["dtypeEval"] = np.dtype(np.int16)
        _dtypes["dtypeMove16"] = np.dtype(np.int16)
        _dtypes["dtypeGameResult"] = np.dtype(np.int8)
        _dtypes["dtypeKey"] = np.dtype(np.uint64)
        _dtypes["PackedSfen"] = np.dtype([("sfen", np.uint8, 32)])
        _dtypes["HuffmanCodedPos"] = np.dtype([("hcp", np.uint8, 32)])
        _dtypes["HuffmanCodedPosAndEval"] = np.dtype([
            ("hcp", np.uint8, 32),
            ("eval", np.int16),
            ("bestMove16", np.int16),  # int16 as cshogi declares it (hcpe move convention)
            ("gameResult", np.int8),  # 0 draw, 1 black win, 2 white win
            ("dummy", np.uint8),
        ])
        _dtypes["PackedSfenValue"] = np.dtype([
            ("sfen", np.uint8, 32),
            ("score", np.int16),
            ("move", np.uint16),  # YaneuraOu move16
            ("gamePly", np.uint16),
            ("game_result", np.int8),  # +1 side to move won, -1 lost, 0 draw
            ("padding", np.uint8),
        ])
        assert _dtypes["PackedSfenValue"].itemsize == PSV_SIZE
        assert _dtypes["HuffmanCodedPosAndEval"].itemsize == HCPE_SIZE
    return _dtypes[name]


DTYPE_NAMES = ("HuffmanCodedPos", "HuffmanCodedPosAndEval", "PackedSfen", "PackedSfenValue", "dtypeHcp", "dtypeEval",
               "dtypeMove16", "dtypeGameResult", "dtypeKey")
"""The numpy dtypes, by cshogi's names (built on first use: numpy is optional)."""


def __getattr__(name):  # PEP 562: build the dtypes when first used
    if name in DTYPE_NAMES:
        return _dtype(name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def __dir__():
    return sorted(set(globals()) | set(DTYPE_NAMES))


def read_psv(path, mmap=False):
    """A PSV file as a numpy array of PackedSfenValue (mmap=True maps it)."""
    np = _numpy()
    if mmap:
        return np.memmap(path, dtype=_dtype("PackedSfenValue"), mode="r")
    return np.fromfile(path, dtype=_dtype("PackedSfenValue"))


def read_hcpe(path, mmap=False):
    """An hcpe file as a numpy array of HuffmanCodedPosAndEval."""
    np = _numpy()
    if mmap:
        return np.memmap(path, dtype=_dtype("HuffmanCodedPosAndEval"), mode="r")
    return np.fromfile(path, dtype=_dtype("HuffmanCodedPosAndEval"))


# --------------------------------------------------------------------------
# One training record <-> Board
# --------------------------------------------------------------------------
PsvEntry = collections.namedtuple("PsvEntry", "board score move result")
HcpeEntry = collections.namedtuple("HcpeEntry", "board eval move result")


def _record_bytes(record, size, what):
    """A ctypes buffer of exactly size bytes from bytes or a numpy record."""
    if not isinstance(record, (bytes, bytearray, memoryview)):
        try:
            import numpy as np
        except ImportError:
            np = None
        if np is not None and isinstance(record, (np.void, np.ndarray)):
            record = np.asarray(record).tobytes()
        else:
            raise TypeError("%s must be bytes or a numpy record" % what)
    record = bytes(record)
    if len(record) != size:
        raise ValueError("%s must be %d bytes, not %d" % (what, size, len(record)))
    return ctypes.create_string_buffer(record, size)


def decode_psv(record):
    """One PackedSfenValue -> PsvEntry(board, score, move, result). The
    board's move number is gamePly; move is the legal move, or the raw move16
    when it is not legal there (0 = none)."""
    _lib.require("shogi_position_from_psv")
    buf = _record_bytes(record, PSV_SIZE, "a PSV record")
    h, score, move, result = ctypes.c_void_p(), ctypes.c_int32(), ctypes.c_uint32(), ctypes.c_int32()
    _lib.call(F.shogi_position_from_psv, buf, ctypes.byref(h), ctypes.byref(score), ctypes.byref(move), ctypes.byref(result))
    return PsvEntry(Board._from_handle(h), score.value, move.value, result.value)


def decode_hcpe(record):
    """One HuffmanCodedPosAndEval -> HcpeEntry(board, eval, move, result)."""
    _lib.require("shogi_position_from_hcpe")
    buf = _record_bytes(record, HCPE_SIZE, "an hcpe record")
    h, ev, move, result = ctypes.c_void_p(), ctypes.c_int32(), ctypes.c_uint32(), ctypes.c_int32()
    _lib.call(F.shogi_position_from_hcpe, buf, ctypes.byref(h), ctypes.byref(ev), ctypes.byref(move), ctypes.byref(result))
    return HcpeEntry(Board._from_handle(h), ev.value, move.value, result.value)


def encode_psv(board, score=0, move=0, result=0):
    """40 bytes of PackedSfenValue for a Board (see Board.to_psv)."""
    _lib.require("shogi_position_to_psv")
    buf = ctypes.create_string_buffer(PSV_SIZE)
    _lib.call(F.shogi_position_to_psv, board._handle(), _args.int32(score, "score"), _args.uint32(move, "move"),
              _args.int32(result, "result"), buf)
    return buf.raw


def encode_hcpe(board, eval=0, move=0, result=0):
    """38 bytes of HuffmanCodedPosAndEval for a Board (see Board.to_hcpe)."""
    _lib.require("shogi_position_to_hcpe")
    buf = ctypes.create_string_buffer(HCPE_SIZE)
    _lib.call(F.shogi_position_to_hcpe, board._handle(), _args.int32(eval, "eval"), _args.uint32(move, "move"),
              _args.int32(result, "result"), buf)
    return buf.raw


# --------------------------------------------------------------------------
# Bulk functions over numpy arrays
# --------------------------------------------------------------------------


def _records(np, data, size, name):
    """(contiguous array viewed with the dtype, n) from a record array,
    raw uint8 data or bytes."""
    dt = _dtype(name)
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = np.frombuffer(data, dtype=np.uint8)
    a = np.ascontiguousarray(data)
    if a.dtype != dt:
        if a.dtype.itemsize * a.size % size or (a.dtype.fields is not None and a.dtype.itemsize != size):
            raise ValueError("expected %s records (%d bytes each), got dtype %s with %d bytes"
                             % (name, size, a.dtype, a.nbytes))
        a = a.reshape(-1).view(np.uint8).view(dt)
    return a.reshape(-1), a.size


def _bulk(fn, strict, *args):
    """Calls a bulk function; with strict=False a bad record (ParseError) is
    not raised: its outputs are left as the library marks them."""
    e = _lib.err()
    rc = fn(*(args + (ctypes.byref(e),)))
    if rc:
        ex = _lib.exception(rc, e)
        if strict or not isinstance(ex, ParseError):
            raise ex
        return ex
    return None


def _bulk_chunks(fn, strict, n, progress, desc, arrays):
    """_bulk over [0, n) in chunks (see _progress.ranges). arrays: (base
    address, bytes per record) for each pointer argument, in order; a
    pointer is None for a scalar argument, which is passed as given."""
    for start, stop in _progress.ranges(n, progress, desc):
        args = []
        for a in arrays:
            if isinstance(a, tuple):
                base, size = a
                args.append(base + start * size)
            elif a is _N:
                args.append(stop - start)
            else:
                args.append(a)
        try:
            _bulk(fn, strict, *args)
        except ParseError as ex:
            if start:
                ex.message = "%s (in the chunk from record %d)" % (ex.message, start)
                ex.args = (ex.message,)
            raise


_N = object()  # stands for the chunk's record count in _bulk_chunks


def psv_check(psv):
    """Number of bad records in a PSV array (0 = all decode)."""
    _lib.require("shogi_psv_check")
    np = _numpy()
    a, n = _records(np, psv, PSV_SIZE, "PackedSfenValue")
    bad = ctypes.c_size_t(0)
    if n:
        _bulk(F.shogi_psv_check, False, a.ctypes.data, n, ctypes.byref(bad))
    return bad.value


def psv_to_hcpe(psv, strict=True, progress=False):
    """PSV array -> hcpe array (results made absolute). strict=False leaves
    bad records zeroed instead of raising ParseError. progress=True reports
    progress (tqdm when installed) over chunks of 65536 records."""
    _lib.require("shogi_psv_to_hcpe")
    np = _numpy()
    a, n = _records(np, psv, PSV_SIZE, "PackedSfenValue")
    out = np.zeros(n, dtype=_dtype("HuffmanCodedPosAndEval"))
    if n:
        _bulk_chunks(F.shogi_psv_to_hcpe, strict, n, progress, "psv_to_hcpe",
                     [(a.ctypes.data, PSV_SIZE), _N, (out.ctypes.data, HCPE_SIZE)])
    return out


def hcpe_to_psv(hcpe, strict=True, progress=False):
    """hcpe array -> PSV array (results made relative; gamePly 0).
    progress=True reports progress over chunks (as psv_to_hcpe)."""
    _lib.require("shogi_hcpe_to_psv")
    np = _numpy()
    a, n = _records(np, hcpe, HCPE_SIZE, "HuffmanCodedPosAndEval")
    out = np.zeros(n, dtype=_dtype("PackedSfenValue"))
    if n:
        _bulk_chunks(F.shogi_hcpe_to_psv, strict, n, progress, "hcpe_to_psv",
                     [(a.ctypes.data, HCPE_SIZE), _N, (out.ctypes.data, PSV_SIZE)])
    return out


def psv_side_to_move(psv):
    """Side to move (0 Black, 1 White) of each PSV record: the first bit of
    the packed position (the format's turn bit)."""
    np = _numpy()
    a, n = _records(np, psv, PSV_SIZE, "PackedSfenValue")
    return (a["sfen"][:, 0] & 1).astype(np.uint8) if n else np.zeros(0, dtype=np.uint8)


def psv_halfkp_features(psv, strict=True, progress=False):
    """HalfKP features of a PSV array in one call: FeatureBatch(black (n, 38)
    int32, white (n, 38) int32, side_to_move (n,) uint8). With strict=False
    a bad record's rows are -1 instead of raising ParseError. progress=True
    reports progress over chunks."""
    _lib.require("shogi_psv_halfkp_features")
    from .network import FeatureBatch

    np = _numpy()
    a, n = _records(np, psv, PSV_SIZE, "PackedSfenValue")
    black = np.empty((n, MAX_ACTIVE), dtype=np.int32)
    white = np.empty((n, MAX_ACTIVE), dtype=np.int32)
    if n:
        row = MAX_ACTIVE * 4
        _bulk_chunks(F.shogi_psv_halfkp_features, strict, n, progress, "psv_halfkp_features",
                     [(a.ctypes.data, PSV_SIZE), _N, (black.ctypes.data, row), (white.ctypes.data, row)])
    return FeatureBatch(black, white, psv_side_to_move(a))


def evaluate_psv(network, psv, fv_scale=16, strict=True, out=None, progress=False):
    """Evaluates the positions of a PSV array (Network.evaluate_psv);
    progress=True reports progress over chunks."""
    _lib.require("shogi_network_evaluate_psv")
    np = _numpy()
    fv_scale = _args.int32(fv_scale, "fv_scale")
    a, n = _records(np, psv, PSV_SIZE, "PackedSfenValue")
    if out is None:
        out = np.empty(n, dtype=np.int32)
    elif out.dtype != np.int32 or out.shape != (n,) or not out.flags.c_contiguous:
        raise ValueError("out must be a contiguous int32 array of shape (%d,)" % n)
    if n:
        _bulk_chunks(F.shogi_network_evaluate_psv, strict, n, progress, "evaluate_psv",
                     [network._handle(), (a.ctypes.data, PSV_SIZE), _N, fv_scale, (out.ctypes.data, 4)])
    return out


# --------------------------------------------------------------------------
# Game records
# --------------------------------------------------------------------------


def _format_code(fmt):
    if isinstance(fmt, str):
        try:
            return _FORMATS[fmt.lower().lstrip(".")]
        except KeyError:
            raise ValueError("unknown record format %r (csa, kif, ki2, usi)" % fmt) from None
    return _args.int32(fmt, "format")


def _encoding_code(enc):
    if isinstance(enc, str):
        try:
            return _ENCODINGS[enc.lower()]
        except KeyError:
            raise ValueError("unknown encoding %r (utf-8, utf-8-sig, shift_jis)" % enc) from None
    return _args.int32(enc, "encoding")


class Record(_lib.HandleOwner):
    """One game: headers, start position, main line, result.

    ``Record.parse(text_or_bytes)`` detects the format (CSA, KIF, KI2, USI)
    and the text encoding; ``Record.read(path)`` reads a file;
    ``Record.from_board(board)`` records a Board's moves.
    """

    def __init__(self, _handle, format=RECORD_AUTO):
        self._h = _handle
        self.format = format  # the format read (RECORD_*), AUTO if built

    @classmethod
    def parse(cls, data, format=RECORD_AUTO):
        """A record from text (str) or bytes in any encoding the reader knows;
        format RECORD_AUTO detects CSA, KIF, KI2 or USI."""
        _lib.require("shogi_record_parse")
        if isinstance(data, str):
            data = data.encode("utf-8")
        data = bytes(data)
        h = ctypes.c_void_p()
        got = ctypes.c_int32()
        _lib.call(F.shogi_record_parse, data, len(data), _format_code(format), ctypes.byref(h), ctypes.byref(got))
        return cls(h, got.value)

    @classmethod
    def parse_all(cls, data, format=RECORD_AUTO):
        """Every game of a record file, as a list (a CSA file separates its
        games by "/"; parse() refuses such a file)."""
        _lib.require("shogi_record_parse_all")
        if isinstance(data, str):
            data = data.encode("utf-8")
        data = bytes(data)
        count = ctypes.c_size_t()
        got = ctypes.c_int32()
        _lib.call(F.shogi_record_parse_all, data, len(data), _format_code(format), None, 0, ctypes.byref(count),
                  ctypes.byref(got))
        items = (ctypes.c_void_p * max(count.value, 1))()
        _lib.call(F.shogi_record_parse_all, data, len(data), _format_code(format), items, count.value,
                  ctypes.byref(count), ctypes.byref(got))
        return [cls(ctypes.c_void_p(items[i]), got.value) for i in range(count.value)]

    @property
    def warnings(self):
        """What the reader accepted but could not fully read (e.g. an unknown
        KIF end word), one string each."""
        _lib.require("shogi_record_warnings")
        text = _lib.read_string(F.shogi_record_warnings, self._handle())
        return text.split("\n") if text else []

    @classmethod
    def read(cls, path, format=RECORD_AUTO):
        """A record from a file (see parse)."""
        with open(os.fspath(path), "rb") as f:
            return cls.parse(f.read(), format)

    @classmethod
    def from_board(cls, board):
        """A record of a Board's moves from the position it started at."""
        _lib.require("shogi_record_from_position")
        h = ctypes.c_void_p()
        _lib.call(F.shogi_record_from_position, board._handle(), ctypes.byref(h))
        return cls(h)

    _kind = "record"

    def _release(self, h):
        F.shogi_record_free(h, None)

    def write(self, format=RECORD_KIF, encoding=ENCODING_UTF8):
        """The record as text (str) in format; bytes for Shift_JIS."""
        enc = _encoding_code(encoding)
        raw = _lib.read_bytes(F.shogi_record_write, self._handle(), _format_code(format), enc)
        if enc == ENCODING_SHIFT_JIS:
            return raw
        return raw.decode("utf-8-sig" if enc == ENCODING_UTF8_BOM else "utf-8")

    def save(self, path, format=None, encoding=ENCODING_UTF8):
        """Writes a file; format defaults to the file extension."""
        path = os.fspath(path)
        if format is None:
            format = os.path.splitext(path)[1] or "kif"
        enc = _encoding_code(encoding)
        raw = _lib.read_bytes(F.shogi_record_write, self._handle(), _format_code(format), enc)
        with open(path, "wb") as f:
            f.write(raw)

    @property
    def start_sfen(self):
        """The SFEN of the start position."""
        return _lib.read_string(F.shogi_record_start_sfen, self._handle())

    @property
    def moves(self):
        """The main line's moves (ints)."""
        count = ctypes.c_size_t()
        e = _lib.err()
        rc = F.shogi_record_moves(self._handle(), None, 0, ctypes.byref(count), ctypes.byref(e))
        if rc:
            raise _lib.exception(rc, e)
        buf = (ctypes.c_uint32 * max(count.value, 1))()
        _lib.call(F.shogi_record_moves, self._handle(), buf, count.value, ctypes.byref(count))
        return buf[: count.value]

    def __len__(self):
        return len(self.moves)

    def board(self, ply=None):
        """A Board after the first ply moves (default: all), with those moves
        in its history (pop works back to the start)."""
        moves = self.moves
        ply = len(moves) if ply is None else _args.integer(ply, "ply", *_args.SIZE)
        h = ctypes.c_void_p()
        _lib.call(F.shogi_record_position, self._handle(), ply, ctypes.byref(h))
        return Board._from_handle(h, moves[:ply])

    def _result(self):
        r, end = ctypes.c_int32(), ctypes.c_int32()
        _lib.call(F.shogi_record_result, self._handle(), ctypes.byref(r), ctypes.byref(end))
        return r.value, end.value

    @property
    def result(self):
        """RESULT_NONE / _BLACK_WIN / _WHITE_WIN / _DRAW."""
        return self._result()[0]

    @property
    def end(self):
        """How the main line ended (END_*)."""
        return self._result()[1]

    @end.setter
    def end(self, value):
        _lib.call(F.shogi_record_set_end, self._handle(), _args.int32(value, "end"))

    def header(self, key):
        """A header value ("" if absent): "black", "white", "handicap",
        "Event", "Site", "StartTime" ..."""
        return _lib.read_string(F.shogi_record_header, self._handle(), _text(key, "key"))

    def set_header(self, key, value):
        """Sets a header ("black", "white", "Event", ... as header())."""
        _lib.call(F.shogi_record_set_header, self._handle(), _text(key, "key"), _text(value, "value"))

    black = property(lambda self: self.header("black"), lambda self, v: self.set_header("black", v),
                     doc="Black's name (KIF 先手, CSA N+).")
    white = property(lambda self: self.header("white"), lambda self, v: self.set_header("white", v),
                     doc="White's name (KIF 後手, CSA N-).")

    # -- per-move data -------------------------------------------------------
    def _time(self, ply):
        t = ctypes.c_int64()
        _lib.call(F.shogi_record_move_time, self._handle(), ply, ctypes.byref(t))
        return None if t.value < 0 else t.value

    def _comment(self, ply):
        return _lib.read_string(F.shogi_record_move_comment, self._handle(), ply)

    @property
    def times(self):
        """Time used by each move of the main line in milliseconds (None
        where the record gives none), aligned with moves."""
        return [self._time(i + 1) for i in range(len(self.moves))]

    @property
    def comments(self):
        """The comment of each move ("" for none; lines joined by "\n"),
        aligned with moves. An engine line "** 30 -3334FU" keeps one "*"."""
        return [self._comment(i + 1) for i in range(len(self.moves))]

    @property
    def comment(self):
        """The comment before the first move."""
        return self._comment(0)

    @property
    def scores(self):
        """The evaluation of each move read from its engine comment (CSA
        "'** <score> <pv>", read as "* <score> ..."; KIF "** <score>"), None
        where there is none; aligned with moves."""
        out = []
        for c in self.comments:
            score = None
            for line in c.split("\n"):
                if not line.startswith("*"):
                    continue
                words = line.lstrip("*").split()
                if words and words[0].lstrip("+-").isdigit():
                    score = int(words[0])
                    break
            out.append(score)
        return out

    def append(self, move, time_ms=None, comment=None):
        """Appends a move legal at the end of the main line, with the time it
        used (ms) and a comment (lines separated by "\n"); StateError once
        the record has an end."""
        t = -1 if time_ms is None else _args.integer(time_ms, "time_ms", 0, 1 << 40)
        text = None if comment is None else _args.text(comment, "comment")
        _lib.call(F.shogi_record_append_move, self._handle(), _args.uint32(move, "move"), t, text)

    def __repr__(self):
        if self._h is None:
            return "<libshogi.Record closed>"
        return "<libshogi.Record %s, %d moves>" % (FORMAT_NAMES.get(self.format, "built"), len(self))

    def _repr_html_(self):
        """Notebook view: the headers, then the board after every ply with
        its KI2 move text, time and comment (HTML with inline SVG)."""
        from . import rich

        return rich.record_html(self)
