"""legal_moves_after, and the accelerator's deferred pushes.

On the accelerated path a push of a move from the list legal_moves just
returned is only noted; legal_moves then asks the library for the moves
after it and pop forgets it. Everything else must see the move played.
The suite runs on both paths; the facts here are perft counts (30, 900,
25470, 719731) and positions reached by playing USI moves from SFEN text.
"""

import random

import numpy as np
import pytest

import libshogi
from libshogi import Board
from walks import py_perft


def test_perft_by_push_pop():
    b = Board()
    assert [py_perft(b, d) for d in (1, 2, 3)] == [30, 900, 25470]
    assert py_perft(b, 4) == 719731
    assert b.sfen() == Board().sfen() and b.history == []


def test_pop_returns_the_deferred_move():
    b = Board()
    for m in b.legal_moves:
        b.push(m)
        for r in b.legal_moves:
            b.push(r)
            b.legal_moves
            assert b.pop() == r
        assert b.pop() == m
    assert b.sfen() == Board().sfen() and b.history == []


def test_legal_moves_after():
    b = Board()
    start = b.sfen()
    total = 0
    for m in b.legal_moves:
        after = libshogi.legal_moves_after(b, m)
        assert b.sfen() == start
        c = Board(start)
        c.push(m)
        assert after == c.legal_moves
        assert libshogi.legal_moves_after(b, m & 0xFFFF) == after  # the move16 is enough
        total += len(after)
    assert total == 900
    with pytest.raises(libshogi.IllegalMoveError):
        libshogi.legal_moves_after(b, 0x1234)
    with pytest.raises(ValueError):
        libshogi.legal_moves_after(b, -1)
    with pytest.raises(TypeError):
        libshogi.legal_moves_after(b, "7g7f")
    assert b.sfen() == start


def test_every_read_sees_a_deferred_move():
    rnd = random.Random(17)
    b = Board()
    row = np.zeros(32, dtype=np.uint8)
    for _ in range(200):
        moves = b.legal_moves  # the list a deferred push is checked against
        if not moves or b.move_number > 100:
            b.reset()
            continue
        m = rnd.choice(moves)
        usi = libshogi.move_to_usi(m)
        want = Board(b.sfen())
        want.push_usi(usi)
        b.push(m)
        k = rnd.randrange(8)  # one read or change right after the push
        if k == 0:
            assert b.sfen() == want.sfen()
        elif k == 1:
            assert b.turn == want.turn and b.move_number == want.move_number
        elif k == 2:
            assert b.is_check() == want.is_check()
        elif k == 3:
            assert b.zobrist_hash() == want.zobrist_hash()
        elif k == 4:
            b.to_hcp(row)
            c = Board()
            c.set_hcp(row)
            assert c.sfen().split()[:3] == want.sfen().split()[:3]
        elif k == 5:
            assert b.legal_moves == want.legal_moves
        elif k == 6:
            assert b.copy().sfen() == want.sfen()
        else:
            assert b.pop() == m
            b.push(m)
        assert b.history[-1] == m
        assert b.sfen() == want.sfen()


def test_pushes_outside_the_list():
    b = Board()
    moves = b.legal_moves
    with pytest.raises(libshogi.IllegalMoveError):
        b.push(0x1234)  # not in the list: the library says why
    assert b.sfen() == Board().sfen() and b.history == []
    b.push(moves[0] & 0xFFFF)  # a bare move16 is not in the list but is legal
    assert b.history == [moves[0] & 0xFFFF]
    b.pop()
    b.push(moves[1])
    b.push(b.legal_moves[0])
    with pytest.raises(libshogi.IllegalMoveError):
        b.push(moves[1])  # legal before, not now
    assert len(b.history) == 2
    b.pop()
    b.pop()
    with pytest.raises(libshogi.StateError):
        b.pop()
    b.set_sfen("startpos")
    assert b.legal_moves == moves
