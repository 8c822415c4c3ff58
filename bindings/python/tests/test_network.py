"""NNUE through Network: golden rows, batch evaluation, features, accumulator,
bad network files."""

import random

import pytest

import libshogi
from libshogi import Accumulator, Board, Network
from conftest import read_tsv

np = pytest.importorskip("numpy")

_NETS = {}


def net(kind="test", seed=1):
    key = (kind, int(seed))
    if key not in _NETS:
        _NETS[key] = Network.make_test(kind, int(seed))
    return _NETS[key]


def _golden():
    return [(r[0], int(r[1]), int(r[2]), r[3], int(r[4])) for r in read_tsv("nnue-golden.tsv")]


GOLDEN = _golden()


def test_golden_rows_present():
    if not GOLDEN:
        pytest.skip("shared testdata not found")
    assert len(GOLDEN) > 200


@pytest.mark.parametrize("kind,seed,fv", sorted({(g[0], g[1], g[2]) for g in GOLDEN}))
def test_golden_evaluate_and_evaluate_many(kind, seed, fv):
    rows = [g for g in GOLDEN if (g[0], g[1], g[2]) == (kind, seed, fv)]
    n = net(kind, seed)
    for _, _, _, sfen, want in rows:
        assert n.evaluate(Board(sfen), fv_scale=fv) == want, sfen
    got = n.evaluate_many([r[3] for r in rows], fv_scale=fv)
    assert got.dtype == np.int32
    assert got.tolist() == [r[4] for r in rows]


def test_golden_accumulator_from_features():
    n = net()
    rows = [g for g in GOLDEN if g[0] == "test" and g[2] == 1][:40]
    acc = n.accumulator()
    for _, _, fv, sfen, want in rows:
        b = Board(sfen)
        black, white = libshogi.halfkp_features(b)
        acc.refresh(libshogi.BLACK, black)
        acc.refresh(libshogi.WHITE, np.array(white, dtype=np.int64))
        assert acc.evaluate(b.turn, fv) == want


def test_evaluate_many_inputs():
    n = net()
    sfens = [g[3] for g in GOLDEN if g[0] == "test" and g[2] == 1]
    want = n.evaluate_many(sfens, 1)
    big = sfens * 20  # above the library's parallel threshold
    assert n.evaluate_many(big, 1).tolist() == want.tolist() * 20
    assert n.evaluate_many([s.encode() for s in sfens], 1).tolist() == want.tolist()
    assert n.evaluate_many(np.array(sfens), 1).tolist() == want.tolist()
    assert n.evaluate_many(np.array(sfens, dtype="S"), 1).tolist() == want.tolist()
    assert n.evaluate_many(iter(sfens), 1).tolist() == want.tolist()
    out = np.zeros(len(sfens), dtype=np.int32)
    assert n.evaluate_many(sfens, 1, out=out) is out
    assert n.evaluate_many([], 1).shape == (0,)
    with pytest.raises(ValueError):
        n.evaluate_many(sfens, 1, out=np.zeros(3, dtype=np.int32))
    with pytest.raises(TypeError):
        n.evaluate_many(libshogi.STARTING_SFEN)


def test_evaluate_many_bad_sfen_names_index():
    n = net()
    with pytest.raises(libshogi.ParseError) as ei:
        n.evaluate_many([libshogi.STARTING_SFEN, "garbage", "more garbage"])
    assert "[1]" in ei.value.message
    v = n.evaluate_many([libshogi.STARTING_SFEN, "garbage", libshogi.STARTING_SFEN], 1, strict=False)
    assert v.tolist() == [3932, 0, 3932]


def test_fv_scale_range():
    with pytest.raises(libshogi.InvalidArgumentError):
        net().evaluate(Board(), fv_scale=0)
    with pytest.raises(libshogi.InvalidArgumentError):
        net().evaluate_many([libshogi.STARTING_SFEN], fv_scale=129)


def test_default_fv_scale_truncates():
    n = net()
    raw = n.evaluate(Board(), 1)
    assert n.evaluate(Board()) == int(raw / 16)


def test_features_many_matches_single():
    sfens = [g[3] for g in GOLDEN if g[0] == "test"][:50]
    boards = [Board(s) for s in sfens]
    fb = libshogi.halfkp_features_many(sfens)
    assert fb.black.shape == (len(sfens), libshogi.MAX_ACTIVE)
    assert fb.black.dtype == np.int32
    for i, b in enumerate(boards):
        black, white = libshogi.halfkp_features(b)
        assert fb.black[i].tolist() == black
        assert fb.white[i].tolist() == white
        assert fb.side_to_move[i] == b.turn
    assert ((fb.black >= 0) & (fb.black < libshogi.HALFKP_DIMENSIONS)).all()
    fb2 = libshogi.halfkp_features_many(boards)
    assert (fb2.black == fb.black).all() and (fb2.white == fb.white).all()
    us, them = fb.us_them()
    stm = fb.side_to_move.astype(bool)
    assert (us[stm] == fb.white[stm]).all() and (them[~stm] == fb.white[~stm]).all()
    idx, off = fb.flat(libshogi.WHITE)
    assert idx.shape == (len(sfens) * 38,) and off[1] == 38


def test_features_errors():
    with pytest.raises(libshogi.ParseError) as ei:
        libshogi.halfkp_features_many([libshogi.STARTING_SFEN, "nope"])
    assert "[1]" in str(ei.value)  # the index of the bad SFEN
    with pytest.raises(libshogi.ShogiError):
        libshogi.halfkp_features_many(["4k4/9/9/9/9/9/9/9/9 b P 1"])


def test_accumulator_incremental_matches_refresh():
    """Random games: apply the feature difference of each move (found by
    comparing feature sets, no rules in Python) and compare with a refresh."""
    n = net()
    rnd = random.Random(5)
    b = Board()
    acc = Accumulator(n)
    acc.refresh_board(b)
    prev = libshogi.halfkp_features(b)
    for ply in range(60):
        moves = b.legal_moves
        if not moves:
            break
        b.push(rnd.choice(moves))
        cur = libshogi.halfkp_features(b)
        for p in (libshogi.BLACK, libshogi.WHITE):
            old, new = sorted(prev[p]), sorted(cur[p])
            removed = list(old)
            added = []
            for f in new:
                if f in removed:
                    removed.remove(f)
                else:
                    added.append(f)
            acc.update(p, removed, np.array(added, dtype=np.int32))
        assert acc.evaluate(b.turn, 1) == n.evaluate(b, 1)
        prev = cur
    copy = Accumulator(n)
    copy.copy_from(acc)
    assert copy.evaluate(b.turn, 1) == acc.evaluate(b.turn, 1)


def test_accumulator_errors():
    acc = net().accumulator()
    with pytest.raises(libshogi.InvalidArgumentError):
        acc.refresh(libshogi.BLACK, [libshogi.HALFKP_DIMENSIONS])
    with pytest.raises(libshogi.InvalidArgumentError):
        acc.refresh(7, [])
    acc.close()
    with pytest.raises(ValueError):
        acc.evaluate(0)


@pytest.fixture(scope="module")
def saved_net(tmp_path_factory):
    """The stress net saved once: (path, bytearray of the file)."""
    path = tmp_path_factory.mktemp("net") / "nn.bin"
    net("stress", 7).save(str(path))
    return path, bytearray(path.read_bytes())


def test_save_load_path_and_bytes(saved_net):
    path, data = saved_net
    rows = [g for g in GOLDEN if g[0] == "stress"][:20]
    sfens = [r[3] for r in rows]
    want = [r[4] for r in rows]
    for loaded in (Network(str(path)), Network.load(path), Network(data), Network.from_bytes(memoryview(data))):
        assert loaded.arch == net("stress", 7).arch
        assert loaded.evaluate_many(sfens, 128).tolist() == want
        loaded.close()


def test_bad_network_files(tmp_path, saved_net):
    with pytest.raises(libshogi.ShogiIOError) as ei:
        Network(str(tmp_path / "missing.bin"))
    assert isinstance(ei.value, OSError)
    assert "missing.bin" in ei.value.message
    with pytest.raises(libshogi.ParseError):
        Network(b"")
    with pytest.raises(libshogi.ParseError):
        Network(b"\x00" * 1000)
    _, data = saved_net
    with pytest.raises(libshogi.ParseError):
        Network(memoryview(data)[:-1])  # truncated
    with pytest.raises(libshogi.ParseError):
        Network(memoryview(data)[: len(data) // 2])
    data.append(0)
    try:
        with pytest.raises(libshogi.ParseError):
            Network(data)  # trailing bytes
    finally:
        data.pop()
    data[0] ^= 0xFF  # version
    try:
        with pytest.raises(libshogi.ParseError) as ei:
            Network(data)
        assert ei.value.message
    finally:
        data[0] ^= 0xFF
    with pytest.raises(libshogi.InvalidArgumentError):
        Network.make_test("no-such-kind", 1)
    with pytest.raises(TypeError):
        Network(42)


def test_network_handles_freed():
    import gc

    gc.collect()
    before = libshogi.live_handles()
    n = Network.make_test("zero", 1)
    acc = n.accumulator()
    assert libshogi.live_handles() == before + 2
    assert n.evaluate(Board()) == 0
    n.close()
    assert acc.evaluate(0) == 0  # the accumulator keeps its network alive
    del acc
    gc.collect()
    assert libshogi.live_handles() == before
