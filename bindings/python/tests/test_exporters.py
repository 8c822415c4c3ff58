"""Streaming CSA/KIF exporters: the text follows the formats' rules line by
line, and the library's reader reads back the same game (moves, times,
comments, end)."""

import datetime
import io

import pytest

import libshogi
from libshogi import Board, Record
from libshogi.exporters import CSAExporter, KIFExporter

GAME = "7g7f 3c3d 8h2b+ 3a2b B*4e 8b3b"


def test_csa_exporter_lines_and_read_back(tmp_path):
    path = tmp_path / "live.csa"
    with CSAExporter(str(path)) as ex:
        ex.info(names=["Sente", "Gote"], var_info={"EVENT": "test"}, comment="live game", version="V2.2")
        for i, u in enumerate(GAME.split()):
            ex.move(u, time=i + 1, comment="** %d" % (10 * i) if i == 2 else None)
            # flushed: the file already holds the move
            assert path.read_text(encoding="utf-8").rstrip().endswith(("T%d" % (i + 1), "'** 20"))
        ex.endgame("%TORYO")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:7] == ["V2.2", "N+Sente", "N-Gote", "$EVENT:test", "'live game", "PI", "+"]
    assert lines[7:9] == ["+7776FU", "T1"]
    assert "+8822UM" in lines and "-3122GI" in lines and "+0045KA" in lines and lines[-1] == "%TORYO"
    r = Record.parse(text)
    assert [libshogi.move_to_usi(m) for m in r.moves] == GAME.split()
    assert r.times == [1000, 2000, 3000, 4000, 5000, 6000]
    # the reader keeps one "*" of an engine line ("'** 20" -> "* 20")
    assert r.comments[2] == "* 20" and r.scores[2] == 20 and r.scores[0] is None
    assert r.result == libshogi.RESULT_WHITE_WIN  # Black to move resigned
    assert r.black == "Sente" and r.white == "Gote"


def test_csa_exporter_position_start_and_append(tmp_path):
    path = tmp_path / "two.csa"
    sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
    with CSAExporter(str(path)) as ex:
        ex.info(init_board=sfen)
        ex.move("G*5b")
        ex.endgame("%TSUMI")
    with CSAExporter(str(path), append=True) as ex:
        ex.info()
        ex.move("2g2f")
    text = path.read_text(encoding="utf-8")
    assert "\n/\n" in text and "P1 *  *  *  * -OU *  *  *  * " in text and "P+00KI" in text
    assert "+0052KI" in text
    first = Record.parse(text.split("\n/\n")[0])
    assert first.start_sfen == sfen and len(first.moves) == 1
    with pytest.raises(libshogi.IllegalMoveError):
        with CSAExporter(io.StringIO()) as ex:
            ex.info()
            ex.move("7g7e")


def test_kif_exporter_lines_and_read_back():
    buf = io.StringIO()
    ex = KIFExporter(buf)
    ex.header(["先手さん", "後手さん"], starttime=datetime.datetime(2026, 11, 26, 9, 30, 0))
    total = [0, 0]
    for i, u in enumerate(GAME.split()):
        total[i % 2] += i + 1
        ex.move(u, sec=i + 1, sec_sum=total[i % 2], comment="good" if i == 1 else None)
    ex.end("resign", sec=2, sec_sum=total[0] + 2)
    text = buf.getvalue()
    lines = text.splitlines()
    assert lines[:5] == ["開始日時：2026/11/26 09:30:00", "手合割：平手", "先手：先手さん", "後手：後手さん",
                         "手数----指手---------消費時間--"]
    # the time column starts at display column 19, as the library's writer puts it
    assert lines[5] == "   1 ７六歩(77)    ( 0:01/00:00:01)"
    assert lines[6] == "   2 ３四歩(33)    ( 0:02/00:00:02)" and lines[7] == "*good"
    assert lines[9] == "   4 同　銀(31)    ( 0:04/00:00:06)"
    assert lines[10] == "   5 ４五角打      ( 0:05/00:00:09)"
    assert lines[-2] == "   7 投了          ( 0:02/00:00:11)"
    assert lines[-1] == "まで6手で後手の勝ち"
    r = Record.parse(text)
    assert [libshogi.move_to_usi(m) for m in r.moves] == GAME.split()
    assert r.times == [1000, 2000, 3000, 4000, 5000, 6000]
    assert r.comments[1] == "good"
    assert r.result == libshogi.RESULT_WHITE_WIN and r.black == "先手さん"


def test_kif_exporter_handicap_and_board_start():
    buf = io.StringIO()
    with KIFExporter(buf) as ex:
        ex.header(["上手", "下手"], handicap="角落ち")
        assert ex.board.sfen() == Board.from_handicap("角落ち").sfen()
        ex.move(ex.board.legal_moves[0])
    assert "手合割：角落ち" in buf.getvalue()
    buf = io.StringIO()
    with KIFExporter(buf) as ex:
        ex.header(["a", "b"], handicap=Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
        ex.move("G*5b")
        ex.end("mate")
    text = buf.getvalue()
    assert "先手の持駒：金" in text and "   1 ５二金打" in text
    r = Record.parse(text)
    assert r.start_sfen == "4k4/9/4P4/9/9/9/9/9/4K4 b G 1" and len(r.moves) == 1
