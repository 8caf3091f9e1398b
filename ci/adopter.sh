#!/usr/bin/env bash
# Builds Examples/ContractAdopter, the outside package that adopts the contract suites by path,
# with zero warnings allowed in its own sources, and runs its tests: what an adopter's CI does.
# `.ci/run` runs it after `make test`; it is its own step because it builds every dependency a
# second time (its own .build), about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/lib.sh

use_private_tmpdir adopter

example=Examples/ContractAdopter
echo "== build $example (with tests)"
build_without_warnings "$example" "$example/(Sources|Tests)/" --build-tests --package-path "$example"

echo "== test $example"
swift test --skip-build --package-path "$example"
