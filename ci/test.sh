#!/usr/bin/env bash
# Builds every target and test, fails on any compiler warning in Testbed's own sources
# (dependencies' warnings are not ours to fix), then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== build (debug, with tests)"
if ! swift build --build-tests 2>&1 | tee "$log"; then
  echo "build failed" >&2
  exit 1
fi
ours=$(grep -E "^$(pwd)/(Sources|MockServer|Contracts|Tests)/.*: warning:" "$log" | sort -u || true)
if [ -n "$ours" ]; then
  echo "== warnings in Testbed's own sources (zero allowed):" >&2
  echo "$ours" >&2
  exit 1
fi

echo "== test"
swift test --skip-build "$@"
