"""The float32 planes of a stream reused over many batches (the stream
rewrites only the values that change): every batch equals the bulk call on
the same records, and the views are read-only."""

import numpy as np
import pytest

import libshogi
from conftest import psv_playouts
from libshogi import dataset


@pytest.fixture(scope="module")
def psv_file(tmp_path_factory):
    data = psv_playouts(1300, 17, scored=True)
    path = tmp_path_factory.mktemp("planes_reuse") / "train.bin"
    path.write_bytes(data)
    return str(path), data


@pytest.mark.parametrize("batch_size,threads", [(97, 1), (97, 2), (150, 2)])
def test_reused_stream_equals_bulk(psv_file, batch_size, threads):
    # 1,300 records in batches that do not divide it, over three epochs: each
    # row of the stream's buffers holds many different positions in turn (150
    # rows are past the non-temporal threshold of 4 MB).
    path, data = psv_file
    recs = np.frombuffer(data, dtype=libshogi.PackedSfenValue)
    n = len(recs)
    f1, f2, labels, bad = dataset.dlshogi_features(recs)
    assert bad == 0
    seen = 0
    with dataset.Dataset(path, layout="planes", batch_size=batch_size, threads=threads, epochs=3) as ds:
        for b in ds:
            rows = (seen + np.arange(b.n)) % n
            np.testing.assert_array_equal(b.features1, f1[rows])
            np.testing.assert_array_equal(b.features2, f2[rows])
            np.testing.assert_array_equal(b.move_label, labels[rows])
            seen += b.n
    assert seen == 3 * n


def test_planes_views_read_only(psv_file):
    path, _ = psv_file
    with dataset.Dataset(path, layout="planes", batch_size=64) as ds:
        b = next(ds)
        for a in (b.features1, b.features2):
            assert not a.flags.writeable and not a.flags.owndata
            with pytest.raises(ValueError):
                a[0, 0, 0, 0] = 1
        assert b.move_label.flags.writeable  # only the planes are kept as written
    with dataset.Dataset(path, layout="planes", batch_size=64, copy=True) as ds:
        b = next(ds)
        assert b.features1.flags.writeable and b.features1.flags.owndata
        b.features1[0, 0, 0, 0] = 1  # an array of the caller's own


def test_torch_of_read_only_planes(psv_file):
    # torch warns on a read-only array; Batch.torch keeps that quiet (the
    # planes are read-only by the stream's rule) and shares the memory.
    torch = pytest.importorskip("torch")
    import warnings

    path, _ = psv_file
    with dataset.Dataset(path, layout="planes", batch_size=64) as ds:
        b = next(ds)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            t = b.torch()
        assert t["features1"].data_ptr() == b.features1.ctypes.data
        assert torch.equal(t["features2"], torch.from_numpy(b.features2.copy()))
