"""Issue 22 items 4-6 through Python: Record.parse_all for multi-game CSA
files, parse() refusing them clearly, KIF end words and warnings, and text
with no record in it (empty, UTF-16/UTF-32, EUC-JP as KI2) as errors."""

import pytest

import libshogi
from libshogi import Record

pytestmark = pytest.mark.skipif(not libshogi._lib.has("shogi_record_parse_all"),
                                reason="library without the record lists section")

TWO = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\nPI\n+\n+2726FU\n-3334FU\n%CHUDAN\n"
KIF = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 {}\n"


def test_parse_all():
    games = Record.parse_all(TWO)
    assert len(games) == 2
    assert [len(g.moves) for g in games] == [1, 2]
    assert games[0].result == libshogi.RESULT_BLACK_WIN
    with pytest.raises(libshogi.ParseError, match="2 games"):
        Record.parse(TWO)
    assert len(Record.parse_all(TWO.split("/")[0])) == 1
    for g in games:
        g.close()


@pytest.mark.parametrize("word,end,result,warn", [
    ("入玉宣言", libshogi.records.END_DECLARE_WIN, libshogi.RESULT_BLACK_WIN, False),
    ("宣言勝ち", libshogi.records.END_DECLARE_WIN, libshogi.RESULT_BLACK_WIN, False),
    ("珍事発生", libshogi.END_UNKNOWN, libshogi.RESULT_NONE, True),
])
def test_kif_end_words(word, end, result, warn):
    r = Record.parse(KIF.format(word))
    assert len(r.moves) == 2
    assert r.result == result and r.end == end
    assert bool(r.warnings) == warn
    if warn:
        assert word in r.warnings[0]


@pytest.mark.parametrize("data,fmt", [
    (b"", libshogi.RECORD_AUTO),
    (b"\n\n", libshogi.RECORD_KI2),
    (KIF.format("投了").encode("utf-16"), libshogi.RECORD_AUTO),
    (KIF.format("投了").encode("utf-16-be"), libshogi.RECORD_KIF),
    (KIF.format("投了").encode("utf-32"), libshogi.RECORD_AUTO),
    ("▲７六歩 △３四歩\n".encode("euc_jp"), libshogi.RECORD_KI2),
])
def test_nothing_in_it(data, fmt):
    with pytest.raises(libshogi.ParseError):
        Record.parse(data, fmt)
