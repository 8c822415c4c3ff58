"""Training-record dtypes (numpy), compatible with cshogi's.

``PackedSfenValue`` (PSV, 40 bytes, YaneuraOu ``.bin``) and
``HuffmanCodedPosAndEval`` (hcpe, 38 bytes, dlshogi / cshogi). Reading a
file is a plain ``numpy.fromfile(path, dtype)`` (see read_psv / read_hcpe);
packing and unpacking positions is done by the library when its records
section offers it.
"""

from .board import _numpy

_dtypes = {}


def _dtype(name):
    if name not in _dtypes:
        np = _numpy()
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
        assert _dtypes["PackedSfenValue"].itemsize == 40
        assert _dtypes["HuffmanCodedPosAndEval"].itemsize == 38
    return _dtypes[name]


def __getattr__(name):  # PEP 562: build the dtypes when first used
    if name in ("HuffmanCodedPos", "HuffmanCodedPosAndEval", "PackedSfenValue"):
        return _dtype(name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


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
