#!/usr/bin/env python3
"""dlshogi planes per position: libshogi's bulk calls and streams against
cshogi's per-position make_input_features, in the same run (issue 15).

    LIBSHOGI_LIBRARY=/path/to/libshogi.so PYTHONPATH=/path/to/cshogi \\
        /usr/bin/python3 benchmarks/bench_planes.py [--positions 8192] [--rounds 7] [--clock cpu|wall]

The positions are played at random with libshogi's Board (seeded) and
kept as one hcpe array (and file). Each round runs every form once over
all of them in batches of --batch, the forms taking turns, and prints the
median over the rounds of each form's time per position, and cshogi's
time divided by it (the speed-up; the target is 5x):

  cshogi            the loop of a dlshogi notebook: board.set_hcp(rec["hcp"])
                    and make_input_features(board, features1[i], features2[i])
                    for each position of the batch (float32 planes)
  bulk f32 / bits   libshogi.dlshogi_features / dlshogi_features_bits on the
                    batch's hcpe records (planes and labels; the bulk calls
                    use every CPU)
  stream f32/u8/bits  a Dataset over the hcpe file (layout planes, planes_u8,
                    planes_bits; threads=--threads): decode, planes, labels
                    and policy targets, batches of --batch

--clock cpu (the default) measures the process's CPU time (every thread),
the cost on a shared machine; wall the elapsed time. cshogi is skipped
(and the ratios with it) when it cannot be imported.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import numpy as np  # noqa: E402

import libshogi  # noqa: E402
from libshogi import records  # noqa: E402
from libshogi.board import move16  # noqa: E402


def played_hcpe(n, seed):
    """n hcpe records of seeded random games, each with the move played
    next as its best move."""
    rnd = random.Random(seed)
    out = np.zeros(n, dtype=records.HuffmanCodedPosAndEval)
    b, k = libshogi.Board(), 0
    while k < n:
        moves = b.legal_moves
        if not moves or b.move_number > 150:
            b.reset()
            continue
        m = rnd.choice(moves)
        rec = b.to_hcpe(eval=rnd.randint(-500, 500), move=move16(m), result=rnd.randint(0, 2))
        out[k] = np.frombuffer(rec, dtype=records.HuffmanCodedPosAndEval)[0]
        b.push(m)
        k += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=8192)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = ap.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    n, bs = args.positions - args.positions % args.batch, args.batch
    hcpe = played_hcpe(n, 15)
    fd, path = tempfile.mkstemp(suffix=".hcpe")
    with os.fdopen(fd, "wb") as f:
        f.write(hcpe.tobytes())

    forms = {}
    try:
        import cshogi
        from cshogi.dlshogi import FEATURES1_NUM, FEATURES2_NUM, make_input_features

        board = cshogi.Board()
        cs1 = np.empty((bs, FEATURES1_NUM, 9, 9), dtype=np.float32)
        cs2 = np.empty((bs, FEATURES2_NUM, 9, 9), dtype=np.float32)

        def run_cshogi():
            for lo in range(0, n, bs):
                for i, rec in enumerate(hcpe[lo:lo + bs]):
                    board.set_hcp(rec["hcp"])
                    make_input_features(board, cs1[i], cs2[i])

        forms["cshogi"] = run_cshogi
    except ImportError as e:
        print("cshogi not importable (%s): its column is skipped" % e)

    f1 = np.empty((bs, libshogi.DLSHOGI_FEATURES1_NUM, 9, 9), dtype=np.float32)
    f2 = np.empty((bs, libshogi.DLSHOGI_FEATURES2_NUM, 9, 9), dtype=np.float32)
    labels = np.empty(bs, dtype=np.int32)

    def run_bulk_f32():
        for lo in range(0, n, bs):
            libshogi.dlshogi_features(hcpe[lo:lo + bs], f1, f2, labels)

    def run_bulk_bits():
        for lo in range(0, n, bs):
            libshogi.dlshogi_features_bits(hcpe[lo:lo + bs])

    forms["bulk f32"] = run_bulk_f32
    forms["bulk bits"] = run_bulk_bits

    streams = {}
    for name, layout in (("stream f32", "planes"), ("stream u8", "planes_u8"), ("stream bits", "planes_bits")):
        ds = libshogi.Dataset([path], layout=layout, batch_size=bs, threads=args.threads, epochs=-1)
        streams[name] = ds

        def run_stream(ds=ds):
            k = 0
            while k < n:
                k += len(ds.next_batch())

        run_stream()  # warm: every buffer at its working size
        forms[name] = run_stream

    times = {name: [] for name in forms}
    for _ in range(args.rounds):
        for name, run in forms.items():
            t0 = clock()
            run()
            times[name].append((clock() - t0) / n * 1e6)
    for ds in streams.values():
        ds.close()
    os.unlink(path)

    print("%d positions, batches of %d, %d rounds, %s time, stream threads=%d" % (n, bs, args.rounds, args.clock, args.threads))
    base = statistics.median(times["cshogi"]) if "cshogi" in times else None
    for name, ts in times.items():
        med = statistics.median(ts)
        ratio = ""
        if base is not None and name != "cshogi":
            per_round = sorted(c / t for c, t in zip(times["cshogi"], ts))
            ratio = "  cshogi/this %.2fx (per round %.2f-%.2f)" % (base / med, per_round[0], per_round[-1])
        print("%-12s %6.3f us/position (min %.3f, max %.3f)%s" % (name, med, min(ts), max(ts), ratio))


if __name__ == "__main__":
    main()
