#!/usr/bin/env python3
"""The rows of bench_accel.py measured on cshogi (built from source; not a
dependency: PYTHONPATH must reach it), for a same-run comparison (issue
17). Same positions, loops and clock choice as bench_accel: the
legal_moves rows read cshogi's move list object (as libshogi's read its
MoveList), "list(legal_moves)" makes a list of it; the node row and the
first perft row make lists (the idiom of the issue's first figures), the
last row is perft in cshogi's own idiom (len() of and iteration over its
move list object), as in the figure the issue quotes.

    PYTHONPATH=/path/to/cshogi LIBSHOGI_LIBRARY=... /usr/bin/python3 benchmarks/bench_cshogi.py [--runs 5] [--clock cpu] [--json]

bench_accel.py --cshogi /path/to/cshogi runs this script as a column of
its own, interleaved with the libshogi columns (same rounds).

libshogi is imported only to make the random-game positions (walks.py).
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(1, os.path.join(os.path.dirname(HERE), "tests"))

from walks import random_game_sfens  # noqa: E402

import bench_accel  # noqa: E402  (the same positions and timing loop)
from bench_accel import MIDGAME, median  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--json", action="store_true", help="one JSON object (bench_accel.py --cshogi reads it)")
    args = ap.parse_args()
    bench_accel.CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    import numpy as np
    import cshogi

    out = {}
    b = cshogi.Board()
    m = b.move_from_usi("7g7f")
    n = 200000
    push, pop = b.push, b.pop

    def pushpop():
        for _ in range(n):
            push(m)
            pop()

    out["push+pop"] = median(pushpop, args.runs) / n * 1e6
    for name, sfen in (("legal_moves (start)", cshogi.STARTING_SFEN), ("legal_moves (midgame)", MIDGAME)):
        b.set_sfen(sfen)

        def legal():
            for _ in range(n):
                b.legal_moves

        out[name] = median(legal, args.runs) / n * 1e6
    b.set_sfen(MIDGAME)

    def legal_list():
        for _ in range(n):
            list(b.legal_moves)

    out["list(legal_moves) (midgame)"] = median(legal_list, args.runs) / n * 1e6
    mids = list(b.legal_moves)
    node_reps = max(1, n // (10 * len(mids)))

    def node():
        for _ in range(node_reps):
            for mv in mids:
                push(mv)
                list(b.legal_moves)
                pop()

    out["push + legal_moves + pop (midgame node)"] = median(node, args.runs) / (node_reps * len(mids)) * 1e6
    sfens = random_game_sfens(2000, seed=1)
    hcps = np.zeros((len(sfens), 32), dtype=np.uint8)
    g = cshogi.Board()
    for i, s in enumerate(sfens):
        g.set_sfen(s)
        g.to_hcp(hcps[i])
    reps = 20
    set_sfen, sfen = b.set_sfen, b.sfen

    def sfen_pair():
        for _ in range(reps):
            for s in sfens:
                set_sfen(s)
                sfen()

    out["set_sfen+sfen"] = median(sfen_pair, args.runs) / (reps * len(sfens)) * 1e6
    set_hcp, to_hcp = b.set_hcp, b.to_hcp

    def decode():
        for _ in range(reps):
            for row in hcps:
                set_hcp(row)

    out["set_hcp (in place)"] = median(decode, args.runs) / (reps * len(sfens)) * 1e6
    dst = np.zeros(32, dtype=np.uint8)

    def encode():
        for _ in range(reps):
            for _row in hcps:
                to_hcp(dst)

    b.set_hcp(hcps[5])
    out["to_hcp (in place)"] = median(encode, args.runs) / (reps * len(sfens)) * 1e6
    b.reset()

    def perft(bd, depth):
        if depth == 1:
            return len(list(bd.legal_moves))
        k = 0
        for mv in list(bd.legal_moves):
            bd.push(mv)
            k += perft(bd, depth - 1)
            bd.pop()
        return k

    def perft_native(bd, depth):  # cshogi's own idiom: its move list object, no Python list
        if depth == 1:
            return len(bd.legal_moves)
        k = 0
        for mv in bd.legal_moves:
            bd.push(mv)
            k += perft_native(bd, depth - 1)
            bd.pop()
        return k

    def perft5():
        assert perft(b, 5) == 19861490

    def perft5_native():
        assert perft_native(b, 5) == 19861490

    out["perft(5) by Python recursion"] = median(perft5, max(1, args.runs // 2))
    out["perft(5), cshogi idiom (len/iterate its list)"] = median(perft5_native, max(1, args.runs // 2))
    if args.json:
        print(json.dumps(out))
        return
    print("cshogi %s, %s time, median of %d" % (getattr(cshogi, "__version__", "?"), args.clock, args.runs))
    for k, v in out.items():
        print("%-46s %10.3f" % (k, v))


if __name__ == "__main__":
    main()
