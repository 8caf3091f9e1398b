"""What the browser test scripts share: the mock server as a child process, Debian's Chromium,
and the run with its one-line summary. Imported by dashboard_test.py and web_test.py (both run
from this folder, so it is on their import path)."""

import json
import re
import signal
import subprocess
import sys
import threading
import time
import unittest
import urllib.request

from playwright.sync_api import sync_playwright


def stop_child(process, stop_signal):
    """Sends `stop_signal`; kills the child if it has not exited 10 s later."""
    if process.poll() is None:
        process.send_signal(stop_signal)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class MockServerProcess:
    """`mockserver --port 0 --admin-port 0` (and `options`, e.g. `--tls-port 0 --tls-dir DIR`), its
    URLs read from its first line of output."""

    def __init__(self, executable, options=()):
        self.process = subprocess.Popen(
            [executable, "--port", "0", "--admin-port", "0", "--log-level", "warning", *options],
            # From another working directory: pages come from the resource bundle beside the binary.
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd="/")
        line = self.process.stdout.readline()
        match = re.search(r"listening on (http://\S+) \(admin (http://[^)\s,]+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"mockserver did not say where it listens: {line!r}")
        self.main, self.admin = match.group(1), match.group(2)
        self.second_line = self.process.stdout.readline().rstrip("\n")
        # Drain the rest of its output so it never blocks on a full pipe.
        self.reader = threading.Thread(target=self.process.stdout.read, daemon=True)
        self.reader.start()

    def stop(self):
        stop_child(self.process, signal.SIGINT)
        if getattr(self, "reader", None):
            self.reader.join(timeout=5)
        self.process.stdout.close()

    def admin_call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.admin + path, data=data, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def set_offline(self, offline):
        self.admin_call("POST", "/__admin/offline", {"offline": offline})

    def is_offline(self):
        return self.admin_call("GET", "/__admin/offline")["offline"]


class BrowserTestCase(unittest.TestCase):
    """Tests that share one mock server and one headless Chromium, the system's (never a browser
    Playwright downloads): a subclass's `setUpClass` calls `start`; both stop after its last test."""

    server = None
    playwright = None
    browser = None

    @classmethod
    def start(cls, mockserver, chromium, options=()):
        cls.server = MockServerProcess(mockserver, options)
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-dev-shm-usage"])

    @classmethod
    def tearDownClass(cls):
        if cls.browser:
            cls.browser.close()
        if cls.playwright:
            cls.playwright.stop()
        if cls.server:
            cls.server.stop()


def run_tests(name):
    """Runs the script's tests (unittest's own arguments pass through) and exits 0 only when
    some ran and none failed or was skipped; the last line is "NAME: N passed, M failed in T s"."""
    started = time.monotonic()
    program = unittest.main(module="__main__", argv=[sys.argv[0], *sys.argv[1:]], exit=False, verbosity=2)
    result = program.result
    failed = len(result.failures) + len(result.errors)
    print(f"{name}: {result.testsRun - failed} passed, {failed} failed in {time.monotonic() - started:.1f} s")
    sys.exit(0 if failed == 0 and result.testsRun > 0 and not result.skipped else 1)
