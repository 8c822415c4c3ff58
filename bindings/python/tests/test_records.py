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


# the records section of the header (skipped against an older library)
pytestmark_records = pytest.mark.skipif(not libshogi._lib.has("shogi_record_parse"),
                                        reason="library without the records section")
FLAGS = libshogi.SFEN_ALLOW_OPPONENT_IN_CHECK | libshogi.SFEN_ALLOW_DEAD_PIECES


def _psv_rows():
    return read_tsv("records/psv.tsv")


def _psv_array(rows):
    return np.frombuffer(b"".join(bytes.fromhex(r[5]) for r in rows), dtype=libshogi.PackedSfenValue)


@pytestmark_records
def test_psv_decode_encode_one():
    rows = _psv_rows()
    if not rows:
        pytest.skip("shared testdata not found")
    for sfen, usi, score, ply, result, hexrec in rows:
        raw = bytes.fromhex(hexrec)
        e = libshogi.decode_psv(raw)
        want = Board(sfen, flags=FLAGS)
        assert e.board.sfen().split()[:3] == want.sfen().split()[:3]
        assert e.board.move_number == int(ply)
        assert (e.score, e.result) == (int(score), int(result))
        mv = 0 if usi == "none" else want.move_from_usi(usi)
        assert libshogi.move16(e.move) == libshogi.move16(mv)
        assert libshogi.decode_psv(np.frombuffer(raw, dtype=libshogi.PackedSfenValue)[0]).score == int(score)
        assert e.board.to_psv(int(score), mv, int(result)) == raw
        assert Board.from_psv(raw).sfen() == e.board.sfen()


@pytestmark_records
def test_hcpe_decode_encode_one():
    rows = read_tsv("records/hcpe.tsv")
    if not rows:
        pytest.skip("shared testdata not found")
    for sfen, usi, ev, result, hexrec in rows:
        raw = bytes.fromhex(hexrec)
        e = libshogi.decode_hcpe(raw)
        want = Board(sfen, flags=FLAGS)
        assert e.board.sfen().split()[:3] == want.sfen().split()[:3]
        assert (e.eval, e.result) == (int(ev), int(result))
        mv = 0 if usi == "none" else want.move_from_usi(usi)
        assert libshogi.move16(e.move) == libshogi.move16(mv)
        assert want.to_hcpe(int(ev), mv, int(result)) == raw
        assert Board.from_hcpe(raw).sfen().split()[:3] == want.sfen().split()[:3]


@pytestmark_records
def test_record_bytes_checked():
    with pytest.raises(ValueError):
        libshogi.decode_psv(b"\x00" * 39)
    with pytest.raises(TypeError):
        libshogi.decode_psv("not bytes")
    with pytest.raises(libshogi.ShogiError):
        libshogi.decode_psv(b"\xff" * 40)
    with pytest.raises(libshogi.StateError):
        Board("4k4/9/9/9/9/9/9/9/9 b - 1", flags=FLAGS).to_psv()


@pytestmark_records
def test_bulk_psv_functions():
    rows = _psv_rows()
    if not rows:
        pytest.skip("shared testdata not found")
    psv = _psv_array(rows)
    assert libshogi.psv_check(psv) == 0
    hcpe = libshogi.psv_to_hcpe(psv)
    assert hcpe.dtype == libshogi.HuffmanCodedPosAndEval and len(hcpe) == len(psv)
    assert (hcpe["eval"] == psv["score"]).all()
    back = libshogi.hcpe_to_psv(hcpe)
    assert (back["sfen"] == psv["sfen"]).all()
    assert (back["score"] == psv["score"]).all() and (back["move"] == psv["move"]).all()
    assert (back["game_result"] == psv["game_result"]).all()
    # raw bytes are accepted too
    assert libshogi.psv_to_hcpe(psv.tobytes()).tobytes() == hcpe.tobytes()
    boards = [libshogi.decode_psv(r).board for r in psv]
    fb = libshogi.psv_halfkp_features(psv)
    ref = libshogi.halfkp_features_many(boards)
    assert (fb.black == ref.black).all() and (fb.white == ref.white).all()
    assert fb.side_to_move.tolist() == [b.turn for b in boards]
    net = libshogi.Network.make_test("test", 1)
    assert net.evaluate_psv(psv).tolist() == [net.evaluate(b) for b in boards]


@pytestmark_records
def test_bulk_bad_record():
    rows = _psv_rows()
    if not rows:
        pytest.skip("shared testdata not found")
    psv = _psv_array(rows[:3]).copy()
    psv[1]["sfen"][:] = 0xFF
    assert libshogi.psv_check(psv) == 1
    with pytest.raises(libshogi.ParseError) as ei:
        libshogi.psv_halfkp_features(psv)
    assert "1" in ei.value.message
    fb = libshogi.psv_halfkp_features(psv, strict=False)
    assert (fb.black[1] == -1).all() and (fb.black[0] >= 0).all() and (fb.black[2] >= 0).all()
    with pytest.raises(libshogi.ParseError):
        libshogi.psv_to_hcpe(psv)
    h = libshogi.psv_to_hcpe(psv, strict=False)
    assert h[1].tobytes() == b"\x00" * 38
    with pytest.raises(ValueError):
        libshogi.psv_to_hcpe(b"\x00" * 41)


def _game(seed=3, plies=40):
    import random

    rnd = random.Random(seed)
    b = Board()
    for _ in range(plies):
        moves = b.legal_moves
        if not moves:
            break
        b.push(rnd.choice(moves))
    return b


@pytestmark_records
@pytest.mark.parametrize("fmt", ["kif", "ki2", "csa", "usi"])
def test_game_record_round_trip(fmt):
    b = _game()
    rec = libshogi.Record.from_board(b)
    rec.black = "先手さん"
    rec.white = "Gote"
    text = rec.write(fmt)
    assert isinstance(text, str)
    back = libshogi.Record.parse(text)
    assert back.format == getattr(libshogi, "RECORD_" + fmt.upper())
    assert back.moves == rec.moves == b.history
    assert back.start_sfen == libshogi.STARTING_SFEN
    end = back.board()
    assert end.sfen() == b.sfen()
    assert end.history == b.history
    end.pop()
    assert back.board(3).move_number == 4
    if fmt in ("kif", "ki2", "csa"):
        assert back.black == "先手さん" and back.white == "Gote"


@pytestmark_records
def test_game_record_sjis_file_end_and_headers(tmp_path):
    b = _game(plies=20)
    rec = libshogi.Record.from_board(b)
    rec.set_header("Event", "テスト")
    rec.end = libshogi.records.END_RESIGN
    assert rec.end == libshogi.records.END_RESIGN
    want = libshogi.RESULT_WHITE_WIN if b.turn == libshogi.BLACK else libshogi.RESULT_BLACK_WIN
    assert rec.result == want
    raw = rec.write("kif", libshogi.ENCODING_SHIFT_JIS)
    assert isinstance(raw, bytes)
    raw.decode("cp932")
    path = tmp_path / "game.kif"
    rec.save(path, encoding="shift_jis")
    back = libshogi.Record.read(path)
    assert back.header("Event") == "テスト"
    assert back.moves == rec.moves
    assert back.result == want
    rec.save(tmp_path / "game.csa")
    assert libshogi.Record.read(tmp_path / "game.csa").format == libshogi.RECORD_CSA
    assert rec.header("NoSuchKey") == ""


@pytestmark_records
def test_game_record_errors():
    with pytest.raises(libshogi.ParseError) as ei:
        libshogi.Record.parse("V2.2\nPI\n+\n+7775FU\n")  # illegal move
    assert "line 4" in ei.value.message
    with pytest.raises(libshogi.ParseError):
        libshogi.Record.parse("手合割：平手\n手数----指手---------消費時間--\n   1 ７五歩(77)\n", "kif")
    rec = libshogi.Record.from_board(Board())
    with pytest.raises(libshogi.InvalidArgumentError):
        rec.board(5)
    with pytest.raises(ValueError):
        rec.write("pdf")
    with pytest.raises(FileNotFoundError):
        libshogi.Record.read("/nonexistent/game.kif")
    rec.close()
    with pytest.raises(ValueError):
        rec.moves
