import Foundation
import TestSupport
import XCTest

/// `testbed web` in a real browser: runs Tests/Browser/web_test.py (see that file) against the
/// `mockserver` and `testbed` products built beside this bundle; the script starts both itself,
/// on port 0. Its screenshots go to `.build-browser/screenshots/` so that a test run leaves the
/// checkout as it was; with `TESTBED_DOCS_SCREENSHOTS=1` they replace those in docs/ (which
/// docs/WEB.md and the README show).
final class WebBrowserTests: XCTestCase {
    func test_webApp_inChromium() throws {
        let mockserver = ChildProcess.product("mockserver")
        let testbed = ChildProcess.product("testbed")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: mockserver.path), "build the mockserver product first")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: testbed.path), "build the testbed product first")
        let toDocs = ProcessInfo.processInfo.environment["TESTBED_DOCS_SCREENSHOTS"] == "1"
        let screenshots = BrowserScript.root.appendingPathComponent(toDocs ? "docs" : ".build-browser/screenshots")
        // 600 s: the zoo test pages through every variant (about 40 s alone, 80 s on a busy machine).
        try BrowserScript.run(
            "web_test.py", arguments: ["--mockserver", mockserver.path, "--testbed", testbed.path, "--docs", screenshots.path],
            timeout: 600)
    }
}
