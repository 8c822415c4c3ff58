"""Exceptions raised for the status codes of the C library."""

OK = 0
E_INVALID_ARGUMENT = -1
E_NULL_POINTER = -2
E_BAD_HANDLE = -3
E_BUFFER_TOO_SMALL = -4
E_PARSE = -5
E_ILLEGAL_MOVE = -6
E_STATE = -7
E_IO = -8
E_UNSUPPORTED = -9
E_INTERNAL = -100


class ShogiError(Exception):
    """An error reported by libshogi.

    ``code`` is the negative status code, ``name`` its symbolic name
    (``"SHOGI_E_PARSE"`` ...) and ``message`` the library's own message.
    """

    code = None
    name = "SHOGI_E_UNKNOWN"

    def __init__(self, message, code=None, name=None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if name is not None:
            self.name = name

    def __str__(self):
        return "%s: %s" % (self.name, self.message)


class InvalidArgumentError(ShogiError, ValueError):
    """An argument is out of range or not understood (also a ValueError)."""

    code = E_INVALID_ARGUMENT
    name = "SHOGI_E_INVALID_ARGUMENT"


class NullPointerError(ShogiError, ValueError):
    """A required pointer argument was NULL (a binding bug; also a ValueError)."""

    code = E_NULL_POINTER
    name = "SHOGI_E_NULL_POINTER"


class BadHandleError(ShogiError):
    """A handle that is freed, of another kind, or was never created."""

    code = E_BAD_HANDLE
    name = "SHOGI_E_BAD_HANDLE"


class BufferTooSmallError(ShogiError):
    """An output buffer was too small (the binding retries with the size needed)."""

    code = E_BUFFER_TOO_SMALL
    name = "SHOGI_E_BUFFER_TOO_SMALL"


class ParseError(ShogiError, ValueError):
    """Text or bytes that are not what they should be: SFEN, USI, records (also a ValueError)."""

    code = E_PARSE
    name = "SHOGI_E_PARSE"


class IllegalMoveError(ShogiError, ValueError):
    """A move that is not legal in the position (also a ValueError)."""

    code = E_ILLEGAL_MOVE
    name = "SHOGI_E_ILLEGAL_MOVE"


class StateError(ShogiError):
    """The object cannot do that now: no move to undo, engine busy, game ended ..."""

    code = E_STATE
    name = "SHOGI_E_STATE"


class ShogiIOError(ShogiError, OSError):
    """A file could not be read or written (also an OSError)."""

    code = E_IO
    name = "SHOGI_E_IO"

    def __init__(self, message, code=None, name=None):
        ShogiError.__init__(self, message, code, name)

    def __str__(self):
        return ShogiError.__str__(self)


class UnsupportedError(ShogiError):
    """The library (this build, this CPU or this version) lacks the feature."""

    code = E_UNSUPPORTED
    name = "SHOGI_E_UNSUPPORTED"


class InternalError(ShogiError):
    """A recovered panic inside the library; the handle involved is poisoned."""

    code = E_INTERNAL
    name = "SHOGI_E_INTERNAL"


class LibraryNotFoundError(ImportError):
    """libshogi.so could not be loaded; the message lists every place tried."""


_BY_CODE = {
    cls.code: cls
    for cls in (
        InvalidArgumentError,
        NullPointerError,
        BadHandleError,
        BufferTooSmallError,
        ParseError,
        IllegalMoveError,
        StateError,
        ShogiIOError,
        UnsupportedError,
        InternalError,
    )
}


def error_for(code, message, name=None):
    """The exception object for a status code and message."""
    cls = _BY_CODE.get(code)
    if cls is None:
        return ShogiError(message, code=code, name=name or "SHOGI_E_UNKNOWN")
    return cls(message, name=name)
