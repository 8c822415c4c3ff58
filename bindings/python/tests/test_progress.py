"""Bulk calls with progress=True or a callback: the same results, computed
in chunks, reported after each chunk (tqdm when installed, else stderr)."""

import numpy as np
import pytest

import libshogi
from libshogi import Board, _progress


@pytest.fixture
def records():
    sfens = []
    b = Board()
    for usi in "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b".split():
        b.push_usi(usi)
        sfens.append(b.sfen())
    sfens = sfens * 4  # 48 positions
    psv = np.frombuffer(b"".join(Board(s).to_psv(score=i) for i, s in enumerate(sfens)),
                        dtype=libshogi.PackedSfenValue)
    return sfens, psv


def test_chunked_results_equal(records, monkeypatch):
    sfens, psv = records
    net = libshogi.Network.make_test()
    want = (libshogi.psv_to_hcpe(psv), libshogi.psv_halfkp_features(psv).black, net.evaluate_psv(psv),
            net.evaluate_many(sfens))
    monkeypatch.setattr(_progress, "CHUNK", 7)
    seen = []

    def report(done, total):
        seen.append((done, total))

    got = (libshogi.psv_to_hcpe(psv, progress=report), libshogi.psv_halfkp_features(psv, progress=report).black,
           net.evaluate_psv(psv, progress=report), net.evaluate_many(sfens, progress=report))
    for a, b in zip(want, got):
        assert (a == b).all()
    per_call = [(7, 48), (14, 48), (21, 48), (28, 48), (35, 48), (42, 48), (48, 48)]
    assert seen == per_call * 4
    back = libshogi.hcpe_to_psv(got[0], progress=report)
    assert (back["sfen"] == libshogi.hcpe_to_psv(want[0])["sfen"]).all()


def test_progress_bar_and_errors(records, monkeypatch, capsys):
    _, psv = records
    monkeypatch.setattr(_progress, "CHUNK", 16)
    libshogi.psv_to_hcpe(psv, progress=True)
    assert "psv_to_hcpe" in capsys.readouterr().err  # tqdm's bar or the plain line
    bad = psv.copy()
    bad["sfen"][20] = 0xFF
    with pytest.raises(libshogi.ParseError, match="chunk from record 16"):
        libshogi.psv_to_hcpe(bad, progress=lambda d, t: None)
    out = libshogi.psv_to_hcpe(bad, strict=False, progress=lambda d, t: None)
    assert (out[20]["hcp"] == 0).all() and (out[21]["hcp"] != 0).any()
