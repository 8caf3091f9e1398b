#!/usr/bin/env bash
# Real WireMock for the comparison tests (Tests/MockServerTests/WireMock/) and `make bench`: the
# PyPI package `wiremock` (WireMock's Python admin client) ships WireMock's standalone jar. This
# puts that package, at a pinned version, in a venv under .build-wiremock/ (gitignored) and links
# the jar to .build-wiremock/wiremock-standalone.jar. Installs only when missing; needs python3
# with venv and a Java 17 runtime (ci/install-deps.sh installs both on Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

version=2.7.0  # ships wiremock-standalone-2.35.1.jar
dir=.build-wiremock
venv=$dir/venv
link=$dir/wiremock-standalone.jar

installed() {
  [ -x "$venv/bin/python" ] && [ -e "$link" ] \
    && [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("wiremock"))' 2>/dev/null)" = "$version" ]
}

if installed; then exit 0; fi

if ! command -v java >/dev/null 2>&1; then
  echo "wiremock-venv: no 'java' on PATH; run ci/install-deps.sh (or install a Java 17 runtime)" >&2
  exit 1
fi
echo "wiremock-venv: installing wiremock==$version (WireMock's standalone jar) into $venv"
rm -rf "$venv" "$link"
mkdir -p "$dir"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "wiremock==$version"
jar=$("$venv/bin/python" - <<'PY'
import pathlib, wiremock
jars = sorted((pathlib.Path(wiremock.__file__).parent / "server").glob("wiremock-standalone-*.jar"))
print(jars[-1] if jars else "")
PY
)
if [ -z "$jar" ] || [ ! -f "$jar" ]; then
  echo "wiremock-venv: the wiremock package holds no standalone jar" >&2
  exit 1
fi
ln -s "$(realpath "$jar")" "$link"
echo "wiremock-venv: $link -> $(basename "$jar")"
