"""Arguments that a C parameter cannot hold raise before the call (issue 22,
items 10 and 11): ctypes would narrow 2**40 to another integer, and a C
string would end at an embedded NUL, so each case here used to be accepted
as a different, valid argument."""

import numpy as np
import pytest

import libshogi
from libshogi import Board, Engine, Network


def test_perft_depth_out_of_range():
    b = Board()
    with pytest.raises(ValueError):
        b.perft(2 ** 40)  # was perft(0) = 1
    with pytest.raises(ValueError):
        b.perft(2 ** 32 + 1)  # was perft(1) = 30
    with pytest.raises(TypeError):
        b.perft(2.0)
    with pytest.raises(ValueError):
        libshogi.perft("startpos", 2 ** 40)
    assert b.perft(1) == 30


def test_engine_options_out_of_range():
    with pytest.raises(ValueError):
        Engine(hash_mb=2 ** 40)  # was 16 MB
    with pytest.raises(ValueError):
        Engine(threads=2 ** 32 + 1)
    with pytest.raises(TypeError):
        Engine(hash_mb=16.5)
    with Engine() as e:
        with pytest.raises(ValueError):
            e.set_options(multipv=2 ** 32 + 2)
        with pytest.raises(TypeError):
            e.set_options(hash_mb="16")
        assert e.options["multipv"] == 1 and e.options["hash_mb"] == 16


def test_search_limits_out_of_range():
    with Engine() as e:
        b = Board()
        for kwargs, exc in (({"depth": 2 ** 32 + 3}, ValueError),  # was depth 3
                            ({"depth": 3.0}, TypeError),
                            ({"nodes": -1}, ValueError),  # was 2**64-1: no limit
                            ({"nodes": 2 ** 64}, ValueError),  # was 0: no limit
                            ({"nodes": 1000.0}, TypeError),
                            ({"movetime": 2 ** 63}, ValueError),
                            ({"btime": 2 ** 64 + 5}, ValueError),
                            ({"byoyomi": "1000"}, TypeError)):
            with pytest.raises(exc):
                e.search(b, **kwargs)
        assert not e.searching
        assert e.search(b, depth=1).depth == 1


def test_accumulator_features_checked():
    net = Network.make_test()
    acc = net.accumulator()
    black, white = libshogi.halfkp_features(Board())
    acc.refresh(libshogi.BLACK, black)
    acc.refresh(libshogi.WHITE, white)
    want = acc.evaluate(libshogi.BLACK)
    with pytest.raises(ValueError):
        acc.refresh(0, [2 ** 40])  # was feature 0
    with pytest.raises(ValueError):
        acc.refresh(0, np.array([2 ** 40], dtype=np.int64))
    with pytest.raises(TypeError):
        acc.refresh(0, np.array([1.0, 2.0]))  # float array
    with pytest.raises(TypeError):
        acc.refresh(0, [1.5])
    with pytest.raises(ValueError):
        acc.refresh(0, np.zeros((2, 3), dtype=np.int32))  # 2-D array
    with pytest.raises(ValueError):
        acc.update(0, removed=[2 ** 33], added=[])
    with pytest.raises(ValueError):
        acc.refresh(2 ** 32, black)  # perspective would be 0
    # nothing reached the accumulator
    assert acc.evaluate(libshogi.BLACK) == want
    # numpy integer arrays of any width still work
    acc.refresh(libshogi.BLACK, np.array(black, dtype=np.int64))
    assert acc.evaluate(libshogi.BLACK) == want
    acc.close()
    net.close()


def test_training_record_fields_checked():
    b = Board()
    with pytest.raises(ValueError):
        b.to_psv(score=2 ** 32)
    with pytest.raises(ValueError):
        b.to_hcpe(result=2 ** 32 + 1)
    with pytest.raises(TypeError):
        b.to_hcpe(eval=1.0)


def test_move_out_of_range():
    b = Board()
    m = b.move_from_usi("7g7f")
    with pytest.raises(ValueError):
        b.push(m + 2 ** 32)  # ctypes would have played m
    with pytest.raises(ValueError):
        b.push(-1)
    assert b.move_number == 1


@pytest.mark.parametrize("call", [
    lambda: Board("startpos\0junk"),
    lambda: Board().set_sfen("startpos\0junk"),
    lambda: Board().push_usi("7g7f\0x"),
    lambda: Board().move_from_usi("7g7f\0x"),
    lambda: Board.from_handicap("bishop\0x"),
    lambda: Board(b"startpos\0"),
])
def test_embedded_nul_rejected(call):
    with pytest.raises(ValueError, match="NUL"):
        call()


def test_record_header_with_nul_rejected():
    r = libshogi.Record.from_board(Board())
    with pytest.raises(ValueError, match="NUL"):
        r.set_header("black", "ab\0cd")
    r.set_header("black", "abcd")
    assert r.header("black") == "abcd"
    r.close()


def test_record_arguments_checked():
    r = libshogi.Record.from_board(Board())
    with pytest.raises(ValueError):
        r.write(format=2 ** 32 + libshogi.RECORD_CSA)
    with pytest.raises(TypeError):
        r.board(0.0)
    r.close()
