#!/usr/bin/env bash
# `make mac-check`: what a first run on a Mac must measure, since this project's machines and CI
# run Linux only (docs/APPLE.md, "What a first Mac run must measure"). It builds everything with
# the tests, runs the URLSession tests and URLSession's conformance to the HTTP client contracts,
# fetches each certificate fault of a mock server through URLSession and libcurl, and writes a
# report to send back: .build/mac-check/report.md (printed at the end too).
#
# Every step runs even when an earlier one failed; the exit status is 1 when any failed.
# On anything but macOS it measures nothing, says so, and exits 2.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" != Darwin ]; then
  echo "mac-check: this target is for macOS (this is $(uname -s)): it measures on a Mac what this" >&2
  echo "project's Linux CI cannot (docs/APPLE.md). Nothing was run." >&2
  exit 2
fi

source ci/lib.sh
use_private_tmpdir mac-check

out=.build/mac-check
mkdir -p "$out"
report="$out/report.md"
failed=()

# step NAME COMMAND...: runs the command with its output in $out/NAME.log; reports its status
# and the lines that matter (test summaries, failures, errors) in the report.
step() {
  local name=$1
  shift
  echo "== mac-check: $name"
  local status=0
  "$@" >"$out/$name.log" 2>&1 || status=$?
  {
    echo
    echo "## $name: $([ $status -eq 0 ] && echo passed || echo "FAILED (exit $status)")"
    echo
    echo '```'
    echo "\$ $*"
    grep -E "error:|warning: .*(Sources|MockServer|Contracts|ContractsTesting|Tests)/|failed|passed after|Executed [0-9]+ test|skipped|✘|recorded an issue|Test run with" "$out/$name.log" \
      | grep -v "/.build/checkouts/" | head -80
    echo '```'
  } >>"$report"
  [ $status -eq 0 ] || failed+=("$name")
}

{
  echo "# Testbed mac-check report"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "- macOS: $(sw_vers -productVersion) ($(sw_vers -buildVersion)), $(uname -m)"
  echo "- Xcode: $(xcodebuild -version 2>/dev/null | tr '\n' ' ')"
  echo "- swift: $(swift --version 2>&1 | head -1)"
  echo "- Homebrew: $(brew --version 2>/dev/null | head -1)"
  echo "- formulae: $(brew list --versions libmicrohttpd gnutls curl jpeg-turbo libpng sqlite pkgconf coreutils 2>/dev/null | tr '\n' ';')"
  echo "- libcurl's pkg-config: $(PKG_CONFIG_PATH="$(brew --prefix 2>/dev/null)/opt/curl/lib/pkgconfig" pkg-config --libs libcurl 2>&1)"
  echo "- libmicrohttpd and gnutls pkg-config: $(pkg-config --libs libmicrohttpd gnutls 2>&1)"
} >"$report"

# 1. The whole build, with zero warnings in our sources.
step build build_without_warnings "Testbed's own sources" '(Sources|MockServer|Contracts|ContractsTesting|Tests)/' --build-tests
bin="$(swift build --show-bin-path)"
{
  echo
  echo "libraries the binaries link (otool -L):"
  echo '```'
  otool -L "$bin/testbed" 2>&1 | grep -E "curl|png|turbojpeg|sqlite" || true
  otool -L "$bin/mockserver" 2>&1 | grep -E "microhttpd|gnutls|curl" || true
  echo '```'
} >>"$report"

# 2. The URLSession adapter's own tests, the error mapping, and what Linux-only tests said.
step urlsession-tests swift test --skip-build --disable-swift-testing \
  --filter 'URLSessionHTTPClientTests|URLSessionHTTPSTests|SecureConnectionMappingTests|PortabilityTests|LanguageTests'

# 3. URLSession against the HTTP client contracts (its known-violations list was measured on
#    Linux: a rule it now keeps, or a new violation, shows here).
step urlsession-conformance swift test --skip-build --disable-xctest --filter 'urlSessionHTTPClientKeeps'

# 4. Each certificate fault as `testbed fetch` reports it, through URLSession and through libcurl.
server_log="$out/mockserver.log"
"$bin/mockserver" --port 0 --admin-port 0 --tls-port 0 --tls-dir "$driver_tmp/tls" --log-level warning >"$server_log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$driver_tmp"' EXIT
for _ in $(seq 1 100); do
  grep -q "Certificate faults" "$server_log" && break
  sleep 0.1
done
{
  echo
  echo "## certificate faults, as testbed fetch reports them"
  echo
  echo "| fault | URLSession (exit, first lines) | libcurl with the CA (exit, first lines) |"
  echo "|---|---|---|"
} >>"$report"
faults=$(sed -n 's/^  \([a-z0-9.-]*\) *\(https:\/\/[^ ]*\) .*/\1 \2/p' "$server_log")
[ -n "$faults" ] || failed+=("the mock server's certificate faults (see $server_log)")
while read -r name url; do
  [ -n "$name" ] || continue
  fetch() {
    local output status=0
    output=$("$bin/testbed" fetch --timeout 5 "$@" "$url/health" 2>&1) || status=$?
    printf '%s: %s' "$status" "$(echo "$output" | grep -v '^fetching' | head -3 | tr '\n' ' ' | tr '|' '/')"
  }
  echo "| $name | $(fetch --client urlsession) | $(fetch --client curl --cacert "$driver_tmp/tls/ca.pem") |" >>"$report"
done <<<"$faults"
kill "$server" 2>/dev/null || true

{
  echo
  if [ ${#failed[@]} -eq 0 ]; then echo "Every step passed."; else printf -- '- failed: %s\n' "${failed[@]}"; fi
  echo
  echo "Logs: $out/*.log. Please send this file back (an issue or a message)."
} >>"$report"

echo
cat "$report"
[ ${#failed[@]} -eq 0 ]
