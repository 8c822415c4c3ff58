#!/usr/bin/env python3
"""Trains a HalfKP NNUE from zero with libshogi: generations of
teacher generation (gensfen, depth raised by stages) -> training (warm start
from the previous generation) -> export to nn.bin (with the int-vs-float
check) -> a match against the previous generation. The figures of each
generation go to WORKDIR/generations.tsv; run the same command again to
resume where it stopped (WORKDIR/state.json keeps the settings; the
match's settings given again replace the stored ones).

    /usr/bin/python3 scripts/train_from_zero.py --workdir run1
    /usr/bin/python3 scripts/train_from_zero.py --workdir tiny --tiny   # minutes

Needs PyTorch (pip install ./bindings/python[train], or Debian's
python3-torch) and the library (LIBSHOGI_LIBRARY=/path/libshogi.so).
The notebook bindings/python/examples/train_from_zero.ipynb does the same
with a loss plot.
"""

import argparse
import dataclasses
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "bindings", "python"))

# One tiny generation: a few minutes on a loaded 2-core machine.
TINY = dict(generations=1, depths=(1,), teacher_nodes=20_000, positions=2000, l1=32, l2=8, l3=8, epochs=2,
            batch_size=256, shuffle=10_000, check_positions=500, match_pairs=2, match_limit="depth=1,nodes=20000", match_concurrency=1)


def parse(argv):
    from libshogi.train import PipelineConfig

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--workdir", required=True, help="run folder (state.json, generations.tsv, genNNN/)")
    p.add_argument("--tiny", action="store_true", help="small sizes: one generation in a few minutes")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.add_argument("--plot", help="write the loss / Elo plot to this PNG file (matplotlib)")
    for f in dataclasses.fields(PipelineConfig):
        name = "--" + f.name.rstrip("_").replace("_", "-")
        if f.type in (bool, "bool"):
            p.add_argument(name, dest=f.name, type=lambda s: s.lower() in ("1", "true", "yes", "on"), default=None,
                           metavar="BOOL", help="default %s" % f.default)
        elif f.name == "depths":
            p.add_argument(name, dest=f.name, default=None, metavar="D,D,...",
                           help="teacher depth of each generation (the last repeats); default %s"
                           % ",".join(map(str, f.default)))
        else:
            p.add_argument(name, dest=f.name, type=type(f.default), default=None, help="default %s" % (f.default,))
    a = p.parse_args(argv)
    values = dict(TINY) if a.tiny else {}
    a.given = set()
    for f in dataclasses.fields(PipelineConfig):
        v = getattr(a, f.name)
        if v is not None:
            values[f.name] = tuple(int(x) for x in v.split(",")) if f.name == "depths" else v
            a.given.add(f.name)
    return a, PipelineConfig(**values)


def main(argv=None):
    args, config = parse(sys.argv[1:] if argv is None else argv)
    from libshogi.train import Pipeline, plot_history

    # a resumed run takes the match settings given again (the rest is stored)
    pipeline = Pipeline(args.workdir, config, progress=not args.no_progress,
                        override=sorted(args.given & set(Pipeline.CHANGEABLE)))
    pipeline.run()
    with open(os.path.join(pipeline.workdir, "generations.tsv")) as f:
        print(f.read(), end="")
    if args.plot:
        plot_history(pipeline, args.plot)
    return pipeline


if __name__ == "__main__":
    main()
