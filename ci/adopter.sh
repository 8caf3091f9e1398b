#!/usr/bin/env bash
# Builds Examples/ContractAdopter, the outside package that adopts the contract suites by path,
# with zero warnings allowed in its own sources, and runs its tests: what an adopter's CI does.
# `.ci/run` runs it after `make test`; it is its own step because it builds every dependency a
# second time (its own .build), about 3 minutes on 2 cores.
#
# Then it shows that a new rule does not break an adopter: the example is built again with
# TESTBED_SCRATCH_RULE=1, which compiles one more ImageCaching rule into the suite's `all` and
# one more requirement into its spec protocol (as a release adding a rule would), an incremental
# build of the suite's module and the example's tests. The build must succeed, and the example's
# XCTest recipe (`assertKeepsAll`) must run the new rule: the rule is always violated, so the run
# must fail with exactly that one failure, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/lib.sh

use_private_tmpdir adopter

example=Examples/ContractAdopter
echo "== build $example (with tests)"
build_without_warnings "$example" "$example/(Sources|Tests)/" --build-tests --package-path "$example"

echo "== test $example"
swift test --skip-build --package-path "$example"

echo "== build $example again with a scratch rule added to the ImageCaching suite"
scratch_log="$driver_tmp/scratch-rule.log"
started=$(date +%s)
(
  export TESTBED_SCRATCH_RULE=1
  build_without_warnings "$example (scratch rule)" "$example/(Sources|Tests)/" --build-tests --package-path "$example"
)
echo "   rebuilt in $(( $(date +%s) - started )) s"
if TESTBED_SCRATCH_RULE=1 swift test --skip-build --package-path "$example" --filter SimpleImageCacheContractTests \
  >"$scratch_log" 2>&1; then
  cat "$scratch_log"
  echo "the example's tests passed with the scratch rule: its XCTest recipe did not run the new rule" >&2
  exit 1
fi
failures=$(grep -E ': error: .*(failed|XCTFail)' "$scratch_log" || true)
if [ "$(printf '%s\n' "$failures" | grep -c 'memory.scratchRule:')" != 1 ] || [ "$(printf '%s\n' "$failures" | wc -l)" != 1 ]; then
  cat "$scratch_log"
  echo "expected exactly one failure, naming memory.scratchRule; got:" >&2
  printf '%s\n' "$failures" >&2
  exit 1
fi
echo "   the new rule compiled, ran and was reported on its own: $failures"
