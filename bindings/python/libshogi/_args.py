"""Checks of Python arguments before they reach a C parameter.

ctypes narrows integers silently (2**40 as an int32 is 0) and a C string
ends at its first NUL, so a wrong argument would otherwise become a
different, valid one. These helpers raise TypeError for the wrong type and
ValueError for a value the C parameter cannot hold, before any call.
"""

import operator

INT32 = (-(1 << 31), (1 << 31) - 1)
UINT32 = (0, (1 << 32) - 1)
INT64 = (-(1 << 63), (1 << 63) - 1)
UINT64 = (0, (1 << 64) - 1)
SIZE = (0, (1 << 63) - 1)


def integer(value, name, lo, hi):
    """value as a Python int within [lo, hi]: TypeError for a float, str,
    None ... (anything without __index__), ValueError when out of range."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (name, type(value).__name__)) from None
    if v < lo or v > hi:
        raise ValueError("%s %d is outside %d..%d" % (name, v, lo, hi))
    return v


def int32(value, name):
    return integer(value, name, *INT32)


def uint32(value, name):
    return integer(value, name, *UINT32)


def text(value, name):
    """str (UTF-8 encoded) or bytes for a C string: TypeError for other
    types, ValueError for an embedded NUL (C would stop reading there)."""
    if isinstance(value, str):
        b = value.encode("utf-8")
    elif isinstance(value, bytes):
        b = value
    else:
        raise TypeError("%s must be str, not %s" % (name, type(value).__name__))
    if b"\0" in b:
        raise ValueError("%s contains a NUL character" % name)
    return b


def int32_array(values, name):
    """(pointer, length, keep-alive) of a flat int32 array for a C array
    argument: numpy arrays must have an integer dtype and one dimension,
    sequences must hold integers, and every value must fit in int32."""
    import ctypes

    np = None
    try:
        import numpy as np
    except ImportError:
        pass
    if np is not None and isinstance(values, np.ndarray):
        if values.dtype.kind not in "iu":
            raise TypeError("%s must be an integer array, not %s" % (name, values.dtype))
        if values.ndim != 1:
            raise ValueError("%s must be one-dimensional, not %d-D" % (name, values.ndim))
        if values.size and values.dtype.itemsize >= 4 and values.dtype != np.int32:
            lo, hi = int(values.min()), int(values.max())
            if lo < INT32[0] or hi > INT32[1]:
                raise ValueError("%s holds %d, outside the int32 range" % (name, lo if lo < INT32[0] else hi))
        a = np.ascontiguousarray(values, dtype=np.int32)
        return a.ctypes.data, a.shape[0], a
    if isinstance(values, (str, bytes)):
        raise TypeError("%s must be a sequence of integers, not %s" % (name, type(values).__name__))
    vals = [int32(v, "%s[%d]" % (name, i)) for i, v in enumerate(values)]
    arr = (ctypes.c_int32 * len(vals))(*vals)
    return ctypes.addressof(arr), len(vals), arr
