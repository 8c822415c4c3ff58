"""The dlshogi planes packed one bit a value (shogi.h "dlshogi packed
planes"): 992 + 8 bytes a position instead of the 38.5 KB of float32, for
a training loop that moves the bits to the GPU and unpacks them there.

Layout (docs/specs/dlshogi-features.md): features1 is (n, 62, 16) uint8,
16 bytes a plane, square s of plane p being bit s % 8 (least significant
first) of byte s // 8 of that plane (bits 81..127 are 0); features2 is
(n, 8) uint8, bit p % 8 of byte p // 8 being plane p (all ones or all zeros
in the float form). :func:`unpack_planes` turns them into the float32
planes of :func:`libshogi.dlshogi_features`; on a GPU, with torch::

    bits = torch.from_numpy(f1).to("cuda")                      # (n, 62, 16)
    shifts = torch.arange(8, device="cuda", dtype=torch.uint8)
    x = (bits.unsqueeze(-1) >> shifts) & 1                        # (n, 62, 16, 8)
    x = x.flatten(-2)[..., :81].reshape(-1, 62, 9, 9).float()

Streams: ``Dataset(files, layout="planes_bits")``; after each batch,
:func:`batch_planes_bits` gives that batch's arrays.
"""

import ctypes

from . import _lib
from ._lib import F
from .board import _numpy
from .dataset import DLSHOGI_FEATURES1_NUM, DLSHOGI_FEATURES2_NUM, _records_arg, _view

__all__ = [
    "DLSHOGI_FEATURES1_BYTES",
    "DLSHOGI_FEATURES2_BYTES",
    "batch_planes_bits",
    "dlshogi_features_bits",
    "unpack_planes",
]

DLSHOGI_FEATURES1_BYTES = 992  # 62 planes x 16 bytes
DLSHOGI_FEATURES2_BYTES = 8    # 57 planes, one bit each

_P_u8 = ctypes.POINTER(ctypes.c_uint8)

_lib.declare("shogi_dlshogi_features_bits", _lib.c_status, _lib.vp, _lib.c_size, _lib.i32, _lib.vp, _lib.vp,
             _lib.vp, _lib.P_size, _lib.P_err)
_lib.declare("shogi_dataset_planes_bits", _lib.c_status, _lib.handle, ctypes.POINTER(_P_u8),
             ctypes.POINTER(_P_u8), ctypes.POINTER(ctypes.c_int64), _lib.P_err)


def dlshogi_features_bits(records, format=None):
    """The packed planes and labels of PSV or hcpe records in one call:
    (features1 (n, 62, 16) uint8, features2 (n, 8) uint8, labels (n,) int32,
    n_bad). records as for :func:`libshogi.dlshogi_features`. A bad record's
    bytes are zeros and its label -1."""
    _lib.require("shogi_dlshogi_features_bits")
    np = _numpy()
    a, fmt, size = _records_arg(np, records, format)
    n = a.nbytes // size
    f1 = np.empty((n, DLSHOGI_FEATURES1_NUM, 16), dtype=np.uint8)
    f2 = np.empty((n, DLSHOGI_FEATURES2_BYTES), dtype=np.uint8)
    labels = np.empty((n,), dtype=np.int32)
    bad = ctypes.c_size_t(0)
    if n:
        _lib.call(F.shogi_dlshogi_features_bits, a.ctypes.data, n, fmt, f1.ctypes.data, f2.ctypes.data,
                  labels.ctypes.data, ctypes.byref(bad))
    return f1, f2, labels, bad.value


def batch_planes_bits(dataset, copy=False):
    """(features1 (n, 62, 16), features2 (n, 8)) uint8 of the batch that
    ``dataset`` (a Dataset opened with layout "planes_bits") returned last:
    views of the stream's memory, valid until its next batch (or copies).
    None when there is no such batch or layout."""
    _lib.require("shogi_dataset_planes_bits")
    np = _numpy()
    p1, p2, n = _P_u8(), _P_u8(), ctypes.c_int64(0)
    _lib.call(F.shogi_dataset_planes_bits, dataset._handle(), ctypes.byref(p1), ctypes.byref(p2), ctypes.byref(n))
    if not p1 or not p2:
        return None
    k = n.value
    return (_view(np, p1, (k, DLSHOGI_FEATURES1_NUM, 16), copy),
            _view(np, p2, (k, DLSHOGI_FEATURES2_BYTES), copy))


def unpack_planes(features1, features2):
    """The float32 planes of packed ones: (n, 62, 9, 9) and (n, 57, 9, 9),
    equal to :func:`libshogi.dlshogi_features` of the same records (numpy,
    on the CPU; see the module help for the GPU form)."""
    np = _numpy()
    f1 = np.asarray(features1, dtype=np.uint8)
    f2 = np.asarray(features2, dtype=np.uint8)
    n = f1.shape[0]
    x1 = np.unpackbits(f1.reshape(n, DLSHOGI_FEATURES1_NUM, 16), axis=-1, bitorder="little")[..., :81]
    x2 = np.unpackbits(f2.reshape(n, DLSHOGI_FEATURES2_BYTES), axis=-1, bitorder="little")[:, :DLSHOGI_FEATURES2_NUM]
    p1 = x1.reshape(n, DLSHOGI_FEATURES1_NUM, 9, 9).astype(np.float32)
    p2 = np.broadcast_to(x2[:, :, None, None], (n, DLSHOGI_FEATURES2_NUM, 9, 9)).astype(np.float32)
    return p1, p2
