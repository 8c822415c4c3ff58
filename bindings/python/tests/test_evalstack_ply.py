"""The evaluation stack at the caller's ply from Python: a tree walk that
makes every move with push_evaluate_at and never pops scores every node as
a full evaluation does, for every feature set; pop_to and the errors."""

import random

import pytest

import libshogi
from libshogi import evalbackend as eb

ARCHS = ["halfkp_256x2-32-32", "kp_256x2-32-32", "halfkpe9_32x2-32-32", "halfkpvm_256x2-32-32",
         "halfkahm2_256x2-32-32"]
SFEN = "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1"


@pytest.fixture(scope="module", params=ARCHS)
def net(request):
    return libshogi.make_test_network(request.param, "test", 7)


def _stack_at(net, board):
    s = eb.EvalStack(net)
    sq, hands = eb.board_codes(board)
    s.set_root(sq, hands, board.turn)
    return s


def _walk(net, stack, board, rng, ply, depth):
    """Three random children of board to depth, never popped: the nodes."""
    if depth == 0:
        return 0
    moves = list(board.legal_moves)
    nodes = 0
    for _ in range(min(3, len(moves))):
        m = rng.choice(moves)
        v = stack.push_evaluate_at(ply, m)
        board.push(m)
        assert v == net.evaluate(board), (board.sfen(), ply)
        nodes += 1 + _walk(net, stack, board, rng, ply + 1, depth - 1)
        board.pop()
    return nodes


def test_tree_walk_without_pops(net):
    board = libshogi.Board(SFEN)
    stack = _stack_at(net, board)
    assert _walk(net, stack, board, random.Random(3), 0, 3) == 3 + 9 + 27
    assert stack.ply == 3  # the last line is still pushed
    stack.pop_to(0)
    assert stack.ply == 0
    assert stack.evaluate() == net.evaluate(board)


def test_errors():
    net = libshogi.make_test_network("halfkp_256x2-32-32", "test", 7)
    board = libshogi.Board(SFEN)
    empty = eb.EvalStack(net)
    m = list(board.legal_moves)[0]
    with pytest.raises(libshogi.StateError):
        empty.push_evaluate_at(0, m)
    stack = _stack_at(net, board)
    stack.push_evaluate_at(0, m)
    for ply in (-1, 2):
        with pytest.raises(libshogi.StateError):
            stack.push_evaluate_at(ply, m)
        with pytest.raises(libshogi.StateError):
            stack.pop_to(ply)
    assert stack.ply == 1
    with pytest.raises(libshogi.IllegalMoveError):
        stack.push_evaluate_at(0, 0)  # from 1a to 1a
    assert stack.ply == 0
