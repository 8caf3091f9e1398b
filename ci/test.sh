#!/usr/bin/env bash
# Builds every target and test, fails on any compiler warning in Testbed's own sources
# (dependencies' warnings are not ours to fix), then runs the whole test suite. The outside
# package that adopts the contract suites, Examples/ContractAdopter, is `make adopter`
# (ci/adopter.sh): CI runs it after this.
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/lib.sh

# Every Swift compiler driver run (swiftc, each module `swift build` compiles, `swift test`
# itself) leaves an empty TemporaryDirectory.* folder in $TMPDIR that nothing removes: about
# 380 a run. Our tests leave nothing there. Builds and tests get a temporary folder of their
# own, deleted at the end, so /tmp is as it was.
driver_tmp=$(mktemp -d "${TMPDIR:-/tmp}/testbed-test.XXXXXX")
trap 'rm -rf "$driver_tmp"' EXIT
export TMPDIR="$driver_tmp/"

echo "== browser (Playwright for the dashboard tests, installed only when missing)"
bash ci/browser-venv.sh

echo "== build (debug, with tests)"
build_without_warnings "Testbed's own sources" '(Sources|MockServer|Contracts|ContractsTesting|Tests)/' --build-tests

echo "== WireMock (for the comparison tests)"
bash ci/wiremock-venv.sh

echo "== test"
swift test --skip-build "$@"

# MockServer has two backends (see docs/ARCHITECTURE.md): on Linux the run above used epoll;
# run the server's suite again on the portable one (poll() and a pipe, what macOS runs), so
# it cannot rot. BackendTests already covers both in every run.
if [ "$(uname -s)" = Linux ] && [ $# -eq 0 ]; then
  echo "== test MockServerTests on the portable backend"
  MOCKSERVER_TEST_BACKEND=portable swift test --skip-build --filter MockServerTests --skip BackendTests --skip DashboardBrowserTests --skip WireMockComparisonTests
fi
