"""Board.legal_moves is a MoveList (issue 17, cshogi's LegalMoveList
idiom): a read-only sequence that reads and compares like the list of the
moves. Checked on whichever path runs (the suite runs on both) against the
list made from it and against legal_moves_array(), which the library
fills through another call."""

import copy
import pickle
import random

import pytest

import libshogi
from libshogi import Board, MoveList

from walks import random_game_sfens

MIDGAME = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
MATED = "8k/7G1/7G1/9/9/9/9/9/K8 w - 1"  # white to move, mated: no legal move


def _positions():
    return ["startpos", MIDGAME] + random_game_sfens(40, seed=7)


def test_values_are_the_library_list():
    for sfen in _positions():
        b = Board(sfen)
        m = b.legal_moves
        assert type(m) is MoveList
        assert list(m) == b.legal_moves_array().tolist()
        assert len(m) == len(b.legal_moves_array())
        assert [m[i] for i in range(len(m))] == list(m)
        assert [m[i] for i in range(-len(m), 0)] == list(m)


def test_counts_match_perft_goldens():
    b = Board()
    assert len(b.legal_moves) == 30
    n = 0
    for x in b.legal_moves:
        b.push(x)
        n += len(b.legal_moves)
        b.pop()
    assert n == 900


def test_empty_list():
    b = Board(MATED)
    m = b.legal_moves
    assert len(m) == 0 and not m and m == [] and list(m) == [] and repr(m) == "[]"
    with pytest.raises(IndexError):
        m[0]


def test_reads_like_the_list():
    b = Board(MIDGAME)
    m = b.legal_moves
    ls = list(m)
    assert m == ls and ls == m and not (m != ls) and m == b.legal_moves
    assert m != ls[:-1] and ls[:-1] != m and m != ls[::-1]
    assert (m < ls + [0]) and (ls[:-1] < m) and (m <= ls) and (m >= ls) and not (m > ls)
    assert m != tuple(ls)  # as a list: never equal to a tuple
    assert repr(m) == repr(ls) and str(m) == str(ls)
    t = m.tolist()
    assert type(t) is list and t == ls and t is not m.tolist()
    assert m[:5] == ls[:5] and type(m[:5]) is list
    assert m[::-3] == ls[::-3] and m[100:] == ls[100:] and m[-2:] == ls[-2:]
    assert list(reversed(m)) == ls[::-1]
    assert sorted(m) == sorted(ls) and set(m) == set(ls)
    assert m + [1] == ls + [1] and [1] + m == [1] + ls and m + m == ls + ls and type(m + m) is list
    for i in (0, 7, len(ls) - 1):
        assert ls[i] in m and m.index(ls[i]) == i and m.count(ls[i]) == 1
    assert 12345 not in m and "x" not in m and m.count(12345) == 0
    assert float(ls[3]) in m  # list semantics: 3.0 == 3
    with pytest.raises(ValueError):
        m.index(12345)
    with pytest.raises(IndexError):
        m[len(ls)]
    with pytest.raises(TypeError):
        m["a"]
    with pytest.raises(TypeError):
        hash(m)
    with pytest.raises(TypeError):
        m + (1,)
    assert random.Random(3).choice(m) == random.Random(3).choice(ls)


def test_read_only_and_copies_as_list():
    m = Board().legal_moves
    with pytest.raises((TypeError, AttributeError)):
        m[0] = 1
    with pytest.raises(AttributeError):
        m.append(1)
    for c in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert type(c) is list and c == list(m)


def test_made_only_by_the_board():
    assert MoveList.__name__ == "MoveList" and MoveList.__module__ == "libshogi"
    with pytest.raises(TypeError):
        MoveList()
    with pytest.raises(TypeError):
        MoveList([1, 2])
    with pytest.raises(TypeError):
        type("Sub", (MoveList,), {})
    with pytest.raises(TypeError):
        Board().legal_moves * 2
    with pytest.raises(TypeError):
        type(iter(Board().legal_moves))()


def test_iteration_is_independent_and_stays_done():
    m = Board().legal_moves
    a, b = iter(m), iter(m)
    assert next(a) == m[0] and next(a) == m[1] and next(b) == m[0]
    assert list(a) == list(m)[2:]
    assert list(a) == []  # exhausted stays exhausted
    assert [x for x in m for _ in (0,)] == list(m)


def test_lists_outlive_the_board_and_later_moves():
    b = Board()
    m = b.legal_moves
    first = list(m)
    b.push(m[0])
    after = b.legal_moves
    b.pop()
    b.close()
    assert list(m) == first and len(after) == 30 and after != m


def test_legal_moves_many_gives_movelists():
    boards = [Board(s) for s in _positions()[:6]]
    many = libshogi.legal_moves_many(boards)
    assert all(type(x) is MoveList for x in many)
    assert many == [b.legal_moves for b in boards]
