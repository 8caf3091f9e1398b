"""The image zoo checked by another decoder: Pillow (from PyPI, in the venv ci/image-venv.sh
makes) reads every variant the catalog lists and checks that each file is what its name says.

Run by `make test` (MockServerTests/ImageZooDecoderTests runs this file with that venv); by hand:

    .build-images/venv/bin/python Tests/ImageZoo/zoo_check.py --mockserver .build/debug/mockserver

It starts `mockserver` itself (port 0, read back from its first line, as the browser tests
do), reads `zoo` from GET /__admin/catalog, and runs the check registered for each (format,
variant). The checks live in `checks_<format>.py` beside this file, one module per format
family, registered with `zoolib.check` and all imported here: a variant the catalog lists
without a check is a failure, so a new variant brings its check. A variant answered 501 (its
encoder failed at run time, and says why) is listed as unavailable, not failed. Each check gets
the file's bytes in a `Case`, with the reference picture (`jpg` `baseline` at the same N and
size) and the assertions the issue asks for.
"""

import argparse
import glob
import importlib
import io
import json
import os
import sys
import time
import traceback
import urllib.error
import urllib.request

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path[:0] = [HERE, os.path.join(ROOT, "Tests", "Browser")]

from mockserver_child import MockServerProcess  # noqa: E402 (after the path)
from zoolib import CHECKS, HEIGHT, NUMBER, WIDTH, Case, CheckFailure  # noqa: E402

# The server is on 127.0.0.1: never through a proxy from the environment.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Unavailable(Exception):
    """The server answered 501: the variant's encoder failed or is missing, and says why."""


class Server(MockServerProcess):
    """The child mockserver, and its zoo images fetched once each."""

    def __init__(self, executable):
        super().__init__(os.path.abspath(executable))
        self.cache = {}

    def get(self, url):
        """(status, content type, body) of a GET."""
        try:
            with OPENER.open(url, timeout=120) as response:
                return response.status, response.headers.get("Content-Type"), response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type"), error.read()

    def bytes(self, extension, variant):
        key = (extension, variant)
        if key not in self.cache:
            url = f"{self.main}/images/{NUMBER}.{extension}?variant={variant}&w={WIDTH}&h={HEIGHT}"
            status, _, body = self.get(url)
            if status == 501:
                raise Unavailable(json.loads(body).get("error", body.decode(errors="replace")))
            if status != 200:
                raise CheckFailure(f"GET {url}: {status} {body[:300]!r}")
            self.cache[key] = body
        return self.cache[key]

    def image(self, extension, variant):
        return Image.open(io.BytesIO(self.bytes(extension, variant)))

    def plain(self, extension):
        """The plain image (no `variant=`) of the same N and size, as Pillow reads it."""
        url = f"{self.main}/images/{NUMBER}.{extension}?w={WIDTH}&h={HEIGHT}"
        status, _, body = self.get(url)
        if status != 200:
            raise CheckFailure(f"GET {url}: {status} {body[:300]!r}")
        return Image.open(io.BytesIO(body))

    def catalog(self):
        return json.loads(self.get(self.admin + "/__admin/catalog")[2])


def load_checks():
    for path in sorted(glob.glob(os.path.join(HERE, "checks_*.py"))):
        importlib.import_module(os.path.splitext(os.path.basename(path))[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mockserver", default=os.path.join(ROOT, ".build", "debug", "mockserver"))
    parser.add_argument("--only", help="check only variants whose 'ext variant' contains this")
    options = parser.parse_args()
    load_checks()
    server = Server(options.mockserver)
    passed, failed, unavailable = 0, [], []
    try:
        rows = server.catalog()["zoo"]
        if not rows:
            failed.append(("catalog", "GET /__admin/catalog lists no zoo variants"))
        listed = {(row["format"], row["variant"]) for row in rows}
        for (extension, variant) in sorted(set(CHECKS) - listed):
            failed.append((f"{extension} {variant}", "a check exists, but the catalog lists no such variant"))
        for row in rows:
            name = f"{row['format']} {row['variant']}"
            if options.only and options.only not in name:
                continue
            function = CHECKS.get((row["format"], row["variant"]))
            started = time.monotonic()
            try:
                if not row.get("advice"):
                    raise CheckFailure("the catalog gives no advice for it")
                if function is None:
                    raise CheckFailure(f"no check: register one with @check({row['format']!r}, {row['variant']!r})")
                data = server.bytes(row["format"], row["variant"])
                function(Case(server, row["format"], row["variant"], data))
                passed += 1
                print(f"ok    {name} ({time.monotonic() - started:.2f} s)")
            except Unavailable as reason:  # allowed by the issue: a 501 naming why, never invented bytes
                unavailable.append(name)
                print(f"501   {name}: {reason}")
            except Exception as error:  # a check's own bug is a failure too, with its traceback
                detail = str(error) if isinstance(error, CheckFailure) else traceback.format_exc()
                failed.append((name, detail))
                print(f"FAIL  {name}: {detail}")
    finally:
        server.stop()
    for name, detail in failed:
        print(f"failed: {name}: {detail}", file=sys.stderr)
    print(f"zoo: {passed} passed, {len(failed)} failed, {len(unavailable)} unavailable (501)")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
