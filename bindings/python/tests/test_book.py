"""Opening books through the Python binding: probing a Board in the three
formats, conversion, merging, numpy records, and cshogi's book_key names
against tests/testdata/book-keys.tsv."""

import os

import pytest

import libshogi
from libshogi import Board, Book

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
KEYS = os.path.join(REPO, "tests", "testdata", "book-keys.tsv")

# Sorted ("p1p..." < "ppp...").
BOOK_DB = """#YANEURAOU-DB2016 1.00
sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 3
2f2e none 30 18 2
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
2g2f 8c8d 42 20 7
7g7f
"""


@pytest.fixture
def db(tmp_path):
    p = tmp_path / "book.db"
    p.write_text(BOOK_DB)
    return p


def _usi(board, usi):
    b = board.copy()
    return b.push_usi(usi)


def test_book_keys_vectors():
    rows = [l.split("\t") for l in open(KEYS, encoding="utf-8") if l.strip() and not l.startswith("#")]
    assert len(rows) == 200
    for sfen, key, _ in rows:
        assert Board(sfen).book_key() == int(key, 16), sfen


def test_book_key_after_is_cshogi_incremental():
    b = Board()
    k = b.book_key()
    m = b.push_usi("7g7f")
    after = b.book_key()
    b.pop()
    assert b.book_key_after(k, m) == after
    # cshogi updates whatever key it is given by the move's delta.
    assert b.book_key_after(0, m) == k ^ after
    with pytest.raises(libshogi.IllegalMoveError):
        b.book_key_after(k, _usi(Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"), "3c3d"))


@pytest.mark.parametrize("mode", ["memory", "on_disk", "auto"])
def test_probe_text(db, mode):
    with Book(db, mode=mode) as book:
        assert book.format == "db"
        b = Board()
        moves = book.probe(b)
        assert [m.move for m in moves] == [_usi(b, "2g2f"), _usi(b, "7g7f")]
        first = moves[0]
        b2 = b.copy()
        b2.push(first.move)
        assert first.ponder == _usi(b2, "8c8d")
        assert (first.eval, first.depth, first.count) == (42, 20, 7)
        assert moves[1] == (_usi(b, "7g7f"), 0, None, None, None)  # columns omitted
        assert b in book
        b.push_usi("5g5f")
        assert book.probe(b) == [] and b not in book


def test_flipped(db):
    book = Book(db)
    w = Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
    assert book.probe(w) == []
    assert book.probe(w, flipped=True)[0].move == _usi(w, "8c8d")
    book.close()
    with pytest.raises(ValueError):
        book.probe(w)


def test_convert_merge_and_numpy(db, tmp_path):
    np = pytest.importorskip("numpy")
    ybb, bin_ = tmp_path / "b.ybb", tmp_path / "b.bin"
    libshogi.book_convert(db, ybb)
    libshogi.book_convert(db, bin_)
    b = Board()
    for path, fmt in ((ybb, "ybb"), (bin_, "bin")):
        with Book(path) as book:
            assert book.format == fmt
            assert [m.move for m in book.probe(b)] == [_usi(b, "2g2f"), _usi(b, "7g7f")]
            arr = book.probe_array(b)
            assert arr["eval"].tolist() == [42, 0]
            assert arr["fields"][0] & libshogi.book.HAS_EVAL
    entries = libshogi.read_book_bin(bin_)
    start = Board().book_key()
    assert entries["key"].tolist().count(start) == 2
    assert len(entries) == 3 and np.all(entries["key"][1:] >= entries["key"][:-1])
    # fromToPro is the Apery move16: 2g2f is a plain board move, the same value.
    rows = entries[entries["key"] == start]
    assert rows["fromToPro"].tolist() == [_usi(b, "2g2f") & 0xFFFF, _usi(b, "7g7f") & 0xFFFF]
    assert rows["count"].tolist() == [7, 1]
    index, moves = libshogi.read_ybb(ybb)
    assert len(index) == 2 and index["count"].sum() == 3 == len(moves)
    assert sorted(moves["eval"].tolist()) == [0, 30, 42]
    merged = tmp_path / "m.db"
    libshogi.book_merge([db, bin_], merged, top_n=1)
    with Book(merged) as book:
        (m,) = book.probe(b)
        assert m.move == _usi(b, "2g2f") and m.count == 14


def test_errors(tmp_path):
    with pytest.raises(libshogi.ShogiIOError):
        Book(tmp_path / "missing.db")
    bad = tmp_path / "bad.db"
    bad.write_text("#YANEURAOU-DB2016 1.00\nsfen 9/9/9/9/9/9/9/9/9 b - 1\n7g7f none x\n")
    with pytest.raises(libshogi.ParseError, match="line 3"):
        Book(bad)
    with pytest.raises(ValueError):
        Book(bad, format="nope")
    with pytest.raises(TypeError):
        Book.probe(Book.__new__(Book), "startpos")


@pytest.mark.parametrize("fmt", ["db", "ybb", "bin"])
def test_entries(db, tmp_path, fmt):
    pytest.importorskip("numpy")
    path = db if fmt == "db" else tmp_path / ("e." + fmt)
    if fmt != "db":
        libshogi.book_convert(db, path)
    with Book(path) as book:
        es = book.entries()
    # book.bin keeps only what its moves reach from the start position:
    # the position after 2g2f 8c8d (a ponder move) is lost.
    assert len(es) == (2 if fmt == "bin" else 3)
    start = Board()
    rows = [e for e in es if libshogi.board_of(e).sfen() == start.sfen()]
    assert [int(r["move16"]) for r in rows] == [_usi(start, "2g2f") & 0xFFFF, _usi(start, "7g7f") & 0xFFFF]
    assert int(rows[0]["eval"]) == 42
    assert list(es["psfen"].tobytes()[i * 32:(i + 1) * 32] for i in range(len(es))) == sorted(
        es["psfen"].tobytes()[i * 32:(i + 1) * 32] for i in range(len(es)))
    if fmt == "db":
        assert int(rows[0]["count"]) == 7 and int(rows[0]["ponder16"]) != 0
        other = [e for e in es if libshogi.board_of(e).sfen() != start.sfen()]
        assert libshogi.board_of(other[0]).sfen().endswith(" 3")
