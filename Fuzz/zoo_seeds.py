"""Seeds the fuzz corpora of ImageCodec's newer decoders and of the zoo's bomb headers from the
image zoo: every `gif`, `webp`, `avif` and `heic` variant the catalog lists, at a small size,
into Fuzz/Corpus/<target>/ (named by their SHA-1, as libFuzzer names its own inputs).

    python3 Fuzz/zoo_seeds.py --mockserver .build/debug/mockserver

Targets: `gif`, `webp`, `avif`, `heic` get their format's files; `zoo-size` (the server's
DeclaredSize rewriting) gets every WebP with a VP8X chunk and every AVIF and HEIC. Files above
fuzz.sh's -max_len (16 KB) are left out; the standard library is enough (no venv).
"""

import argparse
import hashlib
import json
import os
import sys
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))

from mockserver_child import MockServerProcess  # noqa: E402 (after the path)

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
FORMATS = ("gif", "webp", "avif", "heic")
# Small pictures: the seeds must stay under libFuzzer's -max_len in ci/fuzz.sh.
SIZES = ((48, 32), (17, 9))
MAX_LEN = 16384


def fetch(url):
    try:
        with OPENER.open(url, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def write(target, data):
    folder = os.path.join(HERE, "Corpus", target)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, hashlib.sha1(data).hexdigest())
    new = not os.path.exists(path)
    if new:
        with open(path, "wb") as file:
            file.write(data)
    return new


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mockserver", default=os.path.join(ROOT, ".build", "debug", "mockserver"))
    options = parser.parse_args()
    server = MockServerProcess(os.path.abspath(options.mockserver))
    try:
        catalog = json.loads(fetch(server.admin + "/__admin/catalog")[1])
        added, skipped = {}, []
        for entry in catalog["zoo"]:
            extension, variant = entry["format"], entry["variant"]
            if extension not in FORMATS:
                continue
            for width, height in SIZES:
                status, body = fetch(f"{server.main}/images/3.{extension}?variant={variant}&w={width}&h={height}")
                if status != 200 or len(body) > MAX_LEN:
                    skipped.append(f"{extension} {variant} {width}x{height} ({status}, {len(body)} bytes)")
                    continue
                targets = [extension]
                if extension in ("avif", "heic") or (extension == "webp" and body[12:16] == b"VP8X"):
                    targets.append("zoo-size")
                for target in targets:
                    added[target] = added.get(target, 0) + write(target, body)
        for target in sorted(added):
            print(f"{target}: {added[target]} new seeds")
        for line in skipped:
            print(f"left out: {line}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
