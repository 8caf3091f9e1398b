#!/usr/bin/env bash
# Playwright for Python, for the dashboard's browser tests (Tests/Browser/): a venv under
# .build-browser/ (gitignored) holding a pinned playwright, created only when missing. The tests
# launch Debian's own Chromium (`executable_path`); this never runs `playwright install`, which
# would download a browser build of its own. Needs python3 with venv and chromium
# (ci/install-deps.sh installs both on Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

version=1.65.2
venv=.build-browser/venv

installed() {
  [ -x "$venv/bin/python" ] \
    && [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("playwright"))' 2>/dev/null)" = "$version" ]
}

if installed; then exit 0; fi

echo "browser-venv: installing playwright==$version into $venv"
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "playwright==$version"
