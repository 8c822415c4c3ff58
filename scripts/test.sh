#!/usr/bin/env bash
# Runs every test of the project: Go, C (Linux and the Windows DLL under
# Wine), Python and C#. Each stage is a script in scripts/test.d, run in
# name order; the run fails if any stage fails.
set -uo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh || exit 1
failed=()
passed=0
for stage in scripts/test.d/*.sh; do
  echo "=== $(basename "$stage")"
  if bash "$stage"; then
    passed=$((passed + 1))
  else
    failed+=("$(basename "$stage")")
  fi
done
echo "=== stages: $passed passed, ${#failed[@]} failed ${failed[*]:-}"
[ ${#failed[@]} -eq 0 ]
