#!/usr/bin/env bash
# Teacher-generation scaling (issue 14): positions/s of `shogi gensfen` with
# 1 and 2 worker threads over THE SAME games. Games are seeded by their
# index and written in game order, so a fixed -games count writes identical
# records whatever -threads; comparing runs that stop at different position
# counts (as `go test -bench` does when b.N differs) compares different
# games, whose cost per position varies by 30% and more.
#
#   scripts/gensfen-scaling.sh [-p PAIRS] [-g GAMES] [-- GENSFEN FLAGS...]
#
#   -p PAIRS  alternating 1-thread / 2-thread runs, each pair with its own
#             seed (default 3)
#   -g GAMES  games per run (default 100)
#   flags after -- go to gensfen (default: -depth 6, built-in evaluation)
#
# Prints one line per run and the median 2-thread/1-thread ratio. Run it on
# an idle machine: wall time is what it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=3 games=100
while getopts "p:g:" o; do
  case $o in
    p) pairs=$OPTARG ;;
    g) games=$OPTARG ;;
    *) sed -n '2,17p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- -depth 6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/shogi" ./cmd/shogi

ratios=()
for ((p = 1; p <= pairs; p++)); do
  declare -A rate=()
  for th in 1 2; do
    out="$tmp/run-$p-$th"
    s=$(date +%s%N)
    "$tmp/shogi" gensfen -q -o "$out" -games "$games" -threads "$th" -seed "$p" \
      -random-moves 8 -random-maxply 24 "$@" >/dev/null
    e=$(date +%s%N)
    n=$(($(cat "$out"/gensfen-*.bin | wc -c) / 40)) # PackedSfenValue: 40 bytes
    rate[$th]=$(awk -v n="$n" -v ns=$((e - s)) 'BEGIN { printf "%.1f", n / (ns / 1e9) }')
    echo "pair $p: $th thread(s): $n positions in $(awk -v ns=$((e - s)) 'BEGIN { printf "%.2f", ns / 1e9 }') s, ${rate[$th]} positions/s"
    rm -rf "$out"
  done
  ratios+=("$(awk -v a="${rate[2]}" -v b="${rate[1]}" 'BEGIN { printf "%.2f", a / b }')")
  unset rate
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END { printf "2 threads / 1 thread: %s (median %s)\n", "'"${ratios[*]}"'", r[int((NR + 1) / 2)] }'
