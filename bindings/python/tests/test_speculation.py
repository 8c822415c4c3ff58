"""Pushes right after a pop: the accelerator's speculative legal list.

On the accelerated path a push that follows the pop of a played move
fetches the position's legal moves (one library call, as playing the move
would be) and defers the move, so that a push/pop loop stays in C; when
the deferred move is then played anyway (a read, a further push) the
speculation backs off. None of this may show: every answer below is
checked against a reference Board that only plays USI moves and reads
(built fresh from SFEN text), on both paths.
"""

import random

import numpy as np
import pytest

import libshogi
from libshogi import Board


def _reference(sfen, usis):
    r = Board(sfen)
    for u in usis:
        r.push_usi(u)
    return r


def test_push_pop_loop_after_a_played_pop():
    b = Board()
    m, reply = b.move_from_usi("7g7f"), None
    b.push(m)
    reply = b.move_from_usi("3c3d")  # a read: the push above is played
    b.push(reply)
    assert b.pop() == reply  # a played move taken back: the next push speculates
    for i in range(50):
        b.push(reply)
        if i % 10 == 9:
            assert b.sfen() == _reference("startpos", ["7g7f", "3c3d"]).sfen()
        assert b.pop() == reply
    assert b.history == [m]
    assert b.sfen() == _reference("startpos", ["7g7f"]).sfen()
    assert len(b.legal_moves) == 30


def test_illegal_push_after_a_pop_raises_at_the_push():
    b = Board()
    bad = b.move_from_usi("7g7f") + 1  # 7g to a square no pawn reaches
    m16 = b.move_from_usi("2g2f") & 0xFFFF
    b.push_usi("7g7f")
    b.pop()  # the next push speculates (the moves above were made before: a read stops it)
    with pytest.raises(libshogi.IllegalMoveError):
        b.push(bad)  # not a move of the list: the library says why
    assert b.history == [] and b.sfen() == Board().sfen()
    b.push_usi("2g2f")
    b.pop()
    b.push(m16)  # a bare move16 is legal but not in the list
    assert b.history == [m16]
    assert b.sfen() == _reference("startpos", ["2g2f"]).sfen()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_walks_with_reads_after_pops(seed):
    """Random pushes, pops and reads, pops often followed by pushes (the
    speculation) and by reads (its back-off): every read agrees with the
    reference."""
    rnd = random.Random(seed)
    b = Board()
    usis = []
    row = np.zeros(32, dtype=np.uint8)
    for step in range(600):
        k = rnd.randrange(10)
        if k < 3 and usis:
            u = usis.pop()
            assert libshogi.move_to_usi(b.pop()) == u
            continue
        if k == 3:
            assert b.sfen() == _reference("startpos", usis).sfen()
            continue
        if k == 4:
            assert b.is_check() == _reference("startpos", usis).is_check()
            continue
        if k == 5:
            b.to_hcp(row)
            c = Board()
            c.set_hcp(row)
            assert c.sfen().split()[:3] == _reference("startpos", usis).sfen().split()[:3]
            continue
        if k == 6:
            n = len(b.history)
            with pytest.raises(libshogi.IllegalMoveError):
                b.push(0x1234)  # squares 36 -> 52: no piece moves like that
            assert len(b.history) == n
            continue
        ref = _reference("startpos", usis)
        moves = ref.legal_moves  # not b's: b's pushes follow pops without a list read
        if not moves or len(usis) > 60:
            b.reset()
            usis = []
            continue
        m = rnd.choice(moves)
        b.push(m)
        usis.append(libshogi.move_to_usi(m))
        if rnd.random() < 0.3:
            assert b.legal_moves == _reference("startpos", usis).legal_moves
    assert [libshogi.move_to_usi(m) for m in b.history] == usis
    assert b.sfen() == _reference("startpos", usis).sfen()


def test_push_read_pop_nodes_back_off_with_the_same_answers():
    """push, a read, pop over every move of a position, many times: the
    speculation is wasted each time (the read plays the move) and backs
    off; the answers stay the reference's."""
    sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
    b = Board(sfen)
    moves = Board(sfen).legal_moves
    want = {}
    for m in moves:
        r = Board(sfen)
        r.push(m)
        want[m] = (r.is_check(), r.sfen())
    b.push(moves[0])
    b.pop()
    for _ in range(3):
        for m in moves:
            b.push(m)
            assert (b.is_check(), b.sfen()) == want[m]
            assert b.pop() == m
    assert b.sfen() == Board(sfen).sfen() and b.history == []
