import xml.etree.ElementTree as ET

import libshogi
from libshogi import Board, svg

NS = "{http://www.w3.org/2000/svg}"


def _texts(svg_text):
    root = ET.fromstring(svg_text)
    assert root.tag == NS + "svg"
    return [t.text for t in root.iter(NS + "text")]


def test_start_position_svg():
    b = Board()
    s = b._repr_svg_()
    texts = _texts(s)
    assert texts.count("歩") == 18
    assert texts.count("玉") == 1 and texts.count("王") == 1
    assert texts.count("飛") == 2 and texts.count("角") == 2


def test_hands_promoted_and_lastmove():
    b = Board("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
    b.push_usi("8h2b+")
    s = b.to_svg()
    texts = _texts(s)
    assert "馬" in texts
    assert "角" in texts  # Black's hand
    assert s.count("#f4a460") == 1 and s.count("#f9cb8f") == 1
    flipped = b.to_svg(flip=True, scale=0.5)
    assert sorted(_texts(flipped)) == sorted(texts)
    assert flipped != s


def test_parse_sfen_hands_with_counts():
    squares, hands, side = svg.parse_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2R10Pb3p 1")
    assert hands[0] == {"R": 2, "P": 10}
    assert hands[1] == {"B": 1, "P": 3}
    assert side == "w"
    assert squares[(5, 1)] == ("K", True)
    assert "歩10" in _texts(libshogi.Board("4k4/9/9/9/9/9/9/9/4K4 w 2R10Pb3p 1").to_svg())
