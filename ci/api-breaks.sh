#!/usr/bin/env bash
# Public API breaks caught before adopters find them: compares the API of the library products
# adopters import with the last release (ci/api-baseline.txt) through
# `swift package diagnose-api-breaking-changes`, then fails on any break that CHANGELOG.md does
# not name under a version that may break the API (the next major; in 0.x, the next minor too):
# ci/api_breaks/api_breaks.py decides, and its unit tests run first.
#
# The digester builds this tree, then the baseline in a copy of its own, both under the scratch
# path .build-api (git-ignored): about two clean builds of those products on a fresh clone. The
# baseline's API files are kept in .build-api/baselines/<commit> (the digester names the folder),
# so a second run builds only what changed in this tree. `.ci/run` runs it after `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/lib.sh

use_private_tmpdir api-breaks
export PYTHONDONTWRITEBYTECODE=1

echo "== API breaks: the checker's unit tests"
python3 -m unittest discover -s ci/api_breaks -q

baseline_file=ci/api-baseline.txt
version=$(awk '$1 == "version" { print $2 }' "$baseline_file")
commit=$(awk '$1 == "commit" { print $2 }' "$baseline_file")
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "the baseline commit $commit ($baseline_file) is not in this clone's history; a shallow clone needs \`git fetch --unshallow\`" >&2
  exit 1
fi

# The library products an adopter imports (the screens, Messages and AppWireframe are the app's own).
products=(
  Networking ImageCodec ImageCache Storage FeedData MockServer
  Contracts ContractsCore ContractsHTTPClient ContractsImageCaching ContractsDiskCaching ContractsImageLoading
  ContractsTweetStore ContractsFeedSource ContractsGalleryRules ContractsFeedRules ContractsTesting
)

echo "== API breaks: ${products[*]} against $version ($commit)"
log="$driver_tmp/digester.log"
started=$(date +%s)
status=0
swift package --scratch-path .build-api diagnose-api-breaking-changes "$commit" \
  --products "${products[@]}" --baseline-dir .build-api/baselines 2>&1 | tee "$log" || status=$?
echo "   the digester took $(( $(date +%s) - started )) s"
# It exits non-zero when it finds a break, and when it could not build or compare at all: the
# second must fail here, whatever the changelog says.
if [ "$status" != 0 ] && ! grep -q 'API breakage: ' "$log"; then
  echo "the API check did not complete (exit status $status, no break reported): see its output above" >&2
  exit 1
fi

python3 ci/api_breaks/api_breaks.py "$log" CHANGELOG.md "$baseline_file" Contracts/Core/Testbed.swift
