#!/usr/bin/env python3
"""Fine-tunes an existing HalfKP nn.bin on more teacher positions (PSV
files, e.g. from gensfen), with fake quantisation by default, and writes
the best validation epoch's net with the int-vs-float check.

    /usr/bin/python3 scripts/finetune_net.py NET.BIN --train a.bin,b.bin --val v.bin --out NEW.BIN

Running the same command again resumes from NEW.BIN.pt. Needs PyTorch and
the library (LIBSHOGI_LIBRARY=/path/libshogi.so).
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "bindings", "python"))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("net", help="the nn.bin to start from (classic HalfKP)")
    p.add_argument("--train", required=True, help="training PSV files, comma-separated")
    p.add_argument("--val", required=True, help="validation PSV files, comma-separated")
    p.add_argument("--out", required=True, help="the fine-tuned nn.bin")
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--seconds", type=float, default=None, help="time budget (no epoch starts that would end after it)")
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--lr-decay", type=float, default=0.7)
    p.add_argument("--batch-size", type=int, default=8192)
    p.add_argument("--threads", type=int, default=1, help="data threads")
    p.add_argument("--shuffle", type=int, default=1_000_000)
    p.add_argument("--lambda", dest="lambda_", type=float, default=0.5)
    p.add_argument("--no-fake-quant", action="store_true", help="train the float model without fake quantisation")
    p.add_argument("--device", default="auto")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--check-positions", type=int, default=10_000)
    p.add_argument("--no-progress", action="store_true")
    a = p.parse_args(argv)
    from libshogi.train import finetune

    r = finetune(a.net, a.train.split(","), a.val.split(","), a.out, epochs=a.epochs, lr=a.lr, lr_decay=a.lr_decay,
                 fake_quant=not a.no_fake_quant, batch_size=a.batch_size, threads=a.threads, shuffle=a.shuffle,
                 lambda_=a.lambda_, seed=a.seed, device=a.device, check_positions=a.check_positions,
                 seconds=a.seconds, progress=not a.no_progress)
    print(json.dumps({k: v for k, v in r.items() if k != "history"}, indent=1))
    return r


if __name__ == "__main__":
    main()
