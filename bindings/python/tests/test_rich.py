"""Notebook views: a board per ply for a record (with move text, times and
comments), the PV on a board for a search result, the shape of a network."""

import libshogi
from libshogi import Board, Engine, Network, Record


def test_record_html_has_a_board_per_ply():
    b = Board()
    r = Record.from_board(b)
    for i, u in enumerate("7g7f 3c3d 8h2b+".split()):
        r.append(b.move_from_usi(u), time_ms=1500 * (i + 1), comment="note %d" % i if i == 1 else None)
        b.push_usi(u)
    h = r._repr_html_()
    assert h.count("<svg") == 4  # the start and three plies
    assert "▲７六歩" in h and "△３四歩" in h and "▲２二角成" in h
    assert "(1.5s)" in h and "note 1" in h
    assert r.times == [1500, 3000, 4500] and r.comments == ["", "note 1", ""]


def test_search_result_html_shows_the_pv():
    with Engine() as e:
        res = e.search(Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), depth=3)
    h = res._repr_html_()
    assert "bestmove G*5b" in h and "mate 1" in h and h.count("<svg") == 2 and "▲５二金" in h


def test_network_html():
    net = Network.make_test()
    h = net._repr_html_()
    assert "HalfKP 125388 inputs" in h and "256x2" in h and net.arch[:20] in h
    net.close()
