"""set_hcp / set_psfen / to_hcp / to_psfen take every form of row alike.

The accelerator reads a plain numpy row (1-D, C-contiguous, stride 1, 32
bytes or a whole record) straight from the array object and sends every
other object through the buffer protocol; the ctypes path uses the buffer
protocol alone. The suite runs on both paths: on each, every form of the
same record must give the position the bytes give, and the same error.
"""

import numpy as np
import pytest

import libshogi
from libshogi import Board
from walks import random_game_sfens


def _positions(n, seed=3):
    return random_game_sfens(n, seed=seed, max_move_number=120)


HCPE = np.dtype([("hcp", np.uint8, 32), ("eval", "<i2"), ("bestMove16", "<u2"), ("gameResult", "u1"),
                 ("dummy", "u1")])


def _forms(rec, whole):
    """The same 32 bytes in the forms a caller may pass."""
    a = np.frombuffer(rec, dtype=np.uint8).copy()
    padded = np.zeros(whole, dtype=np.uint8)
    padded[:32] = a
    table = np.zeros((3, 32), dtype=np.uint8)
    table[1] = a
    ro = a.copy()
    ro.setflags(write=False)
    return {
        "bytes": bytes(rec),
        "bytearray": bytearray(rec),
        "memoryview": memoryview(bytes(rec)),
        "row": a,
        "table row": table[1],
        "whole record": padded,
        "read-only row": ro,
        "int16 view": a.view(np.int16),  # 32 bytes, another item size
    }


@pytest.mark.parametrize("kind", ["hcp", "psfen"])
def test_every_form_sets_the_same_position(kind):
    b, scratch = Board(), Board()
    whole = 38 if kind == "hcp" else 40
    setter = getattr(scratch, "set_" + kind)
    getter = getattr(b, "to_" + kind)
    recs = np.zeros((300, 32), dtype=np.uint8)
    sfens = _positions(len(recs))
    for i, s in enumerate(sfens):
        b.set_sfen(s)
        getter(recs[i])
    for i, s in enumerate(sfens):
        for name, form in _forms(recs[i].tobytes(), whole).items():
            scratch.push(scratch.legal_moves[0]) if scratch.legal_moves else None
            setter(form)
            assert scratch.sfen().split()[:3] == s.split()[:3], (kind, name)
            assert scratch.history == []


def test_structured_hcpe_field():
    b, scratch = Board(), Board()
    recs = np.zeros(50, dtype=HCPE)
    sfens = _positions(len(recs), seed=4)
    for i, s in enumerate(sfens):
        b.set_sfen(s)
        b.to_hcp(recs[i]["hcp"])  # a writable view into the record array
    for i, s in enumerate(sfens):
        scratch.set_hcp(recs[i]["hcp"])
        assert scratch.sfen().split()[:3] == s.split()[:3]
        scratch.set_hcp(recs[i:i + 1].view(np.uint8))  # the whole 38-byte record
        assert scratch.sfen().split()[:3] == s.split()[:3]


def test_rows_that_do_not_fit():
    b = Board()
    start = b.sfen()
    strided = np.zeros(64, dtype=np.uint8)[::2]  # 32 items, not contiguous
    two_d = np.zeros((1, 32), dtype=np.uint8)  # 2-D: buffer protocol, 32 bytes
    b.to_hcp(two_d)
    b.set_hcp(two_d)
    assert b.sfen() == start
    for bad, err in ((strided, TypeError), (np.zeros(31, dtype=np.uint8), ValueError),
                     (np.zeros(33, dtype=np.uint8), ValueError), ("text", TypeError),
                     (np.zeros(32, dtype=np.uint8), libshogi.ParseError)):
        with pytest.raises(err):
            b.set_hcp(bad)
        assert b.sfen() == start
    ro = np.zeros(32, dtype=np.uint8)
    ro.setflags(write=False)
    for bad, err in ((ro, TypeError), (bytes(32), TypeError), (strided, TypeError),
                     (np.zeros(39, dtype=np.uint8), ValueError)):
        with pytest.raises(err):
            b.to_hcp(bad)
    assert not ro.any()
    out = np.zeros(38, dtype=np.uint8)  # a whole writable record: the first 32 bytes
    b.to_hcp(out)
    assert out[:32].any() and not out[32:].any()
