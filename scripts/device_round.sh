#!/usr/bin/env bash
# One from-zero generation (issue 20) on a lent GPU machine, inside its
# 15 minutes: the teacher on every core for a fixed time, training on the
# GPU for a fixed time (the net exported is the best validation epoch's),
# export and the int-vs-float check (PAIRS>0: a match against the built-in
# evaluation; by default none: matches run on the CPUs here), and the net
# back in $OUT (gzip, in parts of at
# most 15 MiB: that machine returns at most 8 files of 16 MiB each).
#
# Here, first:   scripts/device_round.sh --prepare   (builds build-device/libshogi.so)
# There (the device tool's run, carry ["build-device"]):
#   bash scripts/device_round.sh
# Back here:     cat nn.bin.gz.part* | gunzip > nn.bin
#
# The sizes suit 16 cores and ~10 minutes of the machine's time; override
# with the environment: GEN_SECONDS, TRAIN_SECONDS, L1, DEPTH, PAIRS, and
# ROUND_ARGS for any other train_from_zero.py option. 128x2 keeps the
# compressed net under the 24 MB a shipped net may take in git.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--prepare" ]; then
  mkdir -p build-device
  go build -buildmode=c-shared -o build-device/libshogi.so ./capi
  ls -l build-device/libshogi.so
  exit 0
fi
out=${OUT:-${1:?usage: device_round.sh [--prepare | OUTDIR]}}
mkdir -p "$out"
export LIBSHOGI_LIBRARY=${LIBSHOGI_LIBRARY:-$PWD/build-device/libshogi.so} PYTHONUNBUFFERED=1
[ -f "$LIBSHOGI_LIBRARY" ] || { echo "no $LIBSHOGI_LIBRARY: run scripts/device_round.sh --prepare here and carry build-device" >&2; exit 1; }
python=${PYTHON:-python3}
cores=$(nproc)
work=${WORKDIR:-/tmp/device-round}
"$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.cuda.is_available())'
set -o pipefail
# shellcheck disable=SC2086
"$python" scripts/train_from_zero.py --workdir "$work" --no-progress --generations 1 \
  --depths "${DEPTH:-3}" --teacher-nodes 20000 --positions 200000000 --gensfen-seconds "${GEN_SECONDS:-320}" \
  --gensfen-threads "$cores" --l1 "${L1:-128}" --l2 32 --l3 32 --epochs 40 --train-seconds "${TRAIN_SECONDS:-150}" \
  --batch-size 16384 --lr 0.002 --lr-decay 0.9 --data-threads "$(( cores > 8 ? 8 : cores ))" \
  --shuffle 1000000 --match-pairs "${PAIRS:-0}" --match-limit nodes=1000 --match-concurrency "$cores" \
  --match-openings tests/strength/openings-200.sfen ${ROUND_ARGS:-} 2>&1 | tee "$out/round.log"
cp "$work/generations.tsv" "$work/state.json" "$out/"
gzip -c "$work/gen000/nn.bin" | split -b 15M -d - "$out/nn.bin.gz.part"
sha256sum "$work/gen000/nn.bin" | tee "$out/nn.bin.sha256"
ls -l "$out"
