#!/usr/bin/env python3
"""Per-call costs of Board on the compiled accelerator and on ctypes, in
the same run (each path in its own process: the path is chosen at import).

    LIBSHOGI_LIBRARY=/path/to/libshogi.so /usr/bin/python3 benchmarks/bench_accel.py [--runs 5] [--quick] [--clock cpu]
        [--baseline DIR --baseline-library LIB] [--cshogi CSHOGI_PYTHONPATH]

Prints the median of the runs per operation for both paths and the issue's
target (issue 17): push+pop <= 0.3 us per pair, legal move list <= 1.2 us,
SFEN set+get <= 4 us, in-place hcpe decode <= 0.5 us per record, perft(5)
by Python recursion <= 0.6 s. With --baseline, a third column runs the
accelerated path of another checkout (DIR: its bindings/python, with its
accelerator built) over its own library, for before/after figures. The
runs are interleaved: each round runs every column once, in its own
process, and a column's figure is the median over the rounds. With
--cshogi, a 'cshogi' column runs bench_cshogi.py on that cshogi build in
the same rounds. Each row also shows the base and cshogi columns' times
over the accelerator's, as the median of the rounds' ratios: this host
changes speed between processes, a ratio within one round much less.

"legal_moves" reads the property: a MoveList on libshogi, cshogi's own
move list object there; "list(legal_moves)" makes a list of ints of it.

"legal_moves" asks again for the list of an unchanged position, which the
accelerator keeps (it has the list from the previous call); "push +
legal_moves + pop" is one node of a tree walk, where the list is new.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("LIBSHOGI_BENCH_PACKAGE") or os.path.dirname(HERE))
sys.path.insert(1, os.path.join(os.path.dirname(HERE), "tests"))  # walks: the test positions and py_perft

from walks import py_perft, random_game_sfens  # noqa: E402

MIDGAME = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

TARGETS = [  # name, unit, target
    ("loop + 2 builtin calls (interpreter baseline)", "us/iter", None),
    ("push+pop", "us/pair", 0.3),
    ("legal_moves (start)", "us/call", 1.2),
    ("legal_moves (midgame)", "us/call", 1.2),
    ("list(legal_moves) (midgame)", "us/call", None),
    ("legal_moves.tolist() (midgame)", "us/call", None),
    ("push + legal_moves + pop (midgame node)", "us/node", None),
    ("set_sfen+sfen", "us/pair", 4.0),
    ("set_hcp (in place)", "us/record", 0.5),
    ("set_hcp (bytes)", "us/record", None),
    ("to_hcp (in place)", "us/record", None),
    ("perft(5) by Python recursion", "s", 0.6),
    ("perft(5), cshogi idiom (len/iterate its list)", "s", None),  # bench_cshogi's column only
]


# The clock: wall time, or the calling thread's CPU time (--clock cpu),
# which a loaded machine disturbs far less (the library runs its calls on
# the calling thread; time spent waiting for a core is not counted).
CLOCK = time.perf_counter


def median(fn, runs):
    ts = []
    for _ in range(runs):
        t = CLOCK()
        fn()
        ts.append(CLOCK() - t)
    return statistics.median(ts)


def _rows(n):
    """n writable 32-byte rows: a numpy (n, 32) uint8 array, or memoryview
    slices of a bytearray where numpy is absent."""
    try:
        import numpy as np

        return np.zeros((n, 32), dtype=np.uint8), np.zeros(32, dtype=np.uint8)
    except ImportError:
        mv = memoryview(bytearray(32 * n))
        return [mv[32 * i: 32 * i + 32] for i in range(n)], memoryview(bytearray(32))


def measure(runs, quick):
    import libshogi
    from libshogi import Board

    out = {"accelerated": libshogi.accelerated}
    b = Board()
    m = b.move_from_usi("7g7f")
    n = 20000 if quick else 200000
    push, pop = b.push, b.pop

    def pushpop():
        for _ in range(n):
            push(m)
            pop()

    out["push+pop"] = median(pushpop, runs) / n * 1e6
    one, empty = abs, ()

    def baseline():  # what the loop and two C calls cost the interpreter alone
        for _ in range(n):
            one(m)
            len(empty)

    out["loop + 2 builtin calls (interpreter baseline)"] = median(baseline, runs) / n * 1e6
    for name, sfen in (("legal_moves (start)", "startpos"), ("legal_moves (midgame)", MIDGAME)):
        b.set_sfen(sfen)

        def legal():
            for _ in range(n):
                b.legal_moves

        out[name] = median(legal, runs) / n * 1e6
    b.set_sfen(MIDGAME)

    def legal_list():  # the moves as a list of ints (legal_moves is a MoveList)
        for _ in range(n):
            list(b.legal_moves)

    out["list(legal_moves) (midgame)"] = median(legal_list, runs) / n * 1e6
    if hasattr(b.legal_moves, "tolist"):  # a base before MoveList has lists

        def legal_tolist():
            for _ in range(n):
                b.legal_moves.tolist()

        out["legal_moves.tolist() (midgame)"] = median(legal_tolist, runs) / n * 1e6
    mids = b.legal_moves
    node_reps = max(1, n // (10 * len(mids)))

    def node():
        for _ in range(node_reps):
            for mv in mids:
                push(mv)
                b.legal_moves
                pop()

    out["push + legal_moves + pop (midgame node)"] = median(node, runs) / (node_reps * len(mids)) * 1e6
    # positions of random games, as SFEN and as hcp rows
    sfens = random_game_sfens(2000, seed=1)
    g = Board()
    hcps, dst = _rows(len(sfens))
    for i, s in enumerate(sfens):
        g.set_sfen(s)
        g.to_hcp(hcps[i])
    reps = 2 if quick else 20
    set_sfen, sfen = b.set_sfen, b.sfen

    def sfen_pair():
        for _ in range(reps):
            for s in sfens:
                set_sfen(s)
                sfen()

    out["set_sfen+sfen"] = median(sfen_pair, runs) / (reps * len(sfens)) * 1e6
    set_hcp, to_hcp = b.set_hcp, b.to_hcp

    def decode():
        for _ in range(reps):
            for row in hcps:
                set_hcp(row)

    out["set_hcp (in place)"] = median(decode, runs) / (reps * len(sfens)) * 1e6
    blobs = [bytes(row) for row in hcps]  # a record read from a file as bytes

    def decode_bytes():
        for _ in range(reps):
            for blob in blobs:
                set_hcp(blob)

    out["set_hcp (bytes)"] = median(decode_bytes, runs) / (reps * len(sfens)) * 1e6
    def encode():
        for _ in range(reps):
            for s in hcps:
                to_hcp(dst)

    b.set_hcp(hcps[5])
    out["to_hcp (in place)"] = median(encode, runs) / (reps * len(sfens)) * 1e6
    b.reset()
    depth = 4 if quick else 5
    want = {4: 719731, 5: 19861490}[depth]

    def perft():
        assert py_perft(b, depth) == want

    out["perft(5) by Python recursion"] = median(perft, max(1, runs // 2)) * (1 if depth == 5 else 27.6)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5, help="rounds (each column once a round)")
    ap.add_argument("--quick", action="store_true", help="short loops (perft(4) scaled by 27.6 for perft(5))")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall time, or the thread's CPU time (steadier on a loaded machine)")
    ap.add_argument("--baseline", help="bindings/python of another checkout (accelerator built): a 'base' column")
    ap.add_argument("--baseline-library", help="the library for --baseline")
    ap.add_argument("--cshogi", help="a cshogi build (its PYTHONPATH): a 'cshogi' column run by bench_cshogi.py")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    if args.child:
        print(json.dumps(measure(args.runs, args.quick)))
        return
    columns = [("accel", "", None, None), ("ctypes", "1", None, None)]
    if args.baseline:
        columns.append(("base", "", os.path.abspath(args.baseline), args.baseline_library))
    if args.cshogi:
        columns.append(("cshogi", "", os.path.abspath(args.cshogi), "cshogi"))
    rounds = {label: [] for label, _, _, _ in columns}
    for _ in range(args.runs):
        for label, no_accel, pkg, lib in columns:
            if lib == "cshogi":  # bench_cshogi.py, the same rows on cshogi
                env = dict(os.environ, PYTHONPATH=pkg)
                cmd = [sys.executable, os.path.join(HERE, "bench_cshogi.py"), "--json", "--runs", "1",
                       "--clock", args.clock]
                r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, check=True, universal_newlines=True)
                rounds[label].append(json.loads(r.stdout))
                continue
            env = dict(os.environ, LIBSHOGI_NO_ACCEL=no_accel)
            script = os.path.abspath(__file__)
            if pkg:  # the other checkout's package, this script
                env["PYTHONPATH"] = pkg
                env["LIBSHOGI_BENCH_PACKAGE"] = pkg
                if lib:
                    env["LIBSHOGI_LIBRARY"] = lib
            cmd = [sys.executable, script, "--child", "--runs", "1", "--clock", args.clock]
            if args.quick:
                cmd.append("--quick")
            r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, check=True, universal_newlines=True)
            rounds[label].append(json.loads(r.stdout))
    results = {label: {k: statistics.median(x[k] for x in rs) for k in rs[0]} for label, rs in rounds.items()}
    def ratios(other):  # other's time over the accelerator's, median of the rounds' ratios (same round, same mode)
        return {k: statistics.median(o[k] / a[k] for a, o in zip(rounds["accel"], rounds[other]))
                for k in rounds[other][0] if k in rounds["accel"][0] and k != "accelerated"}

    extra = [(lb, ratios(lb)) for lb in ("base", "cshogi") if lb in rounds]
    if not results["accel"]["accelerated"]:
        print("note: the accelerator is not built (python3 setup.py build_ext --inplace); both columns are ctypes")
    labels = [c[0] for c in columns]
    print(("%-46s" + " %10s" * len(labels) + " %10s  %s") % (("%s time, median of %d" % (args.clock, args.runs),)
                                                            + tuple(labels) + ("target", "unit")))
    for name, unit, target in TARGETS:
        vals = tuple(results[lb].get(name, float("nan")) for lb in labels)
        print(("%-46s" + " %10.3f" * len(labels) + " %10s  %s") % ((name,) + vals + (
            "-" if target is None else "<= %g" % target, unit))
              + "".join("  %s/accel %.2fx" % (lb, r[name]) for lb, r in extra if name in r))


if __name__ == "__main__":
    main()
