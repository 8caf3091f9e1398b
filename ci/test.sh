#!/usr/bin/env bash
# Builds every target and test, fails on any compiler warning in Testbed's own sources
# (dependencies' warnings are not ours to fix), then runs the whole test suite. The outside
# package that adopts the contract suites, Examples/ContractAdopter, is `make adopter`
# (ci/adopter.sh): CI runs it after this.
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/lib.sh

use_private_tmpdir test

echo "== browser (Playwright for the dashboard tests, installed only when missing)"
bash ci/browser-venv.sh

echo "== build (debug, with tests)"
build_without_warnings "Testbed's own sources" '(Sources|MockServer|Contracts|ContractsTesting|Tests)/' --build-tests

echo "== WireMock (for the comparison tests)"
bash ci/wiremock-venv.sh

echo "== Pillow (for the image zoo's decoder checks)"
bash ci/image-venv.sh

# With arguments (`bash ci/test.sh --filter X`): one plain `swift test` run with them.
if [ $# -gt 0 ]; then
  echo "== test $*"
  swift test --skip-build "$@"
  exit 0
fi

# The whole suite, in two phases, so that `make test` stays under 15 minutes on 2 cores:
# 1. the XCTest tests, alone (most of the timing tests of our own modules are here);
# 2. the Swift Testing run (the contract suites, about 4 minutes, mostly waiting on deadlines;
#    they keep their rules beside two spinning processes) beside the two browser tests and
#    MockServerTests on the portable backend, one after the other (about 2.5 minutes).
# The Swift Testing run is the test bundle started directly (a second `swift test` would wait
# for SwiftPM's lock on .build); its output is shown as one block when it ends.
# On Linux the XCTest runs start the test bundle with the classes to run (see xctest_classes in
# ci/lib.sh: `swift test --skip` outgrew the limit of one argument).
bundle="$(swift build --show-bin-path)/TestbedPackageTests.xctest"

echo "== test: XCTest, except the browser tests"
if [ "$(uname -s)" = Darwin ]; then
  swift test --skip-build --disable-swift-testing --skip WebBrowserTests --skip DashboardBrowserTests
else
  classes=$(xctest_classes '.' '\.(WebBrowserTests|DashboardBrowserTests)$')
  "$bundle" "$classes"
fi

failed=()
if [ "$(uname -s)" = Darwin ]; then
  # macOS: the .xctest is a bundle directory that only Xcode's xctest (XCTest) or SwiftPM's
  # testing helper (Swift Testing) can run, so the Swift Testing run is a `swift test` of its
  # own, after the browser tests (a second `swift test` at the same time would wait for
  # SwiftPM's lock). The portable backend is macOS's only one: the XCTest run covered it.
  echo "== test: the browser tests"
  swift test --skip-build --disable-swift-testing --filter 'WebBrowserTests|DashboardBrowserTests' || failed+=("the browser tests")
  echo "== test: Swift Testing"
  swift test --skip-build --disable-xctest || failed+=("Swift Testing (the contract suites)")
  if [ ${#failed[@]} -gt 0 ]; then
    printf '== failed: %s\n' "${failed[@]}" >&2
    exit 1
  fi
  exit 0
fi

testing_log="$driver_tmp/swift-testing.log"
echo "== test: Swift Testing (in the background; its output follows when it ends)"
"$bundle" --testing-library swift-testing >"$testing_log" 2>&1 &
testing_pid=$!
trap 'kill "$testing_pid" 2>/dev/null || true; rm -rf "$driver_tmp"' EXIT

echo "== test: the browser tests"
swift test --skip-build --disable-swift-testing --filter 'WebBrowserTests|DashboardBrowserTests' || failed+=("the browser tests")

# MockServer has two backends (see docs/architecture/SERVER.md): on Linux the XCTest run used epoll;
# run the server's suite again on the portable one (poll() and a pipe, what macOS runs), so
# it cannot rot. BackendTests already covers both in every run.
if [ "$(uname -s)" = Linux ]; then
  echo "== test: MockServerTests on the portable backend"
  classes=$(xctest_classes '^MockServerTests\.' '\.(BackendTests|DashboardBrowserTests|WireMockComparisonTests)$')
  MOCKSERVER_TEST_BACKEND=portable "$bundle" "$classes" || failed+=("MockServerTests on the portable backend")
fi

wait "$testing_pid" || failed+=("Swift Testing (the contract suites)")
# Reaped: its pid may be reused from here on, so the exit trap must no longer kill it.
trap 'rm -rf "$driver_tmp"' EXIT
echo "== test: Swift Testing's output"
cat "$testing_log"

if [ ${#failed[@]} -gt 0 ]; then
  printf '== failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
