#!/usr/bin/env bash
# Repository hygiene, before anything is built:
#  - no build output is tracked (test binaries, libraries, objects, executables);
#  - no tracked file is over 4 MB unless tests/large-files.txt names it with a reason;
#  - no test or script reads the shared folder beside the checkout: a user's clone has none;
#  - a fresh clone, alone in an empty folder, runs the tests that read golden data.
set -euo pipefail
cd "$(dirname "$0")/../.."

outs=$(git ls-files | grep -E '\.(test|so|so\.[0-9]+|dll|dylib|exe|o|a|pyc|prof)$' || true)
if [ -n "$outs" ]; then
  echo "05-repo: build outputs are tracked in git:" >&2; echo "$outs" >&2; exit 1
fi

allowed=tests/large-files.txt
big=$(git ls-files -z | xargs -0 -r stat -c '%s %n' | awk '$1 > 4000000 {print $2}' | while read -r f; do
  grep -q "^$f	" "$allowed" 2>/dev/null || echo "$f"
done)
if [ -n "$big" ]; then
  echo "05-repo: tracked files over 4 MB without a reason in $allowed:" >&2; echo "$big" >&2; exit 1
fi

reads=$(git grep -l -E '\.\./shared|\.\./\.\./shared' -- '*.go' '*.py' '*.c' '*.cs' '*.sh' 'CMakeLists.txt' ':!scripts/test.d/05-repo.sh' || true)
if [ -n "$reads" ]; then
  echo "05-repo: these files read the shared folder beside the checkout (a clone has none):" >&2; echo "$reads" >&2; exit 1
fi

# A copy of the repository's files (tracked and not ignored), alone in an
# empty folder: the Go tests that read tests/testdata.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/libshogi"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"
done | xargs -0 cp --parents -t "$tmp/libshogi"
(cd "$tmp/libshogi" && go test -count=1 -run 'Perft|Golden|Vector|Move16|PSV|HCPE' ./libshogi/board ./libshogi/record ./libshogi/nnue)
echo "05-repo: ok (no build outputs, no large files, no reads beside the checkout; a lone copy reads its golden data)"
