#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer executable (Tests/FuzzTargets, -DFUZZING, fuzzer+address
# sanitizers) into .build-fuzz, then fuzzes each target for FUZZ_SECONDS (default 60) starting
# from its corpus in Fuzz/Corpus/<target>/. New inputs that reach new code are merged back into
# that corpus (FUZZ_MERGE=0 to leave it alone); a crash or broken rule is saved under
# .build-fuzz/findings/<target>/ and fails the run. FUZZ_TARGETS="twitter image" picks targets;
# FUZZ_KEEP_GOING=1 goes on after a finding (libFuzzer's fork mode) to look for more.
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/lib.sh

use_private_tmpdir "${0##*/}"

seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"twitter image gif webp avif heic zoo-size query admin stubs jsonpath templates"}
merge=${FUZZ_MERGE:-1}
scratch=.build-fuzz
fuzzer=$scratch/x86_64-unknown-linux-gnu/debug/fuzz

echo "== fuzz build ($scratch)"
swift build --product fuzz --scratch-path "$scratch" \
  -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 |
  grep -v "Cannot export local symbol" || true
[ -x "$fuzzer" ] || { echo "fuzz build failed" >&2; exit 1; }

# Swift's crash handler reads the stack in a way ASan reports as a second, unrelated error:
# leave crashes to libFuzzer. Leak checks are off: the Swift runtime caches metadata for good.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1

keep_going=()
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); fi

failed=()
for target in $targets; do
  corpus=Fuzz/Corpus/$target
  work=$scratch/corpus/$target
  findings=$scratch/findings/$target
  [ -d "$corpus" ] || { echo "no corpus $corpus (targets: $(ls Fuzz/Corpus | xargs))" >&2; exit 64; }
  mkdir -p "$work" "$findings"
  found_before=$(ls "$findings" | wc -l)
  echo "== fuzz $target for ${seconds}s ($(ls "$corpus" | wc -l | tr -d ' ') seeds in $corpus)"
  # -timeout: one input may take 10 s at most (a hang is a finding); the outer timeout is a
  # last resort should libFuzzer itself stop answering.
  if FUZZ_TARGET=$target gnu_timeout -k 10 $((seconds + 300)) "$fuzzer" "$work" "$corpus" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len=16384 -detect_leaks=0 \
      -print_final_stats=1 -artifact_prefix="$findings/" "${keep_going[@]}" > "$scratch/$target.log" 2>&1; then
    # (fork mode prints its totals on the '#N: cov:' lines instead)
    { grep -E "^stat::(number_of_executed_units|new_units_added)|^Done " "$scratch/$target.log" ||
      grep -E "^#[0-9]+: cov:" "$scratch/$target.log" | tail -1; } | tr '\n' ' '
    echo
    if [ "$(ls "$findings" | wc -l)" != "$found_before" ]; then
      echo "!! fuzz $target: went on past findings, see $findings/ (newest: $(ls -t "$findings" | head -3 | xargs))" >&2
      failed+=("$target")
    fi
  else
    echo "!! fuzz $target FAILED; the end of $scratch/$target.log:" >&2
    grep -E "ERROR|Fatal error|fuzz rule broken|deadly signal|Test unit written|timeout" "$scratch/$target.log" | head -20 >&2
    failed+=("$target")
    continue
  fi
  if [ "$merge" = 1 ]; then
    before=$(ls "$corpus" | wc -l)
    FUZZ_TARGET=$target gnu_timeout -k 10 600 "$fuzzer" -merge=1 -max_len=16384 -detect_leaks=0 "$corpus" "$work" \
      > "$scratch/$target.merge.log" 2>&1 || { echo "merge of $target failed: $scratch/$target.merge.log" >&2; failed+=("$target"); continue; }
    echo "   corpus $corpus: $before -> $(ls "$corpus" | wc -l) files, $(du -sk "$corpus" | cut -f1) KB"
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "== fuzz findings in: ${failed[*]}" >&2
  echo "   reproduce without sanitizers: swift run fuzz TARGET $scratch/findings/TARGET/crash-…" >&2
  echo "   after the fix, copy the file into Fuzz/Corpus/TARGET/ so make test replays it" >&2
  exit 1
fi
echo "== fuzz clean: $targets"
