#!/usr/bin/env bash
# Starts and stops a Testbed mock server on the Mac for an iOS app's UI tests (docs/APPLE.md).
#
#   mockserver-for-tests.sh start PORTS-FILE   # the scheme's Test pre-action
#   mockserver-for-tests.sh stop PORTS-FILE    # the scheme's Test post-action
#
# `start` builds `mockserver` in the Testbed checkout this script belongs to (or uses
# $MOCKSERVER when set), starts it on free ports (HTTP, admin, HTTPS and its certificate
# faults: never a fixed port, so two runs at once, or a developer's own `make run`, never
# clash), waits until it listens, and writes its addresses to PORTS-FILE as JSON:
#
#   {"base": "http://127.0.0.1:53011", "admin": "http://127.0.0.1:53012",
#    "https": "https://127.0.0.1:53013", "ca": "/…/tls/ca.pem", "pid": 4242}
#
# The simulator shares the Mac's loopback and file system, so the UI tests read PORTS-FILE and
# hand `base` to the app (launchEnvironment). Parallel simulator clones of one run share this one
# server: per-request faults (query parameters) never clash; tests that change server-wide
# state (the offline switch, stubs, scenarios) must not run in parallel. `stop` ends the server
# and removes the file. Everything the server prints goes to PORTS-FILE.log.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop PORTS-FILE" >&2
  exit 64
}
[ $# -eq 2 ] || usage
command=$1
ports_file=$2
log_file="$ports_file.log"

stop_server() {
  [ -f "$ports_file" ] || return 0
  local pid
  pid=$(sed -n 's/.*"pid": *\([0-9][0-9]*\).*/\1/p' "$ports_file")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$ports_file"
}

case "$command" in
  start)
    stop_server  # a server a crashed run left behind
    mkdir -p "$(dirname "$ports_file")"
    repository="$(cd "$(dirname "$0")/../.." && pwd)"
    binary=${MOCKSERVER:-}
    if [ -z "$binary" ]; then
      # A pre-action runs with the app target's build settings in its environment (SDKROOT is the
      # simulator's SDK): build for the Mac, with the Swift that Xcode ships.
      build() { (cd "$repository" && env -u SDKROOT -u IPHONEOS_DEPLOYMENT_TARGET xcrun --sdk macosx swift build "$@"); }
      build --product mockserver >/dev/null
      binary="$(build --show-bin-path)/mockserver"
    fi
    tls_dir="$(dirname "$ports_file")/testbed-mockserver-tls"
    "$binary" --port 0 --admin-port 0 --blackhole-port 0 --tls-port 0 --tls-dir "$tls_dir" --log-level warning >"$log_file" 2>&1 &
    pid=$!
    for _ in $(seq 1 300); do
      grep -q "listening on" "$log_file" && break
      kill -0 "$pid" 2>/dev/null || { echo "mockserver ended at start:" >&2; cat "$log_file" >&2; exit 1; }
      sleep 0.1
    done
    line=$(grep -m1 "listening on" "$log_file") || { echo "mockserver did not start in 30 s; see $log_file" >&2; kill "$pid"; exit 1; }
    base=$(echo "$line" | sed -n 's/.*listening on \(http:\/\/[^ ]*\).*/\1/p')
    admin=$(echo "$line" | sed -n 's/.*(admin \(http:\/\/[^,)]*\).*/\1/p')
    https=$(sed -n 's/^https: \(https:\/\/[^ ]*\).*/\1/p' "$log_file" | head -1)
    printf '{"base": "%s", "admin": "%s", "https": "%s", "ca": "%s", "pid": %d}\n' \
      "$base" "$admin" "$https" "$tls_dir/ca.pem" "$pid" >"$ports_file.tmp"
    mv "$ports_file.tmp" "$ports_file"  # readers never see half a file
    echo "mockserver for tests: $base (admin $admin, https $https), pid $pid, in $ports_file"
    ;;
  stop)
    stop_server
    ;;
  *)
    usage
    ;;
esac
