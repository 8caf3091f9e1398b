#!/usr/bin/env bash
# `make bench`: installs the peers the benchmarks compare against (nginx-light, wrk, curl, WireMock; openssl
# issues nginx's HTTPS certificate) when
# they are missing, builds Benchmarks/ in release, runs every case on 127.0.0.1, prints the table
# and rewrites docs/PERFORMANCE.md. Every process the run starts is stopped when it ends, also on
# failure or Ctrl-C: the bench binary stops its own children, and this script checks afterwards.
# Options go to the bench binary: `ci/bench.sh --quick`, `ci/bench.sh --only 1,3`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install-deps.sh
# Real WireMock, the peer of case 7 (a venv under .build-wiremock/, installed only when missing).
bash ci/wiremock-venv.sh

peers=(nginx-light wrk curl openssl)
missing=()
for p in "${peers[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "bench: need root to run: apt-get install -y ${missing[*]}" >&2; exit 1
    fi
  fi
  # Debian starts nginx on port 80 right after installing it unless policy-rc.d says no; the
  # benchmarks start their own nginx on 127.0.0.1 and nothing else may listen.
  policy=/usr/sbin/policy-rc.d
  added_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
    $sudo chmod +x "$policy"
    added_policy=1
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || { [ -n "$added_policy" ] && $sudo rm -f "$policy"; exit 1; }
  [ -n "$added_policy" ] && $sudo rm -f "$policy"
fi

echo "== build Benchmarks (release)"
source ci/lib.sh
build_without_warnings "Benchmarks/Sources" "Benchmarks/Sources/" -c release --package-path Benchmarks --product bench

bin="$(swift build -c release --package-path Benchmarks --show-bin-path)/bench"
run_dir=$(mktemp -d "${TMPDIR:-/tmp}/testbed-bench.XXXXXX")
cleanup() {
  # The bench binary stops its children itself; this catches any it could not (a crash).
  leftovers=$(pgrep -f "$run_dir" || true)
  if [ -n "$leftovers" ]; then
    echo "bench: stopping leftover processes: $leftovers" >&2
    kill $leftovers 2>/dev/null || true
    sleep 1
    kill -9 $leftovers 2>/dev/null || true
  fi
  rm -rf "$run_dir"
}
trap cleanup EXIT

echo "== run"
"$bin" run --work-dir "$run_dir" --output docs/PERFORMANCE.md "$@"
