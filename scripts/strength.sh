#!/usr/bin/env bash
# Strength bench (issue 13): the working tree's engine against a baseline
# revision, both as external USI engines under `shogi match`, on the
# committed openings (each played with both colours), 1 thread, 64 MB hash
# each, the same evaluation for both. Openings: tests/strength/openings.sfen
# (50 lines) for timed games; tests/strength/openings-200.sfen for nodes=
# and depth= limits, where the engines are deterministic and a repeated
# opening would only replay the same pair of games (keep -p <= 200 then).
#
#   scripts/strength.sh [-b REV] [-e net|builtin|test|both] [-l LIMIT] [-p PAIRS]
#                       [-s SPRT] [-c CONCURRENCY] [-k DIR]
#
#   -b REV    baseline git revision (default HEAD: the last commit, so an
#             uncommitted change is measured against it)
#   -e EVAL   net: the trained net built into the library (EvalFile
#             default); builtin: the built-in material evaluation (EvalFile
#             builtin; <empty> is the default net since 0.17.0); test: the seed-1 test net (nn.bin written by
#             tests/strength/genopenings: noise, for tactics only); both
#             (default): net and builtin, one match each
#   -l LIMIT  the limit of every move, as shogi match takes it (default
#             byoyomi=100; on a loaded machine use nodes=N: times are noise)
#   -p PAIRS  game pairs per match, at most (default 200: 400 games)
#   -s SPRT   elo0,elo1,alpha,beta (default 0,5,0.05,0.05); "none": no SPRT
#   -c N      games at once (default 1; more only with nodes= limits)
#   -k DIR    keep the builds, net and games in DIR (default: a temp dir,
#             removed at the end)
#
# A change is kept when the SPRT accepts H1 (or, without SPRT, when the
# Elo interval is above 0) for BOTH evaluations. The script exits 0 when
# every match ran, whatever its result; read the summary lines.
set -euo pipefail
cd "$(dirname "$0")/.."

base=HEAD eval=both limit=byoyomi=100 pairs=200 sprt=0,5,0.05,0.05 conc=1 keep=
while getopts "b:e:l:p:s:c:k:h" o; do
	case $o in
	b) base=$OPTARG ;;
	e) eval=$OPTARG ;;
	l) limit=$OPTARG ;;
	p) pairs=$OPTARG ;;
	s) sprt=$OPTARG ;;
	c) conc=$OPTARG ;;
	k) keep=$OPTARG ;;
	*) sed -n '2,25p' "$0"; exit 2 ;;
	esac
done
case $eval in net | builtin | test | both) ;; *) echo "strength.sh: -e net|builtin|test|both" >&2; exit 2 ;; esac

if [ -n "$keep" ]; then
	work=$keep
	mkdir -p "$work"
else
	work=$(mktemp -d /tmp/strength.XXXXXX)
	trap 'rm -rf "$work"' EXIT
fi
rev=$(git rev-parse --verify "$base^{commit}")
echo "strength: baseline $base ($rev), work dir $work"

go build -o "$work/new" ./cmd/shogi
rm -rf "$work/base-src"
mkdir -p "$work/base-src"
git archive "$rev" | tar -x -C "$work/base-src"
(cd "$work/base-src" && go build -o "$work/base" ./cmd/shogi)
go run ./tests/strength/genopenings -net "$work/nn.bin"

match() { # $1: eval name, $2: EvalFile value
	local opts="option:Threads=1,option:USI_Hash=64,option:EvalFile=$2,$limit"
	local openings=tests/strength/openings.sfen
	case $limit in nodes=* | depth=*) openings=tests/strength/openings-200.sfen ;; esac
	local args=(-a "name=new,usi=$work/new usi,$opts" -b "name=base,usi=$work/base usi,$opts"
		-openings "$openings" -pairs "$pairs" -concurrency "$conc" -q
		-save "$work/games-$1")
	[ "$sprt" != none ] && args+=(-sprt "$sprt")
	echo "== $1 evaluation: new vs base ($rev), $limit, up to $pairs pairs"
	"$work/new" match "${args[@]}"
}
case $eval in
net | both) match net default ;;
esac
case $eval in
test) match test "$work/nn.bin" ;;
esac
case $eval in
builtin | both) match builtin builtin ;;
esac
