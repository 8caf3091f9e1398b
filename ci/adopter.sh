#!/usr/bin/env bash
# Builds Examples/ContractAdopter, the outside package that adopts the contract suites by path,
# with zero warnings allowed in its own sources, and runs its tests: what an adopter's CI does.
# `.ci/run` runs it after `make test`; it is its own step because it builds every dependency a
# second time (its own .build), about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
# As in ci/test.sh: compiler drivers leave TemporaryDirectory.* folders in $TMPDIR.
driver_tmp=$(mktemp -d "${TMPDIR:-/tmp}/testbed-adopter.XXXXXX")
trap 'rm -f "$log"; rm -rf "$driver_tmp"' EXIT
export TMPDIR="$driver_tmp/"

example=Examples/ContractAdopter
echo "== build $example (with tests)"
if ! swift build --build-tests --package-path "$example" 2>&1 | tee "$log"; then
  echo "build of $example failed" >&2
  exit 1
fi
ours=$(grep -E "^$(pwd)/$example/(Sources|Tests)/.*: warning:" "$log" | sort -u || true)
if [ -n "$ours" ]; then
  echo "== warnings in $example (zero allowed):" >&2
  echo "$ours" >&2
  exit 1
fi

echo "== test $example"
swift test --skip-build --package-path "$example"
