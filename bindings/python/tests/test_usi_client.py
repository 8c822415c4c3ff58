"""The USI engine client against a small engine in a child process
(tests/usi_fake_engine.py): handshake, options, positions, go with
info/multipv listeners, ponder moves, go mate, stop, quit, failures."""

import os
import sys
import threading

import pytest

import libshogi
from libshogi import Board
from libshogi.usi_client import InfoListener, MultiPVListener, USIEngine, USIEngineError, parse_info

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture
def engine():
    env_cmd = [sys.executable, os.path.join(HERE, "usi_fake_engine.py")]
    os.environ.setdefault("LIBSHOGI_LIBRARY", libshogi.library_path)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.path.dirname(os.path.dirname(libshogi.__file__)) + (os.pathsep + old if old else "")
    try:
        eng = USIEngine(env_cmd, timeout=60)
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    yield eng
    eng.quit()


def test_handshake_and_options(engine):
    assert engine.name == "FakeUSI 1.0" and engine.author == "libshogi tests"
    mp = engine.options["MultiPV"]
    assert (mp.type, mp.default, mp.min, mp.max) == ("spin", 1, 1, 10)
    assert engine.options["USI_Ponder"].default is False
    assert engine.options["Style"].vars == ["Solid", "Normal", "Risky"]
    assert engine.options["BookFile"].default == "book file.db"
    engine.isready()


def test_go_with_listeners(engine):
    engine.setoption("MultiPV", 3)
    engine.isready()
    engine.usinewgame()
    engine.position(moves=["7g7f", "3c3d"])
    listener = MultiPVListener()
    best, ponder = engine.go(byoyomi=100, listener=listener)
    b = Board()
    b.push_usi_moves("7g7f 3c3d")
    assert b.move_from_usi(best) in b.legal_moves
    assert len(listener.info) == 3 and [d["multipv"] for d in listener.info] == [1, 2, 3]
    assert listener.info[0]["score"] == ("cp", 100) and listener.info[0]["pv"][0] == best
    assert listener.bestmove == best and ponder == listener.info[0]["pv"][1]
    single = InfoListener()
    engine.setoption("MultiPV", 1)
    engine.position(sfen="4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    best, _ = engine.go(nodes=1000, listener=single)
    assert best == "G*5b" and single.score == 100000 and single.pv == ["G*5b"]
    assert any(line.startswith("info string") for line in single.lines)


def test_position_from_board_and_mate(engine):
    b = Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    engine.position(sfen=b)
    assert engine.go_mate(byoyomi=1000) == ["G*5b"]
    engine.position(moves=["7g7f"])
    assert engine.go_mate(byoyomi=1000) == "nomate"
    # a Board with history: its start and moves are sent
    h = Board()
    h.push_usi_moves("2g2f 8c8d")
    engine.position(sfen=h)
    best, _ = engine.go(depth=1)
    assert h.move_from_usi(best) in h.legal_moves


def test_stop_ends_infinite(engine):
    engine.position()
    result = []
    t = threading.Thread(target=lambda: result.append(engine.go(infinite=True, timeout=60)))
    t.start()
    # a stop sent before the go reached the engine is ignored: repeat it
    for _ in range(300):
        engine.stop()
        t.join(0.2)
        if not t.is_alive():
            break
    assert result and Board().move_from_usi(result[0][0])


def test_failures():
    with pytest.raises(OSError):
        USIEngine([os.path.join(HERE, "no-such-engine")])
    eng = USIEngine([sys.executable, "-c", "print('id name x')"], connect=False, timeout=30)
    with pytest.raises(USIEngineError):
        eng.connect()  # exits before usiok
    eng.quit()


def test_parse_info():
    d = parse_info("info depth 10 seldepth 14 multipv 2 score cp -35 lowerbound nodes 12345 nps 600000 "
                   "hashfull 12 time 20 pv 7g7f 3c3d")
    assert d == {"depth": 10, "seldepth": 14, "multipv": 2, "score": ("cp", -35), "bound": "lowerbound",
                 "nodes": 12345, "nps": 600000, "hashfull": 12, "time": 20, "pv": ["7g7f", "3c3d"]}
    assert parse_info("info score mate -3 pv 5a4a")["score"] == ("mate", -3)
    assert parse_info("info score mate + pv 5a4a")["score"] == ("mate", "+")
    assert parse_info("info string hello world") == {"string": "hello world"}
