"""NNUE (halfkp_256x2-32-32, nn.bin): Network, batch evaluation, HalfKP
features for training, and the low-level Accumulator."""

import ctypes
import os

from . import _args, _errors, _lib
from ._lib import F
from .board import BLACK, WHITE, Board, _numpy, _text

DEFAULT_FV_SCALE = 16
VALUE_MAX = 31753
HALFKP_DIMENSIONS = 125388  # valid feature indices are below this
MAX_ACTIVE = 38  # active features per perspective

_NNUE = ("shogi_network_load", "shogi_network_evaluate", "shogi_network_evaluate_sfens")


def _new_handle(fn, *args):
    h = ctypes.c_void_p()
    e = _lib.err()
    rc = fn(*(args + (ctypes.byref(h), ctypes.byref(e))))
    if rc:
        raise _lib.exception(rc, e)
    return h


def _sfen_pointers(np, sfens):
    """(keep-alive array, pointer array) for a sequence of SFEN texts: one
    fixed-width bytes array with a NUL after every item, and a uint64 array
    of the items' addresses."""
    if isinstance(sfens, (str, bytes)):
        raise TypeError("sfens must be a sequence of SFEN strings, not one string")
    if isinstance(sfens, np.ndarray):
        arr = sfens.ravel()
        if arr.dtype.kind not in "SUO":
            raise TypeError("sfens must be strings or bytes, not %s" % arr.dtype)
        if arr.dtype.kind == "O":
            arr = list(arr)
    else:
        arr = sfens if isinstance(sfens, (list, tuple)) else list(sfens)
    n = len(arr)
    if isinstance(arr, np.ndarray) and arr.dtype.kind == "S":
        width = arr.dtype.itemsize + 1
        buf = np.zeros(n, dtype="S%d" % width)
        buf[:] = arr
    elif n == 0:
        buf = np.zeros(0, dtype="S1")
        width = 1
    else:
        # numpy encodes str items as ASCII (SFEN is ASCII; anything else
        # raises UnicodeEncodeError); the extra byte keeps a NUL after each
        if isinstance(arr, np.ndarray):
            width = int(np.char.str_len(arr).max()) + 1
        else:
            try:
                width = max(map(len, arr)) + 1
            except TypeError:
                raise TypeError("sfens must be strings or bytes") from None
        buf = np.array(arr, dtype="S%d" % width)
        if buf.ndim != 1:
            raise TypeError("sfens must be a flat sequence of strings")
    ptrs = buf.ctypes.data + np.arange(n, dtype=np.uint64) * np.uint64(width)
    return buf, ptrs


class Network(_lib.HandleOwner):
    """A loaded nn.bin network (read-only: usable from many threads).

    ``Network(path)`` loads a file, ``Network(data)`` loads bytes (bytes,
    bytearray, memoryview); ``Network.make_test("test", 1)`` builds the
    deterministic test net of the shared golden data.
    """

    def __init__(self, source=None, _handle=None):
        _lib.require(*_NNUE)
        self._h = None
        if _handle is not None:
            self._h = _handle
            return
        if isinstance(source, (bytes, bytearray, memoryview)):
            self._h = self._from_memory(source)
        elif isinstance(source, (str, os.PathLike)):
            self._h = _new_handle(F.shogi_network_load, os.fsencode(source))
        else:
            raise TypeError("Network needs a path or bytes, not %s" % type(source).__name__)

    @staticmethod
    def _from_memory(data):
        mv = memoryview(data).cast("B")
        n = mv.nbytes
        if mv.readonly:
            buf = (ctypes.c_char * n).from_buffer_copy(mv) if n else None
        else:
            buf = (ctypes.c_char * n).from_buffer(mv) if n else None
        return _new_handle(F.shogi_network_load_memory, buf, n)

    @classmethod
    def load(cls, path):
        """Loads an nn.bin file."""
        return cls(os.fspath(path))

    @classmethod
    def from_bytes(cls, data):
        """Loads a network from the bytes of an nn.bin file."""
        return cls(bytes(data) if not isinstance(data, (bytes, bytearray, memoryview)) else data)

    @classmethod
    def make_test(cls, kind="test", seed=1):
        """The deterministic test network: kind "test", "stress" (evaluate with
        fv_scale 128) or "zero"."""
        _lib.require("shogi_network_make_test")
        return cls(_handle=_new_handle(F.shogi_network_make_test, _text(kind, "kind"), _args.integer(seed, "seed", *_args.UINT64)))

    _kind = "network"

    def _release(self, h):
        F.shogi_network_free(h, None)

    @property
    def arch(self):
        """The architecture string of the file."""
        return _lib.read_string(F.shogi_network_arch, self._handle())

    def __repr__(self):
        return "<libshogi.Network %s>" % ("closed" if self._h is None else self.arch[:40] + "...")

    def _repr_html_(self):
        """Notebook view: the architecture."""
        from . import rich

        return rich.network_html(self)

    def save(self, path):
        """Writes the network as an nn.bin file."""
        _lib.call(F.shogi_network_save, self._handle(), os.fsencode(os.fspath(path)))

    # evaluation
    def evaluate(self, board, fv_scale=DEFAULT_FV_SCALE):
        """Static evaluation of a Board (or SFEN text), side to move's view."""
        if not isinstance(board, Board):
            board = Board(board)
        v = ctypes.c_int32()
        _lib.call(F.shogi_network_evaluate, self._handle(), board._handle(), _args.int32(fv_scale, "fv_scale"), ctypes.byref(v))
        return v.value

    def evaluate_many(self, sfens, fv_scale=DEFAULT_FV_SCALE, out=None, strict=True, progress=False):
        """Evaluates many SFENs in one library call (in parallel) into a numpy
        int32 array. sfens: a list of str/bytes or a numpy bytes/str array.
        A bad SFEN raises ParseError naming the first bad index; with
        strict=False its value is 0 and no error is raised. progress=True
        reports progress (tqdm when installed) over chunks of 65536."""
        np = _numpy()
        fv_scale = _args.int32(fv_scale, "fv_scale")
        keep, ptrs = _sfen_pointers(np, sfens)
        n = ptrs.shape[0]
        if out is None:
            out = np.empty(n, dtype=np.int32)
        elif out.dtype != np.int32 or out.shape != (n,) or not out.flags.c_contiguous or not out.flags.writeable:
            raise ValueError("out must be a writable contiguous int32 array of shape (%d,)" % n)
        from . import _progress

        for start, stop in (_progress.ranges(n, progress, "evaluate_many") if n else ()):
            e = _lib.err()
            rc = F.shogi_network_evaluate_sfens(self._handle(), ptrs.ctypes.data + start * 8, stop - start, fv_scale,
                                                out.ctypes.data + start * 4, ctypes.byref(e))
            if rc and (strict or rc != _errors.E_PARSE):
                ex = _lib.exception(rc, e)
                if start:
                    ex.message = "%s (in the chunk from index %d)" % (ex.message, start)
                    ex.args = (ex.message,)
                raise ex
        del keep
        return out

    def evaluate_psv(self, psv, fv_scale=DEFAULT_FV_SCALE, strict=True, out=None, progress=False):
        """Evaluates the positions of a PackedSfenValue array in one call
        (numpy int32). strict=False gives 0 for bad records instead of
        raising ParseError. progress=True reports progress (tqdm when
        installed) over chunks of 65536 records."""
        from . import records

        return records.evaluate_psv(self, psv, fv_scale, strict, out, progress)

    def accumulator(self):
        """A new Accumulator of this network."""
        return Accumulator(self)


def halfkp_features(board):
    """The active HalfKP feature indices of a Board (or SFEN text) for both
    perspectives: (black, white), lists of MAX_ACTIVE ints. StateError if a
    king is missing."""
    if not isinstance(board, Board):
        board = Board(board)
    b = (ctypes.c_int32 * 64)()
    w = (ctypes.c_int32 * 64)()
    n = ctypes.c_size_t()
    _lib.call(F.shogi_position_halfkp_features, board._handle(), b, w, 64, ctypes.byref(n))
    return b[: n.value], w[: n.value]


class FeatureBatch(tuple):
    """(black, white, side_to_move) of halfkp_features_many."""

    __slots__ = ()

    def __new__(cls, black, white, side_to_move):
        return tuple.__new__(cls, (black, white, side_to_move))

    black = property(lambda self: self[0], doc="(n, 38) int32 indices, Black's perspective")
    white = property(lambda self: self[1], doc="(n, 38) int32 indices, White's perspective")
    side_to_move = property(lambda self: self[2], doc="(n,) uint8, 0 Black / 1 White")

    def us_them(self):
        """(us, them): the side to move's and the opponent's feature arrays,
        the order in which the network concatenates the accumulators."""
        np = _numpy()
        stm = self.side_to_move.astype(bool)[:, None]
        return np.where(stm, self.white, self.black), np.where(stm, self.black, self.white)

    def flat(self, perspective=BLACK):
        """(indices, offsets) of one perspective for torch.nn.EmbeddingBag
        (every bag has MAX_ACTIVE entries)."""
        np = _numpy()
        a = self[0] if perspective == BLACK else self[1]
        offsets = np.arange(a.shape[0], dtype=np.int64) * a.shape[1]
        return a.reshape(-1), offsets


def _indexed(rc, e, i):
    ex = _lib.exception(rc, e)
    ex.message = "positions[%d]: %s" % (i, ex.message)
    ex.args = (ex.message,)
    return ex


def halfkp_features_many(positions):
    """HalfKP feature indices of many positions (SFEN texts or Boards) as
    numpy arrays: FeatureBatch(black (n, 38) int32, white (n, 38) int32,
    side_to_move (n,) uint8). The 38 indices of a row form one
    EmbeddingBag bag (see FeatureBatch.flat / us_them)."""
    np = _numpy()
    positions = list(positions)
    n = len(positions)
    black = np.empty((n, MAX_ACTIVE), dtype=np.int32)
    white = np.empty((n, MAX_ACTIVE), dtype=np.int32)
    stm = np.empty(n, dtype=np.uint8)
    if n and not any(isinstance(p, Board) for p in positions):
        # All text: one library call for the whole batch.
        keep, ptrs = _sfen_pointers(np, positions)
        e = _lib.Error()
        rc = F.shogi_sfens_halfkp_features(ptrs.ctypes.data, n, black.ctypes.data, white.ctypes.data,
                                           stm.ctypes.data, ctypes.byref(e))
        del keep
        if rc:
            raise _lib.exception(rc, e)
        return FeatureBatch(black, white, stm)
    scratch = Board()
    fn = F.shogi_position_halfkp_features
    set_sfen = F.shogi_position_set_sfen
    side = F.shogi_position_side_to_move
    e = _lib.Error()
    ep = ctypes.byref(e)
    count = ctypes.c_size_t()
    countp = ctypes.byref(count)
    out = ctypes.c_int32()
    outp = ctypes.byref(out)
    bp = black.ctypes.data
    wp = white.ctypes.data
    row = MAX_ACTIVE * 4
    sh = scratch._handle()
    for i, p in enumerate(positions):
        if isinstance(p, Board):
            h = p._handle()
        else:
            h = sh
            rc = set_sfen(h, p if isinstance(p, bytes) else p.encode("utf-8"), ep)
            if rc:
                raise _indexed(rc, e, i)
        rc = fn(h, bp + i * row, wp + i * row, MAX_ACTIVE, countp, ep)
        if rc == 0:
            rc = side(h, outp, ep)
        if rc:
            raise _indexed(rc, e, i)
        stm[i] = out.value
    scratch.close()
    return FeatureBatch(black, white, stm)


def _int32_array(values, name="features"):
    """(pointer, length, keep-alive) for a sequence of feature indices
    (checked: integers, one dimension, int32 range)."""
    return _args.int32_array(values, name)


class Accumulator(_lib.HandleOwner):
    """The NNUE accumulator, driven by feature indices: for an engine or an
    experiment with its own board. refresh() one perspective from its active
    features, update() it with removed/added features as moves are made,
    evaluate() for a side to move. Use one Accumulator per thread."""

    def __init__(self, network):
        _lib.require("shogi_accumulator_new")
        self._h = None
        self._h = _new_handle(F.shogi_accumulator_new, network._handle())

    _kind = "accumulator"

    def _release(self, h):
        F.shogi_accumulator_free(h, None)

    def copy_from(self, other):
        """Copies other's state into this accumulator."""
        _lib.call(F.shogi_accumulator_copy, self._handle(), other._handle())

    def refresh(self, perspective, features):
        """Sets perspective (BLACK/WHITE) to biases + the given features."""
        p, n, keep = _int32_array(features)
        _lib.call(F.shogi_accumulator_refresh, self._handle(), _args.int32(perspective, "perspective"), p, n)
        del keep

    def refresh_board(self, board):
        """Refreshes both perspectives from a Board's active features."""
        b, w = halfkp_features(board)
        self.refresh(BLACK, b)
        self.refresh(WHITE, w)

    def update(self, perspective, removed=(), added=()):
        """Subtracts removed and adds added features of one perspective."""
        rp, rn, rk = _int32_array(removed, "removed")
        ap, an, ak = _int32_array(added, "added")
        _lib.call(F.shogi_accumulator_update, self._handle(), _args.int32(perspective, "perspective"), rp, rn, ap, an)
        del rk, ak

    def evaluate(self, side_to_move, fv_scale=DEFAULT_FV_SCALE):
        """The evaluation for side_to_move (BLACK/WHITE)."""
        v = ctypes.c_int32()
        _lib.call(F.shogi_accumulator_evaluate, self._handle(), _args.int32(side_to_move, "side_to_move"),
                  _args.int32(fv_scale, "fv_scale"), ctypes.byref(v))
        return v.value
