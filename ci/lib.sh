# Shared by the ci/*.sh scripts; `source ci/lib.sh` from the repository root.

# build_without_warnings LABEL PATTERN SWIFT-BUILD-ARGUMENTS...
# Runs `swift build` with the arguments, showing its output, and fails when the build fails or
# when the compiler warned about a file whose path (relative to the repository root) matches the
# extended regular expression PATTERN: our own sources must build without a warning, while a
# dependency's warnings are not ours to fix.
build_without_warnings() {
  local label=$1 pattern=$2
  shift 2
  local log
  log=$(mktemp)
  if ! swift build "$@" 2>&1 | tee "$log"; then
    rm -f "$log"
    echo "the build of $label failed" >&2
    return 1
  fi
  local ours
  ours=$(grep -E "^$(pwd)/($pattern).*: warning:" "$log" | sort -u || true)
  rm -f "$log"
  if [ -n "$ours" ]; then
    echo "== warnings in $label (zero allowed):" >&2
    echo "$ours" >&2
    return 1
  fi
}

# use_private_tmpdir NAME
# Every Swift compiler driver run (swiftc, each module `swift build` compiles, `swift test`
# itself) leaves an empty TemporaryDirectory.* folder in $TMPDIR that nothing removes: about
# 380 a `make test`. Our tests leave nothing there. This gives the calling script's builds and
# tests a temporary folder of their own ($driver_tmp, exported as TMPDIR), deleted when the
# script exits, so /tmp is left as it was. A script that sets its own EXIT trap afterwards must
# remove "$driver_tmp" in it too.
use_private_tmpdir() {
  driver_tmp=$(mktemp -d "${TMPDIR:-/tmp}/testbed-$1.XXXXXX")
  trap 'rm -rf "$driver_tmp"' EXIT
  export TMPDIR="$driver_tmp/"
}

# gnu_timeout ARGUMENTS...
# GNU timeout(1), with its options (`-k`): `timeout` on Linux; on macOS, which has none, the
# `gtimeout` of Homebrew's coreutils (ci/install-deps.sh installs it).
gnu_timeout() {
  if command -v timeout >/dev/null 2>&1; then
    timeout "$@"
  elif command -v gtimeout >/dev/null 2>&1; then
    gtimeout "$@"
  else
    echo "no GNU timeout on PATH (macOS: brew install coreutils, which installs gtimeout)" >&2
    return 127
  fi
}

# test_bundle_binary BIN-PATH
# The executable of the package's test bundle under `swift build --show-bin-path`: on Linux the
# .xctest is that executable; on macOS it is a bundle directory with the binary inside.
test_bundle_binary() {
  local bundle="$1/TestbedPackageTests.xctest"
  if [ -d "$bundle" ]; then
    echo "$bundle/Contents/MacOS/TestbedPackageTests"
  else
    echo "$bundle"
  fi
}

# xctest_classes INCLUDE-ERE EXCLUDE-ERE [swift test options...]
# The package's XCTest classes (Module.Class) whose names match INCLUDE and not EXCLUDE,
# comma-joined: the list the Linux test bundle takes as the tests to run. `swift test` with
# `--filter`/`--skip` hands the bundle every selected test *method* in one argument instead, and
# past about 1,600 tests that argument outgrew Linux's limit for a single argument (128 KiB:
# posix_spawn failed with "Argument list too long"); the classes take a few KB. Fails when it
# finds none, so a broken listing can never pass as an empty run.
xctest_classes() {
  local include="$1" exclude="$2" classes
  shift 2
  classes=$(swift test list --skip-build "$@" | grep -v '(' | sed 's,/.*,,' | sort -u \
    | grep -E "$include" | { grep -v -E "$exclude" || true; } | paste -sd, -)
  if [ -z "$classes" ]; then
    echo "!! no XCTest class matches $include" >&2
    return 1
  fi
  echo "$classes"
}

