"""legal_moves_after_each, and the accelerator's sibling lists.

legal_moves_after_each(board, moves) must give, for each move, the list
legal_moves_after gives (and the list of the board after playing it). On
the accelerated path a loop over the legal moves (push, legal_moves, pop,
the next move) fetches the remaining siblings' lists in one call; every
order of walking must still see the lists of the positions reached. The
facts: perft counts (30, 900, 25470, 719731) and boards replayed from USI.
"""

import random

import pytest

import libshogi
from libshogi import Board
from walks import py_perft, random_game_sfens

MIDGAME = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"


def _after(board, m):
    c = Board(board.sfen())
    c.push_usi(libshogi.move_to_usi(m))
    return c.legal_moves


@pytest.mark.parametrize("sfen", ["startpos", MIDGAME] + random_game_sfens(20, seed=9))
def test_each_list_is_the_list_after_the_move(sfen):
    b = Board(sfen)
    moves = b.legal_moves
    lists = libshogi.legal_moves_after_each(b, moves)
    assert len(lists) == len(moves)
    for m, got in zip(moves, lists):
        assert got == _after(b, m)
    assert libshogi.legal_moves_after_each(b, [m & 0xFFFF for m in moves]) == lists  # the move16 is enough
    assert libshogi.legal_moves_after_each(b, moves[::-1]) == lists[::-1]
    assert b.sfen() == Board(sfen).sfen()


def test_each_refuses_illegal_moves_and_bad_arguments():
    b = Board()
    assert libshogi.legal_moves_after_each(b, []) == []
    good = b.legal_moves[:3]
    with pytest.raises(libshogi.IllegalMoveError, match=r"after\[3\]"):
        libshogi.legal_moves_after_each(b, good + [0x1234])
    with pytest.raises(ValueError):
        libshogi.legal_moves_after_each(b, [-1])
    with pytest.raises(TypeError):
        libshogi.legal_moves_after_each(b, ["7g7f"])
    assert b.sfen() == Board().sfen()


def test_each_refuses_an_illegal_move_in_a_long_list():
    # 16 moves or more take the library's one-generation lookup; the error
    # must be the one a short list gets (the same move16 text and position)
    b = Board()
    moves = b.legal_moves
    assert len(moves) >= 16
    with pytest.raises(libshogi.IllegalMoveError, match=r"after\[20\]") as long_err:
        libshogi.legal_moves_after_each(b, moves[:20] + [0x1234] + moves[20:])
    with pytest.raises(libshogi.IllegalMoveError, match=r"after\[0\]") as short_err:
        libshogi.legal_moves_after_each(b, [0x1234])
    assert str(long_err.value).split("]: ", 1)[1] == str(short_err.value).split("]: ", 1)[1]
    # a move of another position (legal there, not here) is refused too
    other = Board(MIDGAME).legal_moves[0]
    with pytest.raises(libshogi.IllegalMoveError, match=r"after\[29\]"):
        libshogi.legal_moves_after_each(b, moves[:29] + [other])
    assert b.sfen() == Board().sfen()


def test_perft_by_push_pop_midgame():
    # the library's perft is the independent count here
    b = Board(MIDGAME)
    assert py_perft(b, 2) == Board(MIDGAME).perft(2)
    assert py_perft(b, 3) == Board(MIDGAME).perft(3)
    assert b.sfen() == Board(MIDGAME).sfen() and b.history == []


def test_sibling_walks_in_every_order():
    rnd = random.Random(5)
    for sfen in ["startpos", MIDGAME] + random_game_sfens(10, seed=21):
        b = Board(sfen)
        moves = b.legal_moves
        want = {m: _after(b, m) for m in moves}
        order = list(range(len(moves)))
        for walk in range(4):
            if walk == 1:
                order.reverse()
            elif walk >= 2:
                rnd.shuffle(order)
            stop = len(order) if walk != 3 else len(order) // 2  # a loop left early
            for k, i in enumerate(order[:stop]):
                m = moves[i]
                b.push(m)
                if k % 7 != 6:  # some pushes are not looked at
                    assert b.legal_moves == want[m]
                if k % 11 == 10:  # a read that plays the deferred move
                    assert b.sfen() == _child(sfen, m).sfen()
                assert b.pop() == m
            assert b.legal_moves == moves
        # the walk one level down from each child keeps working too
        for m in moves[:5]:
            b.push(m)
            inner = b.legal_moves
            child = _child(sfen, m)
            for r in inner:
                b.push(r)
                assert b.legal_moves == _after(child, r)
                b.pop()
            b.pop()
        assert b.sfen() == Board(sfen).sfen() and b.history == []


def _child(sfen, m):
    c = Board(sfen)
    c.push_usi(libshogi.move_to_usi(m))
    return c
