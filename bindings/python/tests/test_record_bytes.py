"""set_hcp / set_psfen from bytes (the accelerator reads an exact bytes
object without a buffer view): the same positions as from numpy rows, the
whole-record lengths accepted, every other length refused, on both paths."""

import numpy as np
import pytest

import libshogi
from libshogi import Board

from walks import random_game_sfens


@pytest.mark.parametrize("kind,whole", [("hcp", 38), ("psfen", 40)])
def test_bytes_rows_match_numpy_rows(kind, whole):
    b, from_row, from_bytes = Board(), Board(), Board()
    row = np.zeros(32, dtype=np.uint8)
    to, set_row, set_bytes = (getattr(b, "to_" + kind), getattr(from_row, "set_" + kind),
                              getattr(from_bytes, "set_" + kind))
    for s in random_game_sfens(300, seed=9):
        b.set_sfen(s)
        to(row)
        set_row(row)
        set_bytes(row.tobytes())
        assert from_bytes.sfen() == from_row.sfen()
        set_bytes(row.tobytes() + b"\x07" * (whole - 32))  # a whole record: its first 32 bytes
        assert from_bytes.sfen() == from_row.sfen()
        assert from_bytes.history == []
    for n in (0, 31, 33, whole - 1, whole + 1):
        with pytest.raises(ValueError):
            set_bytes(bytes(n))
    with pytest.raises(libshogi.ParseError):
        set_bytes(b"\xff" * 32)
    assert from_bytes.sfen() == from_row.sfen()  # unchanged by the refusals
