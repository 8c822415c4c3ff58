"""NNUE architectures (the "NNUE architectures" section of shogi.h): every
layout the library evaluates (HalfKP at any width, K+P, HalfKPE9,
HalfKP_vm, HalfKA_hm2, SFNN LayerStacks), network information, loading
with an architecture override / FV_SCALE / memory mapping, test nets of any
layout, and feature-set-neutral features for training."""

import ctypes
import os

from . import _lib
from ._lib import P_err as _P_err, P_handle as _P_handle, P_i32 as _P_i32, P_size as _P_size
from ._lib import F, c_char_p, c_size, c_status, handle, i32, u32, u64, vp
from .board import Board, _numpy, _text
from .network import Accumulator, FeatureBatch, Network, _new_handle, _sfen_pointers

LOAD_MMAP = 1  # SHOGI_NNUE_LOAD_MMAP
CLASSIC, SFNN = 0, 1  # SHOGI_NNUE_CLASSIC, SHOGI_NNUE_SFNN
FEATURE_SETS = ("halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2")


class NetworkInfo(ctypes.Structure):
    """shogi_network_info_t."""

    _fields_ = [
        ("arch", ctypes.c_char * 64),
        ("feature_set", ctypes.c_char * 32),
        ("kind", ctypes.c_int32),
        ("version", ctypes.c_uint32),
        ("dimensions", ctypes.c_int32),
        ("max_active", ctypes.c_int32),
        ("half_dimensions", ctypes.c_int32),
        ("hidden1", ctypes.c_int32),
        ("hidden2", ctypes.c_int32),
        ("layer_stacks", ctypes.c_int32),
        ("fv_scale", ctypes.c_int32),
        ("compressed", ctypes.c_int32),
        ("file_hash", ctypes.c_uint32),
        ("ft_hash", ctypes.c_uint32),
        ("net_hash", ctypes.c_uint32),
        ("warnings", ctypes.c_int32),
    ]


_lib.declare("shogi_network_info", c_status, handle, ctypes.POINTER(NetworkInfo), _P_err)
_lib.declare("shogi_network_load_with", c_status, c_char_p, c_char_p, i32, u32, _P_handle, _P_err)
_lib.declare("shogi_network_make_test_arch", c_status, c_char_p, c_char_p, u64, _P_handle, _P_err)
_lib.declare("shogi_feature_set_info", c_status, c_char_p, _P_i32, _P_i32, _P_err)
_lib.declare("shogi_position_features", c_status, c_char_p, handle, vp, vp, c_size, _P_size, _P_err)
_lib.declare("shogi_sfens_features", c_status, c_char_p, vp, c_size, vp, vp, vp, _P_err)
_lib.declare("shogi_psv_features", c_status, c_char_p, vp, c_size, vp, vp, _P_err)
_lib.declare("shogi_hcpe_features", c_status, c_char_p, vp, c_size, vp, vp, _P_err)
_lib.declare("shogi_accumulator_set_kings", c_status, handle, i32, i32, _P_err)
_lib.declare("shogi_accumulator_refresh_position", c_status, handle, handle, _P_err)
_lib.declare("shogi_accumulator_update_move", c_status, handle, handle, u32, _P_err)


def network_info(network):
    """A dict describing the network: arch, feature_set, kind (CLASSIC or
    SFNN), version, dimensions, max_active, half_dimensions, hidden1,
    hidden2, layer_stacks, fv_scale, compressed, file_hash, ft_hash,
    net_hash, warnings."""
    _lib.require("shogi_network_info")
    info = NetworkInfo()
    _lib.call(F.shogi_network_info, network._handle(), ctypes.byref(info))
    d = {name: getattr(info, name) for name, _ in NetworkInfo._fields_}
    d["arch"] = info.arch.decode("ascii")
    d["feature_set"] = info.feature_set.decode("ascii")
    d["compressed"] = bool(info.compressed)
    return d


def load_network(path, arch=None, fv_scale=0, mmap=False):
    """Loads an nn.bin file of any layout; arch (e.g. "halfkp_1024x2-8-32")
    overrides the file's description, fv_scale (1..128) the net's FV_SCALE,
    mmap keeps an uncompressed transformer in a shared read-only mapping."""
    _lib.require("shogi_network_load_with")
    a = None if arch is None else _text(arch, "arch")
    h = _new_handle(F.shogi_network_load_with, os.fsencode(os.fspath(path)), a, fv_scale,
                    LOAD_MMAP if mmap else 0)
    return Network(_handle=h)


def make_test_network(arch, kind="test", seed=1):
    """The deterministic test net of any layout (make_test_net.py --arch)."""
    _lib.require("shogi_network_make_test_arch")
    h = _new_handle(F.shogi_network_make_test_arch, _text(arch, "arch"), _text(kind, "kind"), seed)
    return Network(_handle=h)


def feature_set_info(feature_set):
    """(dimensions, max_active) of a feature set ("halfkp", "kp", ...)."""
    _lib.require("shogi_feature_set_info")
    d, m = ctypes.c_int32(), ctypes.c_int32()
    _lib.call(F.shogi_feature_set_info, _text(feature_set, "feature_set"), ctypes.byref(d), ctypes.byref(m))
    return d.value, m.value


def features(feature_set, board):
    """The active features of a Board (or SFEN) for both perspectives:
    (black list, white list)."""
    _lib.require("shogi_position_features")
    if not isinstance(board, Board):
        board = Board(board)
    buf = (ctypes.c_int32 * 128)()
    count = ctypes.c_size_t()
    fs = _text(feature_set, "feature_set")
    _lib.call(F.shogi_position_features, fs, board._handle(), ctypes.addressof(buf),
              ctypes.addressof(buf) + 64 * 4, 64, ctypes.byref(count))
    n = count.value
    return list(buf[:n]), list(buf[64:64 + n])


def features_many(feature_set, sfens):
    """The features of many SFENs in one call: FeatureBatch(black (n,
    max_active) int32, white, side_to_move (n,) uint8)."""
    _lib.require("shogi_sfens_features")
    np = _numpy()
    _, m = feature_set_info(feature_set)
    keep, ptrs = _sfen_pointers(np, sfens)
    n = len(ptrs)
    black = np.empty((n, m), dtype=np.int32)
    white = np.empty((n, m), dtype=np.int32)
    stm = np.empty(n, dtype=np.uint8)
    if n:
        _lib.call(F.shogi_sfens_features, _text(feature_set, "feature_set"), ptrs.ctypes.data, n,
                  black.ctypes.data, white.ctypes.data, stm.ctypes.data)
    del keep
    return FeatureBatch(black, white, stm)


def _record_features(fn, name, size, feature_set, data):
    from .records import _records

    np = _numpy()
    _, m = feature_set_info(feature_set)
    a, n = _records(np, data, size, name)
    black = np.empty((n, m), dtype=np.int32)
    white = np.empty((n, m), dtype=np.int32)
    if n:
        _lib.call(fn, _text(feature_set, "feature_set"), a.ctypes.data, n, black.ctypes.data, white.ctypes.data)
    return a, black, white


def psv_features(feature_set, psv):
    """The features of a PackedSfenValue array: FeatureBatch."""
    _lib.require("shogi_psv_features")
    from .records import PSV_SIZE, psv_side_to_move

    a, black, white = _record_features(F.shogi_psv_features, "PackedSfenValue", PSV_SIZE, feature_set, psv)
    return FeatureBatch(black, white, psv_side_to_move(a))


def hcpe_features(feature_set, hcpe):
    """The features of a HuffmanCodedPosAndEval array: (black, white)."""
    _lib.require("shogi_hcpe_features")
    from .records import HCPE_SIZE

    _, black, white = _record_features(F.shogi_hcpe_features, "HuffmanCodedPosAndEval", HCPE_SIZE, feature_set, hcpe)
    return black, white


def accumulator_set_kings(acc, black_king, white_king):
    """The king squares that choose an SFNN net's layer stack."""
    _lib.call(F.shogi_accumulator_set_kings, acc._handle(), black_king, white_king)


def accumulator_refresh_position(acc, board):
    """Refreshes both perspectives of acc from a Board and sets its kings."""
    _lib.call(F.shogi_accumulator_refresh_position, acc._handle(), board._handle())


def accumulator_update_move(acc, board, move):
    """Brings acc (holding board) to the position after move; board is not
    changed."""
    _lib.call(F.shogi_accumulator_update_move, acc._handle(), board._handle(), move & 0xFFFFFFFF)


Accumulator.set_kings = accumulator_set_kings
Accumulator.refresh_position = accumulator_refresh_position
Accumulator.update_move = accumulator_update_move
Network.info = network_info
