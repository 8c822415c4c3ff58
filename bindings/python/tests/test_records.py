"""Record dtypes against the shared vectors (records/psv.tsv, hcpe.tsv)."""

import pytest

import libshogi
from libshogi import Board, records
from conftest import read_tsv

np = pytest.importorskip("numpy")


def test_dtype_layouts():
    psv = libshogi.PackedSfenValue
    assert psv.itemsize == 40
    assert psv.names == ("sfen", "score", "move", "gamePly", "game_result", "padding")
    assert psv["score"] == np.int16 and psv["move"] == np.uint16 and psv["game_result"] == np.int8
    hcpe = libshogi.HuffmanCodedPosAndEval
    assert hcpe.itemsize == 38
    assert hcpe.names == ("hcp", "eval", "bestMove16", "gameResult", "dummy")
    assert hcpe["bestMove16"] == np.int16  # as cshogi declares it
    assert libshogi.HuffmanCodedPos.itemsize == 32
    with pytest.raises(AttributeError):
        libshogi.NoSuchThing


def test_psv_vectors(tmp_path):
    rows = read_tsv("records/psv.tsv")
    if not rows:
        pytest.skip("shared testdata not found")
    data = b"".join(bytes.fromhex(r[5]) for r in rows)
    arr = np.frombuffer(data, dtype=libshogi.PackedSfenValue)
    for rec, (sfen, usi, score, ply, result, _) in zip(arr, rows):
        assert rec["score"] == int(score)
        assert rec["gamePly"] == int(ply)
        assert rec["game_result"] == int(result)
        if usi != "none":
            b = Board(sfen, flags=libshogi.SFEN_ALLOW_OPPONENT_IN_CHECK | libshogi.SFEN_ALLOW_DEAD_PIECES)
            assert rec["move"] == libshogi.move16(b.move_from_usi(usi))
            assert b.move_from_move16(int(rec["move"])) == b.move_from_usi(usi)
    path = tmp_path / "x.psv"
    arr.tofile(str(path))
    back = records.read_psv(str(path))
    assert back.tobytes() == data
    assert records.read_psv(str(path), mmap=True).tobytes() == data


def test_hcpe_vectors(tmp_path):
    rows = read_tsv("records/hcpe.tsv")
    if not rows:
        pytest.skip("shared testdata not found")
    data = b"".join(bytes.fromhex(r[4]) for r in rows)
    arr = np.frombuffer(data, dtype=libshogi.HuffmanCodedPosAndEval)
    for rec, (sfen, usi, ev, result, _) in zip(arr, rows):
        assert rec["eval"] == int(ev)
        assert rec["gameResult"] == int(result)
        if usi != "none":
            b = Board(sfen, flags=libshogi.SFEN_ALLOW_OPPONENT_IN_CHECK | libshogi.SFEN_ALLOW_DEAD_PIECES)
            m = b.move_from_usi(usi)
            hm = int(rec["bestMove16"]) & 0xFFFF
            assert hm == libshogi.move16_to_hcpe(libshogi.move16(m))
            assert b.move_from_hcpe(hm) == m
    path = tmp_path / "x.hcpe"
    arr.tofile(str(path))
    assert records.read_hcpe(str(path)).tobytes() == data


def test_move16_vectors():
    rows = read_tsv("records/move16.tsv")
    if not rows:
        pytest.skip("shared testdata not found")
    for sfen, usi, yo, hc in rows:
        b = Board(sfen, flags=libshogi.SFEN_ALLOW_OPPONENT_IN_CHECK | libshogi.SFEN_ALLOW_DEAD_PIECES)
        m = b.move_from_usi(usi)
        assert libshogi.move16(m) == int(yo)
        assert libshogi.move16_to_hcpe(int(yo)) == int(hc)
        assert libshogi.hcpe_to_move16(int(hc)) == int(yo)
