"""Browser tests of `testbed web` (the gallery and feed screens as a web page), in Debian's Chromium
driven by Playwright.

Run by `make test` (WebAppTests/WebBrowserTests runs this file with the venv that
ci/browser-venv.sh makes); by hand:

    .build-browser/venv/bin/python Tests/Browser/web_test.py \\
        --mockserver .build/debug/mockserver --testbed .build/debug/testbed

It starts `mockserver` (port 0, read back from its first line) and, for each test, `testbed web
--port 0` against it with a fresh cache and database (the URL read back from its one line of
standard output). It launches the system Chromium (never a browser of Playwright's own) and finds
every control by the accessible name the page promises, in English under both languages: the
lists "Gallery" and "Tweets", the buttons "Gallery", "Feed", "Settings", "Back" and "Refresh",
the switch "Show avatars", the timer, and in the zoo "Previous page" and "Next page". Every wait is for a condition, never a fixed sleep.
Screenshots of both screens in portrait and landscape, and of the zoo's pages, go to --docs: docs/ (those docs/WEB.md and
the README show) by default; WebBrowserTests, under `make test`, sends them to
.build-browser/screenshots/.
"""

import argparse
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from playwright.sync_api import expect

from harness import BrowserTestCase, run_tests, stop_child

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OPTIONS = argparse.Namespace(
    mockserver=os.path.join(ROOT, ".build", "debug", "mockserver"),
    testbed=os.path.join(ROOT, ".build", "debug", "testbed"),
    chromium=shutil.which("chromium") or "/usr/bin/chromium",
    docs=os.path.join(ROOT, "docs"),
)
PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}

# The failure texts of the `mixed` scenario's cells in Russian, as Sources/Messages words them
# (UserMessage): cell 2 is corrupt, 3 missing (404), 4 thirty million bytes, 5 stalls.
RU_BROKEN = "Изображение повреждено"
RU_UNAVAILABLE = "Изображение по заданному URL недоступно"
RU_TOO_LARGE = "Изображение слишком большое"
RU_TIMED_OUT = "Слишком долгое ожидание / сервер не отвечает"
RU_PULL_TO_REFRESH = "Потяните вниз, чтобы обновить"
RU_OFFLINE = "Нет соединения с Интернетом"
EN_OFFLINE = "No Internet connection"


class TestbedWeb:
    """`testbed web --port PORT` (0: a free one) against `server`; its URL read from its one line of
    standard output."""

    READY = re.compile(r"^testbed web: serving (http://127\.0\.0\.1:\d+/)$")

    def __init__(self, executable, server, cache, database, extra=(), port=0):
        self.process = subprocess.Popen(
            [executable, "web", "--server", server, "--port", str(port), "--cache", cache, "--db", database, *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd="/")
        self.errors = []
        lines = queue.Queue()
        self.readers = [
            threading.Thread(target=self._collect_errors, daemon=True),
            threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout] and None, daemon=True),
        ]
        for reader in self.readers:
            reader.start()
        try:
            first = lines.get(timeout=60)
        except queue.Empty:
            self.stop()
            raise RuntimeError(f"testbed web printed nothing within 60 s; standard error:\n{self.log()}")
        self.first_line = first.rstrip("\n")
        match = self.READY.match(self.first_line)
        if not match:
            self.stop()
            raise RuntimeError(f"testbed web did not say where it serves: {self.first_line!r}\n{self.log()}")
        self.url = match.group(1)
        self.more_output = lines

    def _collect_errors(self):
        for line in self.process.stderr:
            self.errors.append(line.rstrip("\n"))

    def log(self):
        return "\n".join(self.errors[-40:])

    def stop(self):
        stop_child(self.process, signal.SIGTERM)
        for reader in self.readers:
            reader.join(timeout=5)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe and not pipe.closed:
                pipe.close()


class WebTests(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(OPTIONS.docs, exist_ok=True)
        cls.start(OPTIONS.mockserver, OPTIONS.chromium)

    def setUp(self):
        self.started = time.monotonic()
        if self.server.is_offline():
            self.server.set_offline(False)
        self.folder = tempfile.mkdtemp(prefix="testbed-web-test-")
        self.webs = []
        self.contexts = []
        self.page_errors = []

    def tearDown(self):
        print(f" [{time.monotonic() - self.started:.1f} s]", end=" ", file=sys.stderr, flush=True)
        for context in self.contexts:
            context.close()
        logs = []
        for web in self.webs:
            web.stop()
            logs.append(web.log())
        if self.server.is_offline():
            self.server.set_offline(False)
        shutil.rmtree(self.folder, ignore_errors=True)
        result = getattr(self._outcome, "result", None)
        failed = result is not None and any(test is self for test, _ in result.failures + result.errors)
        if failed:
            print("\n--- testbed web standard error (last lines) ---\n" + "\n".join(logs), file=sys.stderr)
        self.assertEqual(self.page_errors, [], "the page logged errors")

    # Helpers

    def start_web(self, *extra, port=0):
        """A `testbed web` with this test's cache and database (the same ones on every call), on
        `port` (0: a free one)."""
        if "--lang" not in extra:
            extra = ("--lang", "en", *extra)  # not whatever LANG the machine has
        web = TestbedWeb(OPTIONS.testbed, self.server.main, os.path.join(self.folder, "cache"),
                         os.path.join(self.folder, "feed.sqlite"), extra, port)
        self.webs.append(web)
        return web

    def new_page(self, web, viewport=PORTRAIT):
        context = self.browser.new_context(viewport=viewport)
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        # Answers the page handles (a 400 the test asked for) also reach the console: not counted.
        page.on("console", lambda message: message.type == "error"
                and not message.text.startswith("Failed to load resource") and self.page_errors.append(message.text))
        page.goto(web.url)
        expect(page.get_by_role("button", name="Gallery", exact=True)).to_be_visible()
        return page

    def open_gallery(self, page, count=6):
        page.get_by_role("button", name="Gallery", exact=True).click()
        cells = self.cells(page)
        expect(cells).to_have_count(count)
        return cells

    @staticmethod
    def cells(page):
        return page.get_by_role("list", name="Gallery").get_by_role("listitem")

    @staticmethod
    def wait_decoded(cell, minimum=800, timeout=15_000):
        """Waits until the cell shows an image the browser decoded at least `minimum` px wide."""
        cell.locator("img").wait_for(timeout=timeout)
        cell.locator("img").evaluate(
            """(image, minimum) => new Promise((resolve, reject) => {
                const check = () => image.complete && image.naturalWidth >= minimum;
                if (check()) return resolve();
                const timer = setTimeout(() => reject(new Error(`naturalWidth ${image.naturalWidth}`)), 10000);
                image.addEventListener("load", () => { clearTimeout(timer); check() ? resolve() : reject(new Error(`naturalWidth ${image.naturalWidth}`)); });
                image.addEventListener("error", () => { clearTimeout(timer); reject(new Error("the image did not decode")); });
            })""", minimum)
        return cell.locator("img").evaluate("image => image.naturalWidth")

    def wait_for_cell_side(self, page, side):
        page.wait_for_function(
            """side => {
                const cells = document.querySelectorAll('ul[aria-label="Gallery"] > li');
                return cells.length > 0 && [...cells].every(cell => {
                    const box = cell.getBoundingClientRect();
                    return Math.abs(box.width - side) < 0.5 && Math.abs(box.height - side) < 0.5;
                });
            }""", arg=side)

    def assert_no_horizontal_scrolling(self, page):
        overflow = page.evaluate(
            """() => [document.scrollingElement, ...document.querySelectorAll('*')]
                .filter(element => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'hidden'
                        && (element === document.scrollingElement || getComputedStyle(element).overflowX !== 'visible'))
                .map(element => element.id || element.tagName)""")
        self.assertEqual(overflow, [], "something scrolls sideways")
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"])

    def screenshot(self, page, name):
        page.screenshot(path=os.path.join(OPTIONS.docs, name))

    # Layout

    def test_layout_portraitSixSquaresOf370_landscape824_everyImageDecodes(self):
        web = self.start_web()
        page = self.new_page(web, PORTRAIT)
        cells = self.open_gallery(page)

        # Six square cells, each the width less 20 px, 10 px from the left, 10 px apart.
        self.wait_for_cell_side(page, 370)
        list_box = page.get_by_role("list", name="Gallery").bounding_box()
        boxes = [cells.nth(index).bounding_box() for index in range(6)]
        for index, box in enumerate(boxes):
            self.assertAlmostEqual(box["width"], 370, delta=0.5)
            self.assertAlmostEqual(box["height"], 370, delta=0.5)
            self.assertAlmostEqual(box["x"], 10, delta=0.5)
            self.assertAlmostEqual(box["y"] - list_box["y"], 10 + index * 380, delta=0.5)
        self.assert_no_horizontal_scrolling(page)

        # Every image decodes once its cell is on screen (each loads only then).
        widths = []
        for index in range(6):
            cells.nth(index).scroll_into_view_if_needed()
            widths.append(self.wait_decoded(cells.nth(index)))
            expect(cells.nth(index).locator("img")).to_have_attribute("alt", f"Image {index + 1} of 6")
        self.assertTrue(all(width >= 800 for width in widths), widths)

        cells.nth(0).scroll_into_view_if_needed()
        self.wait_decoded(cells.nth(0))
        self.wait_decoded(cells.nth(1))
        self.screenshot(page, "web-gallery-portrait.png")

        # The phone turns: the layout is recomputed for 844 px.
        page.set_viewport_size(LANDSCAPE)
        self.wait_for_cell_side(page, 824)
        self.assertAlmostEqual(cells.nth(1).bounding_box()["y"] - page.get_by_role("list", name="Gallery").bounding_box()["y"],
                               10 + 834, delta=0.5)
        self.assert_no_horizontal_scrolling(page)
        self.wait_decoded(cells.nth(0))
        self.screenshot(page, "web-gallery-landscape.png")

    # Tap

    def test_tap_slidesTheCellOut_theOneBelowTakesItsPlace_animatedAtLeast200ms(self):
        web = self.start_web()
        page = self.new_page(web, PORTRAIT)
        cells = self.open_gallery(page)
        self.wait_decoded(cells.nth(0))
        self.wait_decoded(cells.nth(1))
        first_top = cells.nth(0).bounding_box()["y"]
        below_id = cells.nth(1).get_attribute("data-id")
        below_src = cells.nth(1).locator("img").get_attribute("src")
        self.assertNotEqual(below_id, cells.nth(0).get_attribute("data-id"))

        # The page notes when the click happened and when the list came down to five cells.
        page.evaluate("""() => {
            const list = document.querySelector('ul[aria-label="Gallery"]');
            window.tapTimes = {};
            list.addEventListener('click', () => { window.tapTimes.click ??= performance.now(); }, { capture: true });
            new MutationObserver(() => {
                if (list.children.length === 5) window.tapTimes.five ??= performance.now();
            }).observe(list, { childList: true });
        }""")
        cells.nth(0).click()
        expect(cells).to_have_count(5)
        times = page.evaluate("window.tapTimes")
        elapsed = times["five"] - times["click"]
        print(f" [tap to five cells: {elapsed:.0f} ms]", end=" ", file=sys.stderr, flush=True)
        self.assertGreaterEqual(elapsed, 200, "the slide-out and the move-up take about 0.3 s each")
        self.assertLess(elapsed, 5000)

        moved = cells.nth(0)
        self.assertEqual(moved.get_attribute("data-id"), below_id)
        self.assertAlmostEqual(moved.bounding_box()["y"], first_top, delta=0.5)
        expect(moved.locator("img")).to_have_attribute("src", below_src)
        expect(moved.locator("img")).to_have_attribute("alt", "Image 1 of 5")
        self.assert_no_horizontal_scrolling(page)

        # The keyboard taps too: Enter on a focused (loaded) cell.
        self.wait_decoded(cells.nth(0))
        cells.nth(0).focus()
        page.keyboard.press("Enter")
        expect(cells).to_have_count(4)

    # Refresh

    def test_pullToRefresh_withAMouseDrag_bringsBackSix_andSoDoesTheRefreshButton(self):
        web = self.start_web()
        page = self.new_page(web, PORTRAIT)
        cells = self.open_gallery(page)
        self.wait_decoded(cells.nth(0))
        cells.nth(0).click()
        expect(cells).to_have_count(5)

        # A drag down from the top of the list, with a real mouse.
        box = page.get_by_role("list", name="Gallery").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + 40
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y + 60, steps=6)
        expect(page.locator("#pull")).to_have_class(re.compile(r"\bvisible\b"))
        page.mouse.move(x, y + 140, steps=8)
        page.mouse.up()
        expect(cells).to_have_count(6)
        expect(page.locator("#pull")).not_to_have_class(re.compile(r"\bvisible\b"), timeout=15_000)
        self.wait_decoded(cells.nth(0))

        # The button for keyboard and mouse users: Refresh.
        cells.nth(0).click()
        expect(cells).to_have_count(5)
        refresh = page.get_by_role("button", name="Refresh")
        refresh.focus()
        page.keyboard.press("Enter")
        expect(cells).to_have_count(6)

        # A short drag is no refresh (and no tap either).
        self.wait_decoded(cells.nth(0))
        self.wait_decoded(cells.nth(1))
        expect(page.locator("#pull")).not_to_have_class(re.compile(r"\bvisible\b"), timeout=15_000)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y + 30, steps=3)
        page.mouse.up()
        expect(page.locator("#pull")).not_to_have_class(re.compile(r"\bvisible\b"))
        expect(cells).to_have_count(6)
        expect(cells.nth(0).locator("img")).to_be_visible()

    def test_pullToRefresh_withAFingerDrag_bringsBackSix(self):
        web = self.start_web()
        context = self.browser.new_context(viewport=PORTRAIT, has_touch=True)
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.goto(web.url)
        page.get_by_role("button", name="Gallery", exact=True).tap()
        cells = self.cells(page)
        expect(cells).to_have_count(6)
        self.wait_decoded(cells.nth(0))
        cells.nth(0).tap()
        expect(cells).to_have_count(5)

        # Touch events as a phone sends them (Chromium's input domain), down from the top.
        box = page.get_by_role("list", name="Gallery").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + 40
        touch = context.new_cdp_session(page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 11):
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + 14 * step}]})
        expect(page.locator("#pull")).to_have_class(re.compile(r"\barmed\b"))
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(cells).to_have_count(6)

    # Messages

    def test_mixedScenarioInRussian_showsTheExactMessages_andOfflineShowsTheBanner(self):
        web = self.start_web("--lang", "ru", "--scenario", "mixed")
        # Tall enough that all six cells are on screen at once (so all six load together).
        page = self.new_page(web, {"width": 390, "height": 2400})
        cells = self.open_gallery(page)
        expect(page.get_by_role("heading", level=1)).to_have_text("Галерея")
        self.wait_decoded(cells.nth(0))
        expect(cells.nth(2).locator(".message")).to_have_text(RU_BROKEN)
        expect(cells.nth(3).locator(".message")).to_have_text(RU_UNAVAILABLE)
        expect(cells.nth(4).locator(".message")).to_have_text(RU_TOO_LARGE)
        self.wait_decoded(cells.nth(1))  # delay=3000: a slow image still arrives
        # stall_after=1000: the stall deadline is 15 s.
        expect(cells.nth(5).locator(".message")).to_have_text(RU_TIMED_OUT, timeout=30_000)
        expect(cells.nth(5).locator(".hint")).to_have_text(RU_PULL_TO_REFRESH)
        for index in (2, 3, 4):
            expect(cells.nth(index).locator(".hint")).to_have_count(0)
        # The accessible names stay English in Russian.
        expect(page.get_by_role("button", name="Refresh")).to_be_visible()
        expect(page.get_by_role("button", name="Back")).to_be_visible()

        # The server goes offline: a refresh shows the banner.
        self.server.set_offline(True)
        page.get_by_role("button", name="Refresh").click()
        expect(page.get_by_role("status").filter(has_text=RU_OFFLINE)).to_be_visible(timeout=15_000)
        expect(page.locator("#banner")).to_have_text(RU_OFFLINE)

        # Back online, the banner goes away by itself.
        self.server.set_offline(False)
        expect(page.locator("#banner")).to_be_hidden(timeout=15_000)

    # Feed and settings

    def test_feed_avatarsCountdown_settingsHideAvatarsAtOnce_andAfterARestart(self):
        web = self.start_web()
        page = self.new_page(web, PORTRAIT)
        page.get_by_role("button", name="Feed", exact=True).click()
        tweets = page.get_by_role("list", name="Tweets").get_by_role("listitem")
        expect(tweets.first).to_be_visible()
        avatars = page.get_by_role("list", name="Tweets").locator("img.avatar")
        expect(avatars.first).to_be_visible()
        expect(avatars.first).to_have_attribute("src", re.compile(r"^data:image/(png|jpeg);base64,"))
        page.wait_for_function(
            """() => [...document.querySelectorAll('img.avatar')].slice(0, 3).every(image => image.complete && image.naturalWidth > 0)""")

        # The countdown ticks down.
        timer = page.get_by_role("timer")
        expect(timer).to_have_text(re.compile(r"^Next update in \d+ s$"))
        first = int(re.search(r"\d+", timer.inner_text()).group())
        page.wait_for_function(
            """first => {
                const match = /\\d+/.exec(document.querySelector('[role=timer]').textContent);
                return match && Number(match[0]) <= first - 2;
            }""", arg=first, timeout=5000)
        self.screenshot(page, "web-feed-portrait.png")
        page.set_viewport_size(LANDSCAPE)
        expect(tweets.first).to_be_visible()
        self.assert_no_horizontal_scrolling(page)
        self.screenshot(page, "web-feed-landscape.png")
        page.set_viewport_size(PORTRAIT)
        count = tweets.count()

        # Settings: the switch turns avatars off, and the feed shows none at once.
        page.get_by_role("button", name="Settings").click()
        switch = page.get_by_role("switch", name="Show avatars")
        expect(switch).to_be_checked()
        switch.click()
        expect(switch).not_to_be_checked()
        page.get_by_role("button", name="Back").click()
        expect(tweets).to_have_count(count)
        expect(page.get_by_role("list", name="Tweets").locator(".avatar")).to_have_count(0, timeout=2000)

        # After a restart (offline: only the cache can show tweets) the avatars stay hidden.
        web.stop()
        expect(page.get_by_role("status").filter(has_text="Lost the connection")).to_be_visible()
        self.server.set_offline(True)
        web = self.start_web()
        page = self.new_page(web, PORTRAIT)
        page.get_by_role("button", name="Feed", exact=True).click()
        expect(tweets.first).to_be_visible(timeout=5000)
        expect(page.get_by_role("alert").filter(has_text=EN_OFFLINE)).to_be_visible(timeout=15_000)
        self.assertGreater(tweets.count(), 0)
        expect(page.get_by_role("list", name="Tweets").locator(".avatar")).to_have_count(0)
        page.get_by_role("button", name="Settings").click()
        expect(page.get_by_role("switch", name="Show avatars")).not_to_be_checked()

    # Bad input and sessions

    def test_hostileTweets_inTheRealV11Format_areShownAsText_neverAsMarkup(self):
        # The real API's v1.1 JSON escapes text as HTML (&lt;); the parser unescapes it, so markup
        # reaches the page as data. A stub (WireMock format, matched before the catalog) serves it.
        hostile_name = '<img src=x onerror="window.__pwned=1">Mallory'
        hostile_text = '<script>window.__pwned=1</script> & <b>bold</b> \u202etxet ot tfel\u202c'
        statuses = [{
            "created_at": "Wed Nov 25 09:00:00 +0000 2026", "id": 1460000000000999999, "id_str": "1460000000000999999",
            "text": hostile_text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"),
            "user": {"id": 99, "id_str": "99", "name": hostile_name, "screen_name": "mallory",
                     "profile_image_url_https": "javascript:window.__pwned=1"},
        }]
        stub = self.server.admin_call("POST", "/__admin/mappings", {
            "request": {"method": "GET", "urlPath": "/1.1/search/tweets.json"},
            "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                         "jsonBody": {"statuses": statuses, "search_metadata": {"count": 1}}},
        })
        try:
            web = self.start_web()
            page = self.new_page(web, PORTRAIT)
            page.get_by_role("button", name="Feed", exact=True).click()
            row = page.get_by_role("list", name="Tweets").get_by_role("listitem").first
            expect(row).to_contain_text("Mallory")
            expect(row).to_contain_text("<script>window.__pwned=1</script> & <b>bold</b>")
            expect(row).to_contain_text(hostile_name)
            self.assertEqual(row.locator("script, b, img:not(.avatar)").count(), 0, "server data is never parsed as markup")
            self.assertIsNone(page.evaluate("window.__pwned"))
            # The avatar URL is no image URL: the row keeps its placeholder, nothing is fetched from it.
            expect(row.locator("img.avatar")).to_have_count(0)
        finally:
            self.server.admin_call("DELETE", f"/__admin/mappings/{stub['id']}")

    def test_malformedEvents_get400_andThePageKeepsWorking_aNewPageTakesOver(self):
        web = self.start_web()
        page = self.new_page(web, PORTRAIT)
        posts = []
        page.on("request", lambda request: request.method == "POST" and posts.append(request.url))
        cells = self.open_gallery(page)
        self.assertTrue(posts, "the page posted its events")
        events_url = posts[0]
        self.assertRegex(events_url, r"/session/[^/]+/events$")

        api = self.contexts[-1].request
        json_header = {"Content-Type": "application/json"}
        for body in ('{"type":"gallery.tap","index":-1}', "not json", '{"type":"no.such.event"}', '{"index":1}',
                     '{"type":"gallery.resize","width":"wide","height":3}', "[]"):
            response = api.post(events_url, data=body, headers=json_header)
            self.assertEqual(response.status, 400, body)
            self.assertIn("error", response.json(), body)
        response = api.post(re.sub(r"/session/[^/]+/", "/session/0123abcd/", events_url),
                            data='{"type":"gallery.load"}', headers=json_header)
        self.assertEqual(response.status, 404)

        # The screens keep working.
        self.wait_decoded(cells.nth(0))
        cells.nth(0).click()
        expect(cells).to_have_count(5)

        # A second page takes over: the first one says so and stops; the second works.
        second = self.contexts[-1].new_page()
        second.on("pageerror", lambda error: self.page_errors.append(str(error)))
        second.goto(web.url)
        expect(page.get_by_role("alert").filter(has_text=re.compile(r"\S"))).to_be_visible()
        expect(page.locator("#closed")).to_be_visible()
        response = api.post(events_url, data='{"type":"gallery.refresh"}', headers=json_header)
        self.assertEqual(response.status, 410, "the old session is gone")
        second_cells = self.open_gallery(second)
        self.wait_decoded(second_cells.nth(0))

        # A reload starts a fresh session of the views, in the same process.
        second.reload()
        second_cells = self.open_gallery(second)
        self.wait_decoded(second_cells.nth(0))
        second_cells.nth(0).click()
        expect(second_cells).to_have_count(5)
        self.assertIsNone(web.process.poll(), "testbed web is still running")

    def test_aReconnectAfterARestart_neverTakesTheSessionFromAPageOpenedSince(self):
        web = self.start_web()
        old = self.new_page(web)
        port = urllib.parse.urlsplit(web.url).port
        # The old page's reconnects are held back (failed) until a new page has the session, so
        # the order is the one a person meets, whatever the browser's retry delay.
        holding = {"on": True}
        old.route("**/events*", lambda route: route.abort() if holding["on"] else route.continue_())

        # The server restarts on the same port; a person opens a new page before the old one is back.
        web.stop()
        expect(old.get_by_role("status").filter(has_text="Lost the connection")).to_be_visible()
        web = self.start_web(port=port)
        new = self.new_page(web)
        holding["on"] = False

        # The old page reconnects and learns that a newer page holds the session; the new page keeps it.
        expect(old.locator("#closed")).to_contain_text("opened in another tab", timeout=15_000)
        expect(old.locator("#closed")).to_be_visible()
        cells = self.open_gallery(new)
        self.wait_decoded(cells.nth(0))
        cells.nth(0).click()
        expect(cells).to_have_count(5)
        expect(new.locator("#closed")).to_be_hidden()

        # A person reloading the old page takes the session back, as any page they open does.
        old.unroute("**/events*")
        old.reload()
        expect(old.locator("#closed")).to_be_hidden()
        self.open_gallery(old)
        expect(new.locator("#closed")).to_be_visible()

    # The image zoo

    MARKER_CORNERS = """image => {
        // Where the zoo's "up" marker (a white block, a quarter wide and an eighth high, in the
        // upright picture's top-left corner) is: the share of near-white pixels in each corner.
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        const w = Math.max(1, Math.floor(canvas.width / 6)), h = Math.max(1, Math.floor(canvas.height / 12));
        const share = (x, y) => {
            const data = context.getImageData(x, y, w, h).data;
            let white = 0;
            for (let i = 0; i < data.length; i += 4) if (data[i] > 225 && data[i + 1] > 225 && data[i + 2] > 225) white += 1;
            return white / (w * h);
        };
        return {
            topLeft: share(0, 0), topRight: share(canvas.width - w, 0),
            bottomLeft: share(0, canvas.height - h), bottomRight: share(canvas.width - w, canvas.height - h),
            width: canvas.width, height: canvas.height,
        };
    }"""

    def screenshot_settled(self, page, cells, first, name):
        """Scrolls cell `first` to the top, waits until it and the one below show what they will
        (their images drawn), and takes the screenshot."""
        page.locator("#scroller").evaluate("(scroller, top) => { scroller.scrollTop = top; }",
                                           cells.nth(first).evaluate("cell => cell.offsetTop - 10"))
        for index in range(first, min(first + 2, cells.count())):
            expect(cells.nth(index)).to_have_attribute("data-state", re.compile("^(loaded|failed)$"), timeout=20_000)
            if cells.nth(index).get_attribute("data-state") == "loaded":
                self.wait_decoded(cells.nth(index), minimum=100)
        self.screenshot(page, name)

    def test_zoo_pagesThroughEveryVariant_withCaptions_everyExifCellUpright(self):
        web = self.start_web("--scenario", "zoo")
        page = self.new_page(web, PORTRAIT)
        cells = self.open_gallery(page)
        previous = page.get_by_role("button", name="Previous page", exact=True)
        following = page.get_by_role("button", name="Next page", exact=True)
        status = page.locator("#page-status")
        expect(status).to_have_text(re.compile(r"^Page 1 of \d+$"))
        pages = int(status.text_content().split()[-1])
        self.assertGreaterEqual(pages, 8, "the zoo has more than 42 variants")
        expect(previous).to_be_disabled()

        titles, upright = [], {}
        for number in range(1, pages + 1):
            expect(status).to_have_text(f"Page {number} of {pages}")
            count = cells.count()
            self.assertTrue(1 <= count <= 6, count)
            for index in range(count):
                cell = cells.nth(index)
                cell.scroll_into_view_if_needed()
                # Every cell settles (an image, or the failure a good loader shows) under its caption.
                expect(cell).to_have_attribute("data-state", re.compile("^(loaded|failed)$"), timeout=20_000)
                title = cell.locator(".caption-title").text_content()
                expect(cell.locator(".caption-advice")).not_to_be_empty()
                titles.append(title)
                if title.startswith("jpg exif-"):
                    self.wait_decoded(cell, minimum=100)
                    corners = cell.locator("img").evaluate(self.MARKER_CORNERS)
                    upright[title] = corners
                    self.assertGreater(corners["topLeft"], 0.9, f"{title}: the marker is not top left: {corners}")
                    for corner in ("topRight", "bottomLeft", "bottomRight"):
                        self.assertLess(corners[corner], 0.5, f"{title}: white in the {corner} corner: {corners}")
                    self.assertGreater(corners["width"], corners["height"], f"{title}: shown turned: {corners}")
            exif = [index for index, title in enumerate(titles[-count:]) if title.startswith("jpg exif-")]
            if exif or number == 1:
                self.screenshot_settled(page, cells, exif[0] if exif else 0, f"web-zoo-page-{number}.png")
            if number < pages:
                if number == 1:
                    following.focus()  # the keyboard: Tab reaches the button, Enter presses it
                    page.keyboard.press("Enter")
                else:
                    following.click()
                expect(status).to_have_text(f"Page {number + 1} of {pages}")
        expect(following).to_be_disabled()
        self.assertEqual(sorted(upright), [f"jpg exif-{k}" for k in range(1, 9)])
        self.assertEqual(len(titles), len(set(titles)), "no variant twice")
        self.assertEqual(len(titles), (pages - 1) * 6 + cells.count())

        # Back one page with the keyboard (Space), and pull-to-refresh still reloads the page shown.
        previous.focus()
        page.keyboard.press("Space")
        expect(status).to_have_text(f"Page {pages - 1} of {pages}")
        shown = [cells.nth(index).get_attribute("data-caption") for index in range(cells.count())]
        page.get_by_role("button", name="Refresh", exact=True).click()
        expect(status).to_have_text(f"Page {pages - 1} of {pages}")
        expect(cells).to_have_count(len(shown))
        self.assertEqual([cells.nth(index).get_attribute("data-caption") for index in range(cells.count())], shown)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mockserver", default=OPTIONS.mockserver)
    parser.add_argument("--testbed", default=OPTIONS.testbed)
    parser.add_argument("--chromium", default=OPTIONS.chromium)
    parser.add_argument("--docs", default=OPTIONS.docs, help="where the screenshots go (default: docs/)")
    arguments, rest = parser.parse_known_args()
    OPTIONS.mockserver = os.path.abspath(arguments.mockserver)
    OPTIONS.testbed = os.path.abspath(arguments.testbed)
    OPTIONS.chromium = arguments.chromium
    OPTIONS.docs = os.path.abspath(arguments.docs)
    sys.argv[1:] = rest
    run_tests("web")


if __name__ == "__main__":
    main()
