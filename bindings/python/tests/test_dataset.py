"""libshogi.dataset: the training-data stream through the C ABI."""

import ctypes
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import libshogi
from libshogi import dataset


def _games(n_positions, seed):
    """PSV records (bytes) of random playouts; record i has score i - n/2."""
    rng = random.Random(seed)
    recs = []
    while len(recs) < n_positions:
        b = libshogi.Board()
        for _ in range(rng.randrange(20, 120)):
            moves = b.legal_moves
            if not moves or len(recs) == n_positions:
                break
            m = rng.choice(moves)
            recs.append(b.to_psv(len(recs) - n_positions // 2, m, rng.choice((-1, 0, 1))))
            b.push(m)
    return b"".join(recs)


@pytest.fixture(scope="module")
def psv_file(tmp_path_factory):
    data = _games(2500, 1)
    path = tmp_path_factory.mktemp("dataset") / "train.bin"
    path.write_bytes(data)
    return str(path), data


def test_features_match_bulk_api_without_copy(psv_file):
    path, data = psv_file
    want = libshogi.psv_halfkp_features(np.frombuffer(data, dtype=np.uint8))
    ds = dataset.Dataset(path, features="HalfKP", batch_size=300, threads=2)
    row = 0
    raw = dataset._BatchStruct
    for b in ds:
        n = b.n
        assert b.black.shape == (n, 38) and b.black.dtype == np.int32
        # views of the stream's memory, not copies
        assert not b.black.flags.owndata and not b.score.flags.owndata
        assert b.black.ctypes.data == ctypes.cast(ds._batch.padded[0], ctypes.c_void_p).value
        np.testing.assert_array_equal(b.black, want.black[row:row + n])
        np.testing.assert_array_equal(b.white, want.white[row:row + n])
        np.testing.assert_array_equal(b.side_to_move, want.side_to_move[row:row + n])
        assert list(b.black_offsets) == [38 * i for i in range(n + 1)]
        np.testing.assert_array_equal(b.white_values.reshape(n, 38), b.white)
        np.testing.assert_array_equal(b.score, np.arange(row, row + n) - 1250)
        assert b.features1 is None and b.move_label is None
        row += n
    assert row == 2500
    s = ds.stats()
    assert (s["positions"], s["records"], s["bad"], s["epochs"], s["batches"]) == (2500, 2500, 0, 1, 9)
    assert raw is dataset._BatchStruct
    ds.close()
    with pytest.raises(ValueError):
        next(ds)


def test_shuffle_is_a_permutation_each_epoch(psv_file):
    path, _ = psv_file
    with dataset.Dataset(path, features="HalfKP", layout="csr", shuffle=400, seed=5, epochs=2,
                         batch_size=512) as ds:
        scores = np.concatenate([b.score.copy() for b in ds])
        assert ds.stats()["epochs"] == 2
    assert len(scores) == 5000
    for e in range(2):
        ep = scores[e * 2500:(e + 1) * 2500]
        assert sorted(ep) == list(range(-1250, 1250))
        assert (ep != np.arange(-1250, 1250)).sum() > 2000


def test_filters_count_what_they_remove(psv_file):
    path, _ = psv_file
    with dataset.Dataset(path, features="HalfKP", max_abs_score=100, min_ply=1, copy=True) as ds:
        got = np.concatenate([b.score for b in ds])
        s = ds.stats()
    assert sorted(got) == list(range(-100, 101))
    assert s["removed"]["score"] == 2500 - 201
    assert sum(s["removed"].values()) == 2500 - 201


def test_errors(psv_file, tmp_path):
    path, data = psv_file
    with pytest.raises(libshogi.ShogiIOError, match="missing.bin"):
        dataset.Dataset(str(tmp_path / "missing.bin"), features="HalfKP")
    with pytest.raises(libshogi.InvalidArgumentError, match="HalfKX"):
        dataset.Dataset(path, features="HalfKX")
    with pytest.raises(libshogi.InvalidArgumentError):
        dataset.Dataset(path, batch_size=-3)
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[:40 * 7 + 11])
    with dataset.Dataset(str(cut), features="HalfKP") as ds:
        assert sum(b.n for b in ds) == 7
        assert ds.stats()["bad"] == 1
        assert ds.last_error == "%s: psv: record 7: truncated record: 11 of 40 bytes" % cut


def test_planes_stream_and_bulk_agree(psv_file):
    path, data = psv_file
    recs = np.frombuffer(data, dtype=libshogi.PackedSfenValue)
    f1, f2, labels, bad = dataset.dlshogi_features(recs[:200])
    assert bad == 0 and f1.shape == (200, 62, 9, 9) and f2.shape == (200, 57, 9, 9)
    # record 0 is a start position: Black's pawns (plane 0) on rank g,
    # White's (plane 31) on rank c; squares are [file-1][rank-1]
    start = [i for i in range(200) if recs[i]["gamePly"] == 1][0]
    assert (f1[start, 0] == (np.arange(9)[None, :] == 6)).all()
    assert (f1[start, 31] == (np.arange(9)[None, :] == 2)).all()
    assert f2[start].sum() == 0
    with dataset.Dataset(path, layout="planes", batch_size=200) as ds:
        b = next(ds)
        np.testing.assert_array_equal(b.features1, f1)
        np.testing.assert_array_equal(b.features2, f2)
        np.testing.assert_array_equal(b.move_label, labels)
        np.testing.assert_array_equal(b.policy_offsets, np.arange(201))
        np.testing.assert_array_equal(b.policy_label, labels)
        assert (b.policy_prob == 1).all()
        assert b.black is None and b.features1_u8 is None
    with dataset.Dataset(path, layout="planes_u8", batch_size=200) as ds:
        b = next(ds)
        assert b.features1_u8.dtype == np.uint8 and b.features1 is None
        np.testing.assert_array_equal(b.features1_u8.astype(np.float32), f1)
        np.testing.assert_array_equal(
            np.broadcast_to(b.features2_u8[:, :, None, None], (200, 57, 9, 9)).astype(np.float32), f2)
        np.testing.assert_array_equal(b.move_label, labels)
    assert ((labels >= 0) & (labels < dataset.DLSHOGI_MOVE_LABEL_NUM)).all()
    # raw bytes with a format name, a garbage record counted
    raw = bytearray(data[:40 * 3])
    raw[40:72] = b"\xff" * 32
    g1, _, g_labels, g_bad = dataset.dlshogi_features(bytes(raw), format="psv")
    assert g_bad == 1 and g_labels[1] == -1 and not g1[1].any()
    np.testing.assert_array_equal(g1[0], f1[0])
    with pytest.raises(ValueError):
        dataset.dlshogi_features(bytes(raw[:50]), format="psv")


def test_import_leaves_torch_alone():
    # importing torch takes seconds: `import libshogi` must not, while
    # libshogi.TorchDataset still gives the class on first use
    code = ("import sys, libshogi; assert 'torch' not in sys.modules, 'imported torch'; "
            "assert 'TorchDataset' in dir(libshogi); "
            "import torch.utils.data; "
            "assert issubclass(libshogi.TorchDataset, torch.utils.data.IterableDataset)")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(libshogi.__file__)) + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr


def test_torch_dataset(psv_file):
    import torch  # scripts/setup.sh installs python3-torch
    path, _ = psv_file
    ds = dataset.TorchDataset(path, features="HalfKP", batch_size=1000)
    assert isinstance(ds, torch.utils.data.IterableDataset)
    total = 0
    for item in torch.utils.data.DataLoader(ds, batch_size=None, num_workers=0):
        assert item["black"].dtype == torch.int32 and item["black"].shape[1] == 38
        assert item["score"].dtype == torch.int16
        assert item["move16"].dtype == torch.int32 and (item["move16"] > 0).all()
        total += item["black"].shape[0]
    assert total == 2500
    with dataset.Dataset(path, features="HalfKP", batch_size=10) as d:
        b = next(d)
        t = b.torch()
        assert t["black"].data_ptr() == b.black.ctypes.data  # shared, not copied
