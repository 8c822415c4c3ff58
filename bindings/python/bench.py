#!/usr/bin/env python3
"""Benchmarks of the Python binding (not part of the tests).

    LIBSHOGI_LIBRARY=/path/to/libshogi.so /usr/bin/python3 bench.py [--runs 5]

Reports the median of several runs for: push+pop per call, legal moves per
position (list and numpy), evaluate_many per position, batch HalfKP feature
extraction per position, perft(5) (one library call, and driven from Python
with push/pop and bulk counting at the last ply).
"""

import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.join(HERE, "tests"))  # walks: the test positions and py_perft

import libshogi  # noqa: E402
from libshogi import Board, Network  # noqa: E402
from walks import py_perft, random_game_sfens as positions  # noqa: E402


def median_time(fn, runs):
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--batch", type=int, default=100000)
    ap.add_argument("--net", help="nn.bin to evaluate with (default: the built-in test net)")
    args = ap.parse_args()
    R = args.runs
    print("libshogi %s (%s), Python %s" % (libshogi.version(), libshogi.library_path, sys.version.split()[0]))
    print("median of %d runs" % R)

    import ctypes
    import ctypes.util

    N = 200000
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        cabs = libc.abs
        cabs.argtypes, cabs.restype = [ctypes.c_int], ctypes.c_int
        t = median_time(lambda: [cabs(1) for _ in range(N)], R)
        print("baseline ctypes call:    %.3f us (libc abs, list comprehension)" % (t / N * 1e6))
    except (OSError, AttributeError, TypeError):
        pass
    abi = libshogi._lib.F.shogi_abi_version
    t = median_time(lambda: [abi() for _ in range(N)], R)
    print("baseline libshogi call:  %.3f us (shogi_abi_version)" % (t / N * 1e6))

    b = Board()
    m = b.move_from_usi("7g7f")

    def pushpop():
        push, pop = b.push, b.pop
        for _ in range(N):
            push(m)
            pop()

    t = median_time(pushpop, R)
    print("push+pop:                %.3f us per pair, %.3f us per call" % (t / N * 1e6, t / N / 2 * 1e6))

    sfens = positions(2000)
    boards = [Board(s) for s in sfens]

    def legal_list():
        for x in boards:
            x.legal_moves

    t = median_time(legal_list, R)
    total = sum(len(x.legal_moves) for x in boards)
    print("legal_moves (list):      %.3f us per position (%.1f moves avg)" % (t / len(boards) * 1e6, total / len(boards)))
    try:
        import numpy as np  # noqa: F401

        def legal_arr():
            for x in boards:
                x.legal_moves_array()

        t = median_time(legal_arr, R)
        print("legal_moves_array:       %.3f us per position" % (t / len(boards) * 1e6))
    except ImportError:
        print("numpy not installed: array benchmarks skipped")
        np = None

    if np is not None:
        net = Network(args.net) if args.net else Network.make_test("test", 1)
        big = (sfens * (args.batch // len(sfens) + 1))[: args.batch]
        arr = np.array(big, dtype="S")
        t = median_time(lambda: net.evaluate_many(big), R)
        print("evaluate_many (list):    %.3f us per position (%d positions)" % (t / len(big) * 1e6, len(big)))
        t = median_time(lambda: net.evaluate_many(arr), R)
        print("evaluate_many (S array): %.3f us per position" % (t / len(big) * 1e6))
        t = median_time(lambda: libshogi.halfkp_features_many(big), R)
        print("halfkp_features_many:    %.3f us per position (SFEN in)" % (t / len(big) * 1e6))
        bb = (boards * (args.batch // len(boards) + 1))[: args.batch]
        t = median_time(lambda: libshogi.halfkp_features_many(bb), R)
        print("halfkp_features_many:    %.3f us per position (Board in)" % (t / len(bb) * 1e6))

        if libshogi._lib.has("shogi_psv_halfkp_features"):
            psv = np.frombuffer(b"".join(x.to_psv() for x in boards), dtype=libshogi.PackedSfenValue)
            psv = np.tile(psv, args.batch // len(psv) + 1)[: args.batch]
            t = median_time(lambda: libshogi.psv_halfkp_features(psv), R)
            print("psv_halfkp_features:     %.3f us per position (PSV in, one call)" % (t / len(psv) * 1e6))
            t = median_time(lambda: net.evaluate_psv(psv), R)
            print("evaluate_psv:            %.3f us per position (PSV in, one call)" % (t / len(psv) * 1e6))

    start = Board()
    t = median_time(lambda: start.perft(5), R)
    print("perft(5) library call:   %.3f s (%d nodes)" % (t, start.perft(5)))
    pr = max(1, min(R, 3))
    t = median_time(lambda: py_perft(start, 5), pr)
    print("perft(5) from Python:    %.3f s (push/pop + len(legal_moves) at depth 4; median of %d)" % (t, pr))


if __name__ == "__main__":
    main()
