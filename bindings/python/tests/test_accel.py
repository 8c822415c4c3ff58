"""The compiled accelerator and the ctypes path give identical results.

The whole suite runs on both paths (scripts/test.d/40-python.sh runs it
twice); this file also replays the same random games through both paths in
two processes and compares every answer, errors included, and checks the
path the environment asks for is the one in use.
"""

import json
import os
import subprocess
import sys

import pytest

import libshogi
from libshogi import Board


TRANSCRIPT = r'''
import json, random, sys
import numpy as np
import libshogi
from libshogi import Board

rnd = random.Random(20261126)
out = {"accelerated": libshogi.accelerated, "games": []}
b = Board()
row = np.zeros(32, dtype=np.uint8)
psfen = np.zeros(32, dtype=np.uint8)
scratch = Board()
for game in range(12):
    b.reset()
    log = []
    while True:
        moves = b.legal_moves
        log.append([b.sfen(), b.turn, b.is_check(), moves, b.move_number, b.repetition()])
        if b.move_number % 7 == 0:
            b.to_hcp(row)
            scratch.set_hcp(row)
            ok = True
            try:
                b.to_psfen(psfen)
                scratch.set_psfen(psfen)
            except libshogi.ShogiError as e:
                ok = type(e).__name__
            log.append(["hcp", row.tobytes().hex(), psfen.tobytes().hex(), ok, scratch.sfen()])
        if not moves or b.move_number > 160:
            break
        if b.move_number % 11 == 0 and not b.is_check():
            b.push_pass()
            log.append(["pass", b.sfen(), b.legal_moves])
            b.pop()
        b.push(rnd.choice(moves))
        if rnd.random() < 0.1:
            log.append(["pop", b.pop(), b.sfen()])
            b.push_usi(libshogi.move_to_usi(rnd.choice(b.legal_moves)))
    errors = []
    for bad in (0x1234, 2 ** 32 + 1, -5, "x"):
        try:
            b.push(bad)
        except Exception as e:
            errors.append(type(e).__name__)
    for text in ("nonsense", "startpos\0x", 5):
        try:
            scratch.set_sfen(text)
        except Exception as e:
            errors.append(type(e).__name__)
    for data in (bytes(31), bytes(32), b"\xff" * 32, "text"):
        try:
            scratch.set_hcp(data)
        except Exception as e:
            errors.append(type(e).__name__)
    log.append(["errors", errors, scratch.sfen()])
    out["games"].append(log)
g = Board()
out["moves"] = g.push_usi_moves("7g7f 3c3d 8h2b+")
try:
    g.push_usi_moves(["3a2b", "9a9b", "7a7b"])  # 9a9b is not legal: 3a2b stays done
except libshogi.IllegalMoveError as e:
    out["moves_error"] = [type(e).__name__, g.sfen(), len(g.history)]
for bad in (b"7g7f", 5, [7]):
    try:
        Board().push_usi_moves(bad)
    except TypeError as e:
        out.setdefault("moves_types", []).append(type(e).__name__)
out["many"] = libshogi.legal_moves_many([Board(), b])
out["perft"] = [Board().perft(3), b.perft(2)]
out["movelist"] = [type(b.legal_moves).__name__, type(out["many"][0]).__name__]
json.dump(out, sys.stdout, default=list)  # MoveList (legal_moves) is written as the list it equals
'''


def _run(no_accel):
    env = dict(os.environ)
    env["LIBSHOGI_NO_ACCEL"] = "1" if no_accel else "0"
    env["LIBSHOGI_LIBRARY"] = libshogi.library_path
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(libshogi.__file__))  # the package under test
    r = subprocess.run([sys.executable, "-c", TRANSCRIPT], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _accel_built():
    import importlib.util

    return importlib.util.find_spec("libshogi._accel") is not None


def test_path_is_the_one_asked_for():
    no_accel = os.environ.get("LIBSHOGI_NO_ACCEL", "") not in ("", "0")
    if no_accel:
        assert not libshogi.accelerated
    # the test stage sets LIBSHOGI_EXPECT_ACCEL=1 after building the
    # accelerator, so a broken build or binding cannot fall back silently
    if os.environ.get("LIBSHOGI_EXPECT_ACCEL") == "1" and not no_accel:
        assert libshogi.accelerated
    assert libshogi.accelerated == (_accel_built() and not no_accel)
    assert isinstance(Board(), libshogi.board._core.Core)


def test_both_paths_agree():
    if not _accel_built():
        pytest.fail("libshogi._accel is not built: run `python3 setup.py build_ext --inplace` in bindings/python")
    a = _run(no_accel=False)
    c = _run(no_accel=True)
    assert a["accelerated"] and not c["accelerated"]
    assert a["perft"] == c["perft"] and a["perft"][0] == 25470
    assert a["many"] == c["many"]
    assert a["movelist"] == c["movelist"] == ["MoveList", "MoveList"]
    assert a["moves"] == c["moves"] and len(a["moves"]) == 3
    assert a["moves_error"] == c["moves_error"] and a["moves_error"][2] == 4
    assert a["moves_types"] == c["moves_types"] == ["TypeError"] * 3
    assert len(a["games"]) == len(c["games"]) == 12
    for i, (ga, gc) in enumerate(zip(a["games"], c["games"])):
        assert ga == gc, "game %d differs" % i
    # the transcript is not trivial: it covers errors and records
    errors = a["games"][0][-1][1]
    assert errors == ["IllegalMoveError", "ValueError", "ValueError", "TypeError", "ParseError", "ValueError",
                      "TypeError", "ValueError", "ParseError", "ParseError", "TypeError"]
    assert any(entry[0] == "hcp" for g in a["games"] for entry in g)
    assert any(entry[0] == "pass" for g in a["games"] for entry in g)


def test_closed_board_on_this_path():
    b = Board()
    b.close()
    for call in (lambda: b.push(1), b.pop, lambda: b.legal_moves, b.sfen, lambda: b.set_sfen("startpos"),
                 lambda: b.turn, b.is_check, lambda: b.perft(1), lambda: b.push_usi("7g7f"), b.push_pass):
        with pytest.raises(ValueError, match="closed"):
            call()


def test_history_and_pop():
    b = Board()
    m = b.push_usi("7g7f")
    reply = b.move_from_usi("3c3d")
    b.push(reply)
    assert b.history == [m, reply] and b.peek() == reply and b.move_number == 3
    assert b.pop() == reply
    assert b.history == [m] and b.move_number == 2
    b.set_sfen("startpos")
    assert b.history == []
    with pytest.raises(libshogi.StateError):
        b.pop()
