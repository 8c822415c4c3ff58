"""The engine option table (one table, owned by the library's search
engine, that USI, the C ABI and this binding read): option_table() lists
it; Engine.set_option / Engine.get_option set and read values by name."""

import collections
import ctypes

from . import _lib
from ._lib import F

OPTION_SPIN, OPTION_CHECK, OPTION_STRING, OPTION_COMBO, OPTION_BUTTON, OPTION_FILENAME = range(6)
_TYPE_NAMES = ("spin", "check", "string", "combo", "button", "filename")
_NAME, _DEFAULT, _HELP, _CHOICES = range(4)


class _OptionInfo(ctypes.Structure):
    """shogi_option_info_t."""

    _fields_ = [("option_type", ctypes.c_int32), ("choice_count", ctypes.c_int32),
                ("min", ctypes.c_int64), ("max", ctypes.c_int64)]


_lib.declare("shogi_option_count", _lib.c_size)
_lib.declare("shogi_option_info", _lib.c_status, _lib.c_size, ctypes.POINTER(_OptionInfo), _lib.P_err)
_lib.declare("shogi_option_text", _lib.c_status, _lib.c_size, _lib.i32, _lib.vp, _lib.c_size, _lib.P_size,
             _lib.P_err)
_lib.declare("shogi_engine_set_option", _lib.c_status, _lib.handle, _lib.c_char_p, _lib.c_char_p, _lib.P_err)
_lib.declare("shogi_engine_get_option", _lib.c_status, _lib.handle, _lib.c_char_p, _lib.vp, _lib.c_size,
             _lib.P_size, _lib.P_err)

EngineOption = collections.namedtuple("EngineOption", "name type default min max choices help")
EngineOption.__doc__ = """One option: type is "spin", "check", "string", "combo", "button" or
"filename"; min/max are a spin's range (else 0); choices a combo's values."""


def option_table():
    """The options every Engine accepts, in the library's order."""
    _lib.require("shogi_option_count", "shogi_option_info", "shogi_option_text")
    out = []
    for i in range(F.shogi_option_count()):
        info = _OptionInfo()
        _lib.call(F.shogi_option_info, i, ctypes.byref(info))
        name, default, help_, choices = (_lib.read_string(F.shogi_option_text, i, f)
                                         for f in (_NAME, _DEFAULT, _HELP, _CHOICES))
        out.append(EngineOption(name, _TYPE_NAMES[info.option_type], default, info.min, info.max,
                                tuple(choices.split("\n")) if choices else (), help_))
    return out


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        s = str(value)
    else:
        raise TypeError("option value must be str, int or bool, not %s" % type(value).__name__)
    if "\0" in s:
        raise ValueError("option value holds a NUL character")
    return s


def set_option(handle, name, value):
    """Sets the option called name of the engine handle (value: str, int or bool)."""
    _lib.require("shogi_engine_set_option")
    if not isinstance(name, str) or "\0" in name:
        raise ValueError("option name must be a str without NUL")
    _lib.call(F.shogi_engine_set_option, handle, name.encode("utf-8"), _text(value).encode("utf-8"))


def get_option(handle, name):
    """The value of the option called name of the engine handle, as text."""
    _lib.require("shogi_engine_get_option")
    if not isinstance(name, str) or "\0" in name:
        raise ValueError("option name must be a str without NUL")
    return _lib.read_string(F.shogi_engine_get_option, handle, name.encode("utf-8"))
