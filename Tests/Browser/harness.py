"""What the browser test scripts share: the mock server as a child process (mockserver_child.py),
Debian's Chromium, and the run with its one-line summary. Imported by dashboard_test.py and
web_test.py (both run from this folder, so it is on their import path)."""

import sys
import time
import unittest

from playwright.sync_api import sync_playwright

from mockserver_child import MockServerProcess, stop_child  # noqa: F401 (stop_child: web_test.py)


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
