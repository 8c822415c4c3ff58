"""Regression tests of issue 22 (defects found by acceptance testing)
through the Python binding: the C ABI / Go side of the fixes."""
import os
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import libshogi
from libshogi import Board, Engine, Network, Record

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - "


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS child: Linux only")
def test_hash_that_cannot_be_had_is_an_error():
    """Item 2: Engine(hash_mb=32768) aborted the Python process. In a child
    limited to 16 GiB of address space it is an InvalidArgumentError, and
    an engine keeps its table after a failed set_options."""
    code = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (16 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))
        import libshogi
        try:
            libshogi.Engine(hash_mb=32768)
        except libshogi.InvalidArgumentError as e:
            assert "hash table" in str(e), e
        else:
            raise SystemExit("no error for 32768 MB")
        eng = libshogi.Engine(hash_mb=32)
        try:
            eng.set_options(hash_mb=32768)
        except libshogi.InvalidArgumentError:
            pass
        else:
            raise SystemExit("set_options: no error for 32768 MB")
        r = eng.search(libshogi.Board(), depth=3)
        assert r.depth == 3, r
        print("child ok")
        """
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(libshogi.__file__)) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0 and "child ok" in out.stdout, (out.returncode, out.stdout, out.stderr[-2000:])


def test_opponent_clock_only_is_rejected():
    """Item 8: a clock for the opponent only searched without limit."""
    eng = Engine()
    box = {}

    def run():
        try:
            box["r"] = eng.search(Board(), wtime=60000)
        except libshogi.ShogiError as e:
            box["e"] = e

    t = threading.Thread(target=run)
    t.start()
    t.join(10)
    if t.is_alive():
        eng.stop()
        t.join(10)
        pytest.fail("a clock for the opponent only searched without limit")
    assert isinstance(box.get("e"), libshogi.InvalidArgumentError) and "opponent" in str(box["e"]), box
    r = eng.search(Board(), wtime=60000, depth=2)
    assert r.depth == 2


def test_huge_movetime_saturates():
    """Item 9: movetime 18446744073710 ms returned after 2 ms."""
    eng = Engine()
    box = {}

    def run():
        box["r"] = eng.search(Board(), movetime=18446744073710)
        box["t"] = time.monotonic()

    t = threading.Thread(target=run)
    t.start()
    deadline = time.monotonic() + 10
    while not eng.searching and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(0.3)
    assert "r" not in box, "the search ended on its own"
    stopped = time.monotonic()
    eng.stop()
    t.join(10)
    assert box["t"] >= stopped and box["r"].time_ms >= 250


def test_drop_with_promotion_bit_is_no_move():
    """Item 13: G*5e with the promotion bit was formatted as "G*5e+"."""
    gold_drop_5e = 0x4000 | (7 << 7) | 40
    assert libshogi.move_to_usi(gold_drop_5e) == "G*5e"
    with pytest.raises(libshogi.InvalidArgumentError):
        libshogi.move_to_usi(gold_drop_5e | 0x8000)


def test_sfen_move_number_plus_sign():
    """Item 13: the SFEN move number "+5" was accepted."""
    with pytest.raises(libshogi.ParseError):
        Board(START + "+5")
    assert Board(START + "5").sfen() == START + "5"


@pytest.mark.parametrize("length", [0, 0xFFFFFFFF])
def test_nnbin_description_length_is_parse(length):
    """Item 13: a description length of 0 or 0xffffffff gave UNSUPPORTED
    where the header promises PARSE."""
    data = (0x7AF32F16).to_bytes(4, "little") + bytes(4) + length.to_bytes(4, "little") + bytes(52)
    with pytest.raises(libshogi.ParseError, match="architecture string length"):
        Network.from_bytes(data)


def test_record_text_with_nul():
    """Item 11: the CSA header N+ab\\0cd read back as "ab" (6 bytes)."""
    with pytest.raises(libshogi.ParseError, match="line 2"):
        Record.parse(b"V2.2\nN+ab\0cd\nN-x\nPI\n+\n+7776FU\n")
    rec = Record.parse(b"V2.2\nN+abcd\nN-x\nPI\n+\n+7776FU\n")
    assert len(rec.moves) == 1
