"""NNUE architectures: every row of nnue-archs.tsv through the library
(make_test_network, evaluate, feature-set-neutral features into an
Accumulator), network_info, loading with options, updates by move."""

import collections

import pytest

import libshogi
from libshogi import Accumulator, Board
from conftest import read_tsv

np = pytest.importorskip("numpy")


def _golden():
    rows = collections.OrderedDict()
    for r in read_tsv("nnue-archs.tsv"):
        rows.setdefault((r[0], r[2], int(r[1])), []).append((int(r[3]), r[4], int(r[5])))
    return rows


GOLDEN = _golden()


def test_golden_rows_present():
    assert len(GOLDEN) == 14
    assert sum(len(v) for v in GOLDEN.values()) == 840


def _kings(sfen):
    rank, file_, kings = 0, 9, {}
    for ch in sfen.split()[0]:
        if ch == "/":
            rank, file_ = rank + 1, 9
        elif ch.isdigit():
            file_ -= int(ch)
        elif ch != "+":
            if ch in "Kk":
                kings[ch] = (file_ - 1) * 9 + rank
            file_ -= 1
    return kings["K"], kings["k"]


@pytest.mark.parametrize("arch,mode,seed", list(GOLDEN))
def test_golden(arch, mode, seed):
    net = libshogi.make_test_network(arch, mode, seed)
    info = net.info()
    assert info["arch"] == arch
    fs = info["feature_set"]
    assert libshogi.feature_set_info(fs) == (info["dimensions"], info["max_active"])
    acc = Accumulator(net)
    rows = GOLDEN[(arch, mode, seed)]
    for fv, sfen, want in rows:
        assert net.evaluate(sfen, fv) == want, (arch, mode, fv, sfen)
        b, w = libshogi.features(fs, sfen)
        assert len(b) == len(w) == info["max_active"]
        acc.refresh(libshogi.BLACK, b)
        acc.refresh(libshogi.WHITE, w)
        acc.set_kings(*_kings(sfen))
        board = Board(sfen)
        assert acc.evaluate(board.turn, fv) == want
    batch = libshogi.features_many(fs, [r[1] for r in rows])
    b0, w0 = libshogi.features(fs, rows[0][1])
    assert list(batch[0][0]) == b0 and list(batch[1][0]) == w0
    acc.close()
    net.close()


def test_info_and_load_options(tmp_path):
    net = libshogi.make_test_network("kp_256x2-32-32", "stress", 7)
    path = tmp_path / "kp.bin"
    net.save(path)
    a = libshogi.load_network(path, mmap=True)
    b = libshogi.load_network(path, arch="kp_256x2-32-32", fv_scale=24)
    ia, ib = a.info(), b.info()
    assert ia["feature_set"] == "kp" and ia["dimensions"] == 1710 and ia["max_active"] == 40
    assert ia["file_hash"] == 0x5C6464A9 and ia["version"] == 0x7AF32F16 and ia["warnings"] == 0
    assert ia["fv_scale"] == 16 and ib["fv_scale"] == 24 and ia["kind"] == libshogi.nnue_arch.CLASSIC
    sfen = "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1"
    assert a.evaluate(sfen, 128) == b.evaluate(sfen, 128) == net.evaluate(sfen, 128)
    with pytest.raises(libshogi.InvalidArgumentError):
        libshogi.load_network(path, arch="no_such_arch")


def test_update_by_move_equals_refresh():
    net = libshogi.make_test_network("halfkpvm_256x2-32-32", "test", 1)
    inc, full = Accumulator(net), Accumulator(net)
    board = Board()
    inc.refresh_position(board)
    for ply in range(80):
        moves = board.legal_moves
        if not moves:
            break
        m = moves[(ply * 7919) % len(moves)]
        inc.update_move(board, m)
        board.push(m)
        full.refresh_position(board)
        stm = board.turn
        assert inc.evaluate(stm, 1) == full.evaluate(stm, 1)


def test_features_unknown_set():
    with pytest.raises(libshogi.InvalidArgumentError):
        libshogi.feature_set_info("halfka")


@pytest.mark.parametrize("fs", libshogi.nnue_arch.FEATURE_SETS)
def test_record_features_equal_position_features(fs):
    board = Board()
    boards = []
    for ply in range(60):
        boards.append(Board(board.sfen()))
        moves = board.legal_moves
        board.push(moves[(ply * 31) % len(moves)])
    psv = b"".join(bytes(libshogi.records.encode_psv(b)) for b in boards)
    hcpe = b"".join(bytes(libshogi.records.encode_hcpe(b)) for b in boards)
    pb = libshogi.psv_features(fs, psv)
    hb, hw = libshogi.hcpe_features(fs, hcpe)
    for i, b in enumerate(boards):
        want_b, want_w = libshogi.features(fs, b)
        assert list(pb[0][i]) == want_b and list(pb[1][i]) == want_w
        assert list(hb[i]) == want_b and list(hw[i]) == want_w
        assert pb[2][i] == b.turn
