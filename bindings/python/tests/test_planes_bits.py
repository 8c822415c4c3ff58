"""libshogi.planes_bits: the dlshogi planes packed one bit a value, through
the C ABI, against the float32 planes of the same records."""

import numpy as np
import pytest

import libshogi
from conftest import psv_playouts
from libshogi import dataset, planes_bits


@pytest.fixture(scope="module")
def psv_file(tmp_path_factory):
    data = psv_playouts(1500, 3)
    path = tmp_path_factory.mktemp("planes_bits") / "train.bin"
    path.write_bytes(data)
    return str(path), data


def _bits_by_hand(f1, f2):
    """The packed layout written from its definition, square by square."""
    n = f1.shape[0]
    b1 = np.zeros((n, 62, 16), dtype=np.uint8)
    b2 = np.zeros((n, 8), dtype=np.uint8)
    flat = f1.reshape(n, 62, 81)
    for s in range(81):
        b1[:, :, s // 8] |= (flat[:, :, s] != 0).astype(np.uint8) << (s % 8)
    for p in range(57):
        b2[:, p // 8] |= (f2[:, p, 0, 0] != 0).astype(np.uint8) << (p % 8)
    return b1, b2


def test_bulk_bits_match_floats(psv_file):
    _, data = psv_file
    recs = np.frombuffer(data, dtype=libshogi.PackedSfenValue).copy()
    recs[9]["sfen"] = 255  # a garbage position
    f1, f2, labels, bad = dataset.dlshogi_features(recs)
    b1, b2, lb, bad_b = planes_bits.dlshogi_features_bits(recs)
    assert bad == bad_b == 1 and lb[9] == -1
    assert b1.shape == (1500, 62, 16) and b2.shape == (1500, 8) and b1.dtype == np.uint8
    np.testing.assert_array_equal(lb, labels)
    w1, w2 = _bits_by_hand(f1, f2)
    np.testing.assert_array_equal(b1, w1)
    np.testing.assert_array_equal(b2, w2)
    u1, u2 = planes_bits.unpack_planes(b1, b2)
    np.testing.assert_array_equal(u1, f1)
    np.testing.assert_array_equal(u2, f2)
    assert f2[:, 56].any(), "no position in check among the records"
    # raw bytes with a format, and the errors
    r1, _, _, _ = planes_bits.dlshogi_features_bits(data[:360], format="psv")  # records 0-8
    np.testing.assert_array_equal(r1, w1[:9])
    with pytest.raises(ValueError):
        planes_bits.dlshogi_features_bits(data[:41], format="psv")


def test_stream_bits_match_floats(psv_file):
    path, _ = psv_file
    with dataset.Dataset(path, layout="planes,planes_bits", batch_size=256, threads=2) as ds:
        assert planes_bits.batch_planes_bits(ds) is None  # no batch yet
        rows = 0
        for b in ds:
            p1, p2 = planes_bits.batch_planes_bits(ds)
            assert p1.shape == (b.n, 62, 16) and p2.shape == (b.n, 8)
            assert not p1.flags.owndata  # a view of the stream's memory
            u1, u2 = planes_bits.unpack_planes(p1, p2)
            np.testing.assert_array_equal(u1, b.features1)
            np.testing.assert_array_equal(u2, b.features2)
            c1, _ = planes_bits.batch_planes_bits(ds, copy=True)
            assert c1.flags.owndata and (c1 == p1).all()
            rows += b.n
        assert rows == 1500
        assert planes_bits.batch_planes_bits(ds) is None  # at the end
    with dataset.Dataset(path, layout="planes", batch_size=16) as ds:
        next(ds)
        assert planes_bits.batch_planes_bits(ds) is None  # not asked for
