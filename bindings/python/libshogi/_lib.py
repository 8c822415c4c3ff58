"""Finding and loading libshogi.so, and the ctypes prototypes of shogi.h.

The library is looked up, in order:

1. the environment variable ``LIBSHOGI_LIBRARY`` (a path to the file);
2. this package's folder, as ``libshogi-capi.so`` (``shogi.dll``): a build
   copies the library there under that name, never as ``libshogi.so``,
   which Python would take for an extension module (see package_file_names);
3. the system: ``ctypes.util.find_library("shogi")`` and then the plain file
   names, which the dynamic loader resolves (``LD_LIBRARY_PATH``, ldconfig).

When none of them loads, :class:`LibraryNotFoundError` lists every place
tried and why it failed.
"""

import ctypes
import ctypes.util
import os
import sys
import threading

from . import _errors

ABI_MAJOR = 1
ABI_MINOR = 1  # the header version this binding was written against (minimum)

ENV_VAR = "LIBSHOGI_LIBRARY"

ERROR_MESSAGE_SIZE = 256


class Error(ctypes.Structure):
    """shogi_error_t."""

    _fields_ = [("code", ctypes.c_int32), ("message", ctypes.c_char * ERROR_MESSAGE_SIZE)]


def _file_names():
    if sys.platform.startswith("win") or sys.platform == "cygwin":
        return ["shogi.dll", "libshogi.dll"]
    if sys.platform == "darwin":
        return ["libshogi.dylib", "libshogi.so"]
    return ["libshogi.so", "libshogi.so.%d" % ABI_MAJOR]


def package_file_names():
    """The names the library may have inside the package folder. Not
    "libshogi.so": a file of that name in the working directory (or in the
    package folder, when Python runs there) is taken for an extension
    module named libshogi by `import libshogi` ("dynamic module does not
    define module export function (PyInit_libshogi)"). The hyphen keeps
    these names from ever being a module name."""
    if sys.platform.startswith("win") or sys.platform == "cygwin":
        return ["shogi.dll"]  # extension modules are .pyd there: no clash
    if sys.platform == "darwin":
        return ["libshogi-capi.dylib", "libshogi-capi.so"]
    return ["libshogi-capi.so"]


def _candidates():
    """(description, path-or-name) pairs in lookup order."""
    out = []
    env = os.environ.get(ENV_VAR)
    if env:
        out.append(("$%s" % ENV_VAR, env))
    here = os.path.dirname(os.path.abspath(__file__))
    for name in package_file_names():
        out.append(("package folder", os.path.join(here, name)))
    found = ctypes.util.find_library("shogi")
    if found:
        out.append(("ctypes.util.find_library('shogi')", found))
    for name in _file_names():
        out.append(("system loader path", name))
    return out


def _load():
    tried = []
    env = os.environ.get(ENV_VAR)
    if env is not None and env == "":
        tried.append("$%s is set but empty" % ENV_VAR)
    for where, path in _candidates():
        is_path = os.sep in path or (os.altsep and os.altsep in path)
        if is_path and not os.path.exists(path):
            tried.append("%s: %s (no such file)" % (where, path))
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s: %s (%s)" % (where, path, e))
            continue
        try:
            lib.shogi_abi_version
        except AttributeError:
            tried.append("%s: %s (not libshogi: no shogi_abi_version)" % (where, path))
            continue
        return lib, path
    raise _errors.LibraryNotFoundError(
        "cannot load libshogi; tried, in order:\n  "
        + "\n  ".join(tried)
        + "\nBuild it (cmake -S . -B build && cmake --build build, or "
        "go build -buildmode=c-shared -o build/libshogi.so ./capi) and set %s to "
        "the file, copy it into %s as %s, or install it on the loader path."
        % (ENV_VAR, os.path.dirname(os.path.abspath(__file__)), package_file_names()[0])
    )


lib, path = _load()

# --------------------------------------------------------------------------
# Types and prototypes
# --------------------------------------------------------------------------
c_status = ctypes.c_int32
handle = ctypes.c_void_p
P_handle = ctypes.POINTER(ctypes.c_void_p)
P_err = ctypes.POINTER(Error)
P_size = ctypes.POINTER(ctypes.c_size_t)
P_i32 = ctypes.POINTER(ctypes.c_int32)
P_u32 = ctypes.POINTER(ctypes.c_uint32)
P_u64 = ctypes.POINTER(ctypes.c_uint64)
P_u16 = ctypes.POINTER(ctypes.c_uint16)
c_char_p = ctypes.c_char_p
c_size = ctypes.c_size_t
i32 = ctypes.c_int32
u32 = ctypes.c_uint32
u16 = ctypes.c_uint16
u64 = ctypes.c_uint64
vp = ctypes.c_void_p

_missing = set()


class _Functions(object):
    """Namespace of the bound C functions (absent ones are not set)."""


F = _Functions()


def declare(name, restype, *argtypes):
    """Binds one C function; a symbol the loaded library lacks is recorded
    and raises UnsupportedError when used (see require())."""
    try:
        fn = getattr(lib, name)
    except AttributeError:
        _missing.add(name)
        return None
    fn.restype = restype
    fn.argtypes = list(argtypes)
    setattr(F, name, fn)
    return fn


def has(name):
    return hasattr(F, name)


def require(*names):
    for name in names:
        if not hasattr(F, name):
            raise _errors.UnsupportedError(
                "%s is not in the loaded library (%s, ABI %s); rebuild libshogi"
                % (name, path, abi_version_string())
            )


# Library
declare("shogi_version", ctypes.c_char_p)
declare("shogi_simd_level", ctypes.c_char_p)
declare("shogi_abi_version", u32)
declare("shogi_status_name", ctypes.c_char_p, i32)
declare("shogi_live_handles", u64)
declare("shogi_selftest_panic", c_status, P_err)
# Moves
declare("shogi_move_to_usi", c_status, u32, vp, c_size, P_size, P_err)
declare("shogi_move16_to_hcpe", u16, u16)
declare("shogi_hcpe_to_move16", u16, u16)
# Position
declare("shogi_position_new", c_status, P_handle, P_err)
declare("shogi_position_from_sfen", c_status, c_char_p, P_handle, P_err)
declare("shogi_position_from_sfen_ex", c_status, c_char_p, u32, P_handle, P_err)
declare("shogi_position_from_handicap", c_status, c_char_p, P_handle, P_err)
declare("shogi_position_clone", c_status, handle, P_handle, P_err)
declare("shogi_position_free", c_status, handle, P_err)
declare("shogi_position_set_sfen", c_status, handle, c_char_p, P_err)
declare("shogi_position_sfen", c_status, handle, vp, c_size, P_size, P_err)
declare("shogi_position_side_to_move", c_status, handle, P_i32, P_err)
declare("shogi_position_ply", c_status, handle, P_i32, P_err)
declare("shogi_position_key", c_status, handle, P_u64, P_err)
declare("shogi_position_in_check", c_status, handle, P_i32, P_err)
declare("shogi_position_legal_moves", c_status, handle, vp, c_size, P_size, P_err)
declare("shogi_position_is_legal", c_status, handle, u32, P_i32, P_err)
declare("shogi_position_move_from_usi", c_status, handle, c_char_p, P_u32, P_err)
declare("shogi_position_move_from_move16", c_status, handle, u16, i32, P_u32, P_err)
declare("shogi_position_do_move", c_status, handle, u32, P_err)
declare("shogi_position_do_move_usi", c_status, handle, c_char_p, P_u32, P_err)
declare("shogi_position_undo_move", c_status, handle, P_err)
declare("shogi_position_perft", c_status, handle, i32, P_u64, P_err)
declare("shogi_position_repetition", c_status, handle, P_i32, P_err)
declare("shogi_position_game_result", c_status, handle, i32, P_i32, P_err)
declare("shogi_position_declaration", c_status, handle, i32, P_i32, P_u32, P_err)
declare("shogi_position_mate1", c_status, handle, P_u32, P_err)

# NNUE (ABI 1.x, NNUE section)
declare("shogi_network_load", c_status, c_char_p, P_handle, P_err)
declare("shogi_network_load_memory", c_status, vp, c_size, P_handle, P_err)
declare("shogi_network_make_test", c_status, c_char_p, u64, P_handle, P_err)
declare("shogi_network_save", c_status, handle, c_char_p, P_err)
declare("shogi_network_free", c_status, handle, P_err)
declare("shogi_network_arch", c_status, handle, vp, c_size, P_size, P_err)
declare("shogi_network_evaluate", c_status, handle, handle, i32, P_i32, P_err)
declare("shogi_network_evaluate_sfens", c_status, handle, vp, c_size, i32, vp, P_err)
declare("shogi_sfens_halfkp_features", c_status, vp, c_size, vp, vp, vp, P_err)
declare("shogi_position_halfkp_features", c_status, handle, vp, vp, c_size, P_size, P_err)
declare("shogi_accumulator_new", c_status, handle, P_handle, P_err)
declare("shogi_accumulator_free", c_status, handle, P_err)
declare("shogi_accumulator_copy", c_status, handle, handle, P_err)
declare("shogi_accumulator_refresh", c_status, handle, i32, vp, c_size, P_err)
declare("shogi_accumulator_update", c_status, handle, i32, vp, c_size, vp, c_size, P_err)
declare("shogi_accumulator_evaluate", c_status, handle, i32, i32, P_i32, P_err)

# Records (ABI 1.x, records section)
declare("shogi_record_parse", c_status, vp, c_size, i32, P_handle, P_i32, P_err)
declare("shogi_record_from_position", c_status, handle, P_handle, P_err)
declare("shogi_record_free", c_status, handle, P_err)
declare("shogi_record_write", c_status, handle, i32, i32, vp, c_size, P_size, P_err)
declare("shogi_record_start_sfen", c_status, handle, vp, c_size, P_size, P_err)
declare("shogi_record_moves", c_status, handle, vp, c_size, P_size, P_err)
declare("shogi_record_position", c_status, handle, c_size, P_handle, P_err)
declare("shogi_record_result", c_status, handle, P_i32, P_i32, P_err)
declare("shogi_record_set_end", c_status, handle, i32, P_err)
declare("shogi_record_header", c_status, handle, c_char_p, vp, c_size, P_size, P_err)
declare("shogi_record_set_header", c_status, handle, c_char_p, c_char_p, P_err)
declare("shogi_position_from_psv", c_status, vp, P_handle, P_i32, P_u32, P_i32, P_err)
declare("shogi_position_to_psv", c_status, handle, i32, u32, i32, vp, P_err)
declare("shogi_position_from_hcpe", c_status, vp, P_handle, P_i32, P_u32, P_i32, P_err)
declare("shogi_position_to_hcpe", c_status, handle, i32, u32, i32, vp, P_err)
declare("shogi_psv_check", c_status, vp, c_size, P_size, P_err)
declare("shogi_psv_to_hcpe", c_status, vp, c_size, vp, P_err)
declare("shogi_hcpe_to_psv", c_status, vp, c_size, vp, P_err)
declare("shogi_network_evaluate_psv", c_status, handle, vp, c_size, i32, vp, P_err)
declare("shogi_psv_halfkp_features", c_status, vp, c_size, vp, vp, P_err)

require("shogi_version", "shogi_abi_version", "shogi_status_name")

abi_version = F.shogi_abi_version()


def abi_version_string():
    """The loaded library's ABI version as text, e.g. "1.1"."""
    return "%d.%d" % (abi_version >> 16, abi_version & 0xFFFF)


if abi_version >> 16 != ABI_MAJOR:
    raise _errors.LibraryNotFoundError(
        "%s has C ABI %s; this binding needs ABI major version %d"
        % (path, abi_version_string(), ABI_MAJOR)
    )

# --------------------------------------------------------------------------
# fork() after loading: the Go runtime's threads do not exist in the child
# --------------------------------------------------------------------------
forked_child = False


def _after_fork_in_child():
    global forked_child
    forked_child = True
    import warnings

    warnings.warn(
        "this process forked after libshogi was loaded; the Go runtime inside it does not "
        "survive fork(), so the child must not call libshogi (it may hang or crash). "
        "Use multiprocessing's 'spawn' start method.",
        RuntimeWarning,
        stacklevel=2,
    )


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)

# --------------------------------------------------------------------------
# Error handling helpers
# --------------------------------------------------------------------------
_tls = threading.local()


def err():
    """This thread's scratch shogi_error_t (reused: read it right away)."""
    try:
        return _tls.err
    except AttributeError:
        e = _tls.err = Error()
        return e


def status_name(code):
    return F.shogi_status_name(code).decode("ascii", "replace")


def exception(code, e=None):
    """The Python exception for a status code and (optional) error struct."""
    msg = ""
    if e is not None:
        msg = e.message.decode("utf-8", "replace")
    if not msg:
        msg = status_name(code)
    return _errors.error_for(code, msg, status_name(code))


def check(code, e=None):
    if code != 0:
        raise exception(code, e)


def call(fn, *args):
    """Calls fn(*args, err) with this thread's error struct; raises on error."""
    e = err()
    rc = fn(*args, ctypes.byref(e))
    if rc != 0:
        raise exception(rc, e)


def read_bytes(fn, *args):
    """Calls a "strings out" function: the bytes, without the NUL."""
    e = err()
    buf = ctypes.create_string_buffer(256)
    needed = ctypes.c_size_t(0)
    for _ in range(4):
        rc = fn(*(args + (buf, len(buf), ctypes.byref(needed), ctypes.byref(e))))
        if rc == 0:
            return buf.raw[: max(needed.value - 1, 0)]
        if rc != _errors.E_BUFFER_TOO_SMALL:
            raise exception(rc, e)
        buf = ctypes.create_string_buffer(needed.value)
    raise exception(rc, e)


def read_string(fn, *args):
    """Calls a "strings out" function: size query, then the real call."""
    e = err()
    buf = ctypes.create_string_buffer(128)
    needed = ctypes.c_size_t(0)
    for _ in range(4):
        rc = fn(*(args + (buf, len(buf), ctypes.byref(needed), ctypes.byref(e))))
        if rc == 0:
            return buf.value.decode("utf-8")
        if rc != _errors.E_BUFFER_TOO_SMALL:
            raise exception(rc, e)
        buf = ctypes.create_string_buffer(needed.value)
    raise exception(rc, e)  # the size kept changing; report the last error


def version():
    """The library's version string, e.g. "0.1.0"."""
    return F.shogi_version().decode("ascii")


def simd_level():
    """The SIMD kernels the library uses for NNUE evaluation: "avx512",
    "avx2" or "go" (portable). LIBSHOGI_SIMD=go|avx2 in the environment,
    set before the library loads, caps it."""
    require("shogi_simd_level")
    return F.shogi_simd_level().decode("ascii")


def live_handles():
    """Number of live handles of every kind (for leak checks)."""
    return F.shogi_live_handles()


def selftest_panic():
    """Raises the InternalError the library's panic self-test reports."""
    call(F.shogi_selftest_panic)


class HandleOwner(object):
    """The lifetime of an object that owns one library handle (self._h):
    close() releases it (also on garbage collection and at the end of a
    with block), and _handle() refuses a closed object. A subclass names
    its kind and releases the handle in _release()."""

    __slots__ = ()
    _kind = "object"

    def _release(self, h):
        raise NotImplementedError

    def close(self):
        """Releases the library handle now (also done when garbage collected)."""
        h, self._h = self._h, None
        if h is not None:
            self._release(h)

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _handle(self):
        if self._h is None:
            raise ValueError("the %s was closed" % self._kind)
        return self._h
