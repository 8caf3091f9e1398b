#!/usr/bin/env bash
# Pillow (and pillow-heif, for HEIC) from PyPI, for the image zoo's decoder checks
# (Tests/ImageZoo/): a venv under .build-images/ (gitignored) holding pinned versions, created
# only when missing. Needs python3 with venv (ci/install-deps.sh installs it on Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

pillow=13.0.0
pillow_heif=1.8.1
venv=.build-images/venv

installed() {
  [ -x "$venv/bin/python" ] && [ "$("$venv/bin/python" -c '
import importlib.metadata as m
print(m.version("pillow"), m.version("pillow-heif"))' 2>/dev/null)" = "$pillow $pillow_heif" ]
}

if installed; then exit 0; fi

echo "image-venv: installing pillow==$pillow pillow-heif==$pillow_heif into $venv"
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pillow==$pillow" "pillow-heif==$pillow_heif"
