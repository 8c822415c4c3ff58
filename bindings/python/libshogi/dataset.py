"""Training-data streams (shogi.h "dataset"): batches of positions straight
from PackedSfenValue ``.bin``, hcpe and hcpe3 files, for a training loop.

``Dataset(files, ...)`` is an iterable of :class:`Batch` objects. Each batch's
arrays are numpy views of memory the stream owns (no copy): they hold that
batch until the next batch is taken or the stream is closed. Use them (or
hand them to the GPU) before asking for the next batch; ``copy=True`` gives
arrays of your own instead. The float32 planes (features1, features2) are
read-only: the stream rewrites only the values that change between batches.
``TorchDataset`` wraps the same stream as a
``torch.utils.data.IterableDataset`` whose batches are torch tensors sharing
that memory (``torch.from_numpy``); torch is optional.

The stream decodes with ``threads`` threads of its own: with a torch
``DataLoader`` use ``batch_size=None, num_workers=0`` (workers would fork
after the library was loaded, which the Go runtime does not survive, and
would each read every file).

Example::

    from libshogi.dataset import Dataset
    for b in Dataset(["train.bin"], features="HalfKP", batch_size=8192,
                     threads=2, shuffle=1_000_000, epochs=10):
        train_step(b.black, b.white, b.side_to_move, b.score, b.result)

Options (keyword arguments, see shogi.h): format ("auto", "psv", "hcpe",
"hcpe3"), batch_size, threads, shuffle (positions held for shuffling),
seed, shuffle_files (a new file order each epoch), epochs (negative: forever), features ("HalfKP"), layout (any of
"padded", "csr", "planes", "planes_u8", "planes_bits": see libshogi.planes_bits), skip_in_check, skip_capture, skip_promotion,
max_abs_score, min_ply, skip_fraction.
"""

import ctypes
import os
import warnings

from . import _lib
from ._lib import F
from .board import _numpy

__all__ = [
    "Batch",
    "Dataset",
    "DLSHOGI_FEATURES1_NUM",
    "DLSHOGI_FEATURES2_NUM",
    "DLSHOGI_MOVE_LABEL_NUM",
    "FILTER_NAMES",
    "TorchDataset",
    "dlshogi_features",
]

DLSHOGI_FEATURES1_NUM = 62
DLSHOGI_FEATURES2_NUM = 57
DLSHOGI_MOVE_LABEL_NUM = 2187

# shogi_dataset_stats_t.removed, by SHOGI_DATASET_FILTER_*
FILTER_NAMES = ("in_check", "capture", "promotion", "score", "min_ply", "random")

_FORMAT_PSV, _FORMAT_HCPE = 1, 2

_P_i8 = ctypes.POINTER(ctypes.c_int8)
_P_u8 = ctypes.POINTER(ctypes.c_uint8)
_P_i16 = ctypes.POINTER(ctypes.c_int16)
_P_i32 = ctypes.POINTER(ctypes.c_int32)
_P_u16 = ctypes.POINTER(ctypes.c_uint16)
_P_f32 = ctypes.POINTER(ctypes.c_float)


class _BatchStruct(ctypes.Structure):
    """shogi_dataset_batch_t."""

    _fields_ = [
        ("struct_size", ctypes.c_int64),
        ("n", ctypes.c_int64),
        ("max_active", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("padded", _P_i32 * 2),
        ("values", _P_i32 * 2),
        ("offsets", _P_i32 * 2),
        ("n_values", ctypes.c_int64 * 2),
        ("side_to_move", _P_u8),
        ("score", _P_i16),
        ("result", _P_i8),
        ("ply", _P_i32),
        ("move16", _P_u16),
        ("features1", _P_f32),
        ("features2", _P_f32),
        ("move_label", _P_i32),
        ("policy_offsets", _P_i32),
        ("policy_label", _P_i32),
        ("policy_prob", _P_f32),
        ("n_policy", ctypes.c_int64),
        ("features1_u8", _P_u8),
        ("features2_u8", _P_u8),
    ]


class _StatsStruct(ctypes.Structure):
    """shogi_dataset_stats_t."""

    _fields_ = [
        ("struct_size", ctypes.c_int64),
        ("records", ctypes.c_int64),
        ("bad", ctypes.c_int64),
        ("positions", ctypes.c_int64),
        ("batches", ctypes.c_int64),
        ("epochs", ctypes.c_int64),
        ("removed", ctypes.c_int64 * 8),
    ]


_lib.declare("shogi_dataset_open", _lib.c_status, ctypes.POINTER(ctypes.c_char_p), _lib.c_size,
             ctypes.c_char_p, _lib.P_handle, _lib.P_err)
_lib.declare("shogi_dataset_next", _lib.c_status, _lib.handle, ctypes.POINTER(_BatchStruct), _lib.P_err)
_lib.declare("shogi_dataset_stats", _lib.c_status, _lib.handle, ctypes.POINTER(_StatsStruct), _lib.P_err)
_lib.declare("shogi_dataset_last_error", _lib.c_status, _lib.handle, ctypes.c_char_p, _lib.c_size,
             _lib.P_size, _lib.P_err)
_lib.declare("shogi_dataset_free", _lib.c_status, _lib.handle, _lib.P_err)
_lib.declare("shogi_dlshogi_features", _lib.c_status, _lib.vp, _lib.c_size, _lib.i32, _lib.vp, _lib.vp,
             _lib.vp, _lib.P_size, _lib.P_err)


def _view(np, ptr, shape, copy):
    """A numpy array over the stream's memory (or a copy); None for NULL."""
    if not ptr:
        return None
    size = 1
    for d in shape:
        size *= d
    if size == 0:
        a = np.ctypeslib.as_array(ptr, shape=(1,))[:0].reshape(shape)
    else:
        a = np.ctypeslib.as_array(ptr, shape=shape)
    return a.copy() if copy else a


class Batch(object):
    """One batch; row i of every array is position i. Arrays of layouts the
    stream does not fill are None.

    * ``black``, ``white``: (n, max_active) int32 feature indices of each
      perspective, padded with -1 (layout "padded");
    * ``black_values``/``black_offsets``, ``white_values``/``white_offsets``:
      the same as CSR (layout "csr"): row i is values[offsets[i]:offsets[i+1]];
    * ``side_to_move`` (n,) uint8 (0 Black, 1 White), ``score`` (n,) int16
      (side to move's view), ``result`` (n,) int8 (side to move: 1 win,
      0 draw, -1 loss), ``ply`` (n,) int32, ``move16`` (n,) uint16;
    * ``features1`` (n, 62, 9, 9) float32, ``features2`` (n, 57, 9, 9)
      float32 and ``move_label`` (n,) int32 (layout "planes"): cshogi's
      dlshogi make_input_features / make_move_label layout;
    * ``policy_offsets`` (n+1,), ``policy_label``, ``policy_prob`` (with the
      planes): row i's policy target is policy_label/policy_prob
      [policy_offsets[i]:policy_offsets[i+1]] — hcpe3 candidates with their
      visit shares, otherwise the recorded move with probability 1;
    * ``features1_u8`` (n, 62, 9, 9) uint8 and ``features2_u8`` (n, 57)
      uint8 (layout "planes_u8"): the same planes in 5 KB a position —
      ``f1.float()`` and ``f2.float()[:, :, None, None].expand(-1, -1, 9, 9)``
      on the GPU give features1 and features2.
    """

    __slots__ = ("n", "max_active", "black", "white", "black_values", "black_offsets", "white_values",
                 "white_offsets", "side_to_move", "score", "result", "ply", "move16", "features1",
                 "features2", "move_label", "policy_offsets", "policy_label", "policy_prob", "features1_u8", "features2_u8")

    _ARRAYS = __slots__[2:]

    def __init__(self, s, copy):
        np = _numpy()
        n = self.n = int(s.n)
        m = self.max_active = int(s.max_active)
        self.black = _view(np, s.padded[0], (n, m), copy)
        self.white = _view(np, s.padded[1], (n, m), copy)
        self.black_values = _view(np, s.values[0], (int(s.n_values[0]),), copy)
        self.white_values = _view(np, s.values[1], (int(s.n_values[1]),), copy)
        self.black_offsets = _view(np, s.offsets[0], (n + 1,), copy)
        self.white_offsets = _view(np, s.offsets[1], (n + 1,), copy)
        self.side_to_move = _view(np, s.side_to_move, (n,), copy)
        self.score = _view(np, s.score, (n,), copy)
        self.result = _view(np, s.result, (n,), copy)
        self.ply = _view(np, s.ply, (n,), copy)
        self.move16 = _view(np, s.move16, (n,), copy)
        self.features1 = _view(np, s.features1, (n, DLSHOGI_FEATURES1_NUM, 9, 9), copy)
        self.features2 = _view(np, s.features2, (n, DLSHOGI_FEATURES2_NUM, 9, 9), copy)
        if not copy:
            # The stream rewrites only the plane values that change from
            # batch to batch: a write into its memory would corrupt later
            # batches, so the views are read-only (copy=True to write).
            for a in (self.features1, self.features2):
                if a is not None:
                    a.flags.writeable = False
        self.move_label = _view(np, s.move_label, (n,), copy)
        self.policy_offsets = _view(np, s.policy_offsets, (n + 1,), copy)
        self.policy_label = _view(np, s.policy_label, (int(s.n_policy),), copy)
        self.policy_prob = _view(np, s.policy_prob, (int(s.n_policy),), copy)
        self.features1_u8 = _view(np, s.features1_u8, (n, DLSHOGI_FEATURES1_NUM, 9, 9), copy)
        self.features2_u8 = _view(np, s.features2_u8, (n, DLSHOGI_FEATURES2_NUM), copy)

    def __len__(self):
        return self.n

    def arrays(self):
        """The filled arrays by name (a dict)."""
        out = {}
        for name in self._ARRAYS:
            a = getattr(self, name)
            if a is not None:
                out[name] = a
        return out

    def torch(self):
        """The filled arrays as torch tensors sharing their memory (a dict).
        move16 is the exception: torch has no uint16 (before 2.3), so it
        becomes an int32 copy (n values). features1 and features2 are
        read-only like their arrays (writing them is undefined)."""
        import torch

        out = {}
        for k, v in self.arrays().items():
            if v.dtype.kind == "u" and v.dtype.itemsize == 2:
                v = v.astype("int32")
            with warnings.catch_warnings():
                # The read-only planes (see __init__): torch warns that
                # writing the tensor is undefined, which is the rule here.
                warnings.simplefilter("ignore", UserWarning)
                out[k] = torch.from_numpy(v)
        return out


def _options_text(kw):
    parts = []
    for key, value in kw.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = int(value)
        elif isinstance(value, (list, tuple)):
            value = ",".join(value)
        text = "%s=%s" % (key, value)
        if any(c in text for c in " ;\t\n\r"):
            raise ValueError("option %s=%r contains a separator" % (key, value))
        parts.append(text)
    return " ".join(parts)


class Dataset(_lib.HandleOwner):
    """A stream of batches over training files (iterable; see the module
    help for the options). ``stats()`` counts records, bad records, the
    positions each filter removed, positions, batches and epochs;
    ``last_error`` names the latest bad record (file, index, fault)."""

    _kind = "dataset"

    def __init__(self, files, copy=False, **options):
        _lib.require("shogi_dataset_open")
        if isinstance(files, (str, bytes, os.PathLike)):
            files = [files]
        paths = [os.fsencode(f) for f in files]
        arr = (ctypes.c_char_p * max(len(paths), 1))(*paths)
        self._h = None
        self._copy = copy
        self._batch = _BatchStruct(struct_size=ctypes.sizeof(_BatchStruct))
        h = ctypes.c_void_p()
        _lib.call(F.shogi_dataset_open, arr, len(paths), _options_text(options).encode("utf-8"), ctypes.byref(h))
        self._h = h

    def _release(self, h):
        F.shogi_dataset_free(h, None)

    def __iter__(self):
        return self

    def __next__(self):
        _lib.call(F.shogi_dataset_next, self._handle(), ctypes.byref(self._batch))
        if self._batch.n == 0:
            raise StopIteration
        return Batch(self._batch, self._copy)

    def next_batch(self):
        """The next batch (the same as next(dataset)); StopIteration at the end."""
        return self.__next__()

    def stats(self):
        """Counts so far (a dict; "removed" maps filter names to counts)."""
        s = _StatsStruct(struct_size=ctypes.sizeof(_StatsStruct))
        _lib.call(F.shogi_dataset_stats, self._handle(), ctypes.byref(s))
        return {
            "records": s.records,
            "bad": s.bad,
            "positions": s.positions,
            "batches": s.batches,
            "epochs": s.epochs,
            "removed": {name: s.removed[i] for i, name in enumerate(FILTER_NAMES)},
        }

    @property
    def last_error(self):
        """The latest bad-record message ("" when none)."""
        return _lib.read_string(F.shogi_dataset_last_error, self._handle())


def _torch_dataset_class():
    try:
        import torch.utils.data
    except ImportError:
        return None

    class TorchDataset(torch.utils.data.IterableDataset):
        """The stream as a torch IterableDataset: each item is one batch, a
        dict of tensors sharing the stream's memory (valid until the next
        item; ``copy=True`` for tensors of your own). Use with
        ``DataLoader(ds, batch_size=None, num_workers=0)``; each iteration
        opens a new stream over the files."""

        def __init__(self, files, copy=False, **options):
            super().__init__()
            self.files, self.copy, self.options = files, copy, options

        def __iter__(self):
            with Dataset(self.files, copy=self.copy, **self.options) as ds:
                for b in ds:
                    yield b.torch()

    return TorchDataset


_LAZY = {}


def __getattr__(name):
    # TorchDataset: the torch IterableDataset over a stream, or None without
    # torch. Built on first use: importing torch takes seconds, and
    # `import libshogi` must not pay that (only libshogi.train needs torch).
    if name == "TorchDataset":
        if name not in _LAZY:
            _LAZY[name] = _torch_dataset_class()
        return _LAZY[name]
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def dlshogi_features(records, features1=None, features2=None, labels=None, format=None):
    """dlshogi planes and labels of PSV or hcpe records in one call, like
    cshogi's make_input_features / make_move_label for each record: returns
    (features1 (n, 62, 9, 9) float32, features2 (n, 57, 9, 9) float32,
    labels (n,) int32, n_bad), filling the given arrays or new ones. records
    is a PackedSfenValue or HuffmanCodedPosAndEval array (libshogi.records
    dtypes), or raw bytes / uint8 data with format="psv" or "hcpe". A bad
    record's planes are zeros and its label -1."""
    _lib.require("shogi_dlshogi_features")
    np = _numpy()
    a, fmt, size = _records_arg(np, records, format)
    n = a.nbytes // size
    want = {"features1": ((n, DLSHOGI_FEATURES1_NUM, 9, 9), np.float32),
            "features2": ((n, DLSHOGI_FEATURES2_NUM, 9, 9), np.float32), "labels": ((n,), np.int32)}
    outs = {"features1": features1, "features2": features2, "labels": labels}
    for name, (shape, dt) in want.items():
        o = outs[name]
        if o is None:
            outs[name] = np.empty(shape, dtype=dt)
        elif o.dtype != dt or o.shape != shape or not o.flags.c_contiguous:
            raise ValueError("%s must be a contiguous %s array of shape %s" % (name, np.dtype(dt), shape))
    bad = ctypes.c_size_t(0)
    if n:
        _lib.call(F.shogi_dlshogi_features, a.ctypes.data, n, fmt, outs["features1"].ctypes.data,
                  outs["features2"].ctypes.data, outs["labels"].ctypes.data, ctypes.byref(bad))
    return outs["features1"], outs["features2"], outs["labels"], bad.value


def _records_arg(np, records, format):
    """(contiguous array, SHOGI_DATASET_FORMAT_*, record size) of a
    PackedSfenValue / HuffmanCodedPosAndEval array or raw psv/hcpe bytes."""
    from . import records as _records

    if isinstance(records, (bytes, bytearray, memoryview)):
        records = np.frombuffer(records, dtype=np.uint8)
    a = np.ascontiguousarray(records)
    if a.dtype == _records._dtype("PackedSfenValue"):
        return a, _FORMAT_PSV, 40
    if a.dtype == _records._dtype("HuffmanCodedPosAndEval"):
        return a, _FORMAT_HCPE, 38
    if a.dtype == np.uint8 and format in ("psv", "hcpe"):
        fmt, size = (_FORMAT_PSV, 40) if format == "psv" else (_FORMAT_HCPE, 38)
        if a.size % size:
            raise ValueError("%d bytes are not whole %d-byte %s records" % (a.size, size, format))
        return a, fmt, size
    raise ValueError("records must be a PackedSfenValue or HuffmanCodedPosAndEval array, "
                     "or uint8 data with format='psv' or 'hcpe'")
