"""The mate solver through the binding: Board.solve_mate, MateSolver, limits, stop."""

import threading
import time

import pytest

import libshogi
from libshogi import Board, MateSolver

MATE3 = "9/k8/3R3n1/9/9/9/9/9/9 b SN 1"
# 将棋図巧 no. 99 (117 plies): far beyond a short budget.
HARD = "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1"


def test_solve_mate_returns_verified_line():
    b = Board(MATE3)
    line = b.solve_mate(time_ms=10000)
    assert line.status == libshogi.MATE_FOUND
    assert line.usi == ["S*9c", "9b8a", "6c6a+"]
    # Replay: every attacker move checks, the end is checkmate.
    for i, m in enumerate(line):
        b.push(m)
        if i % 2 == 0:
            assert b.is_check()
    assert not b.legal_moves
    assert b.sfen() != MATE3  # the board was played on by the test, not by the solver


def test_solver_keeps_the_last_line():
    with MateSolver(1) as s:
        r = s.solve(Board(MATE3))
        assert s.last_line_usi() == " ".join(r.usi) == "S*9c 9b8a 6c6a+"
        s.solve(Board("4k4/9/9/9/9/9/9/9/9 b P 1"))
        assert s.last_line_usi() == ""


def test_board_unchanged_and_nomate():
    b = Board("4k4/9/9/9/9/9/9/9/9 b P 1")
    r = b.solve_mate()
    assert r.status == libshogi.MATE_NONE and list(r) == [] and not r
    assert b.sfen() == "4k4/9/9/9/9/9/9/9/9 b P 1"


def test_node_limit_is_unknown():
    r = Board(HARD).solve_mate(nodes=500, table_mb=4)
    assert r.status == libshogi.MATE_UNKNOWN and not r
    assert 500 <= r.nodes < 1000


def test_stop_from_another_thread():
    s = MateSolver(16)
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", s.solve(Board(HARD))))
    t.start()
    deadline = time.time() + 10
    while t.is_alive() and time.time() < deadline:
        time.sleep(0.05)
        s.stop()
    t.join(10)
    assert not t.is_alive()
    assert out["r"].status == libshogi.MATE_UNKNOWN
    s.close()


def test_errors():
    with pytest.raises(libshogi.InvalidArgumentError):
        MateSolver(-1)
    with pytest.raises(libshogi.InvalidArgumentError):
        Board("9/9/9/9/9/9/9/9/4K4 b G 1").solve_mate()
    s = MateSolver(1)
    with pytest.raises(TypeError):
        s.solve("not a board")
    s.close()
    with pytest.raises(ValueError):
        s.solve(Board(MATE3))
