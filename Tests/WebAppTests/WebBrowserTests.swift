import Foundation
import TestSupport
import XCTest

/// `testbed web` in a real browser: runs Tests/Browser/web_test.py (Playwright for Python driving
/// Debian's Chromium, see that file) against the `mockserver` and `testbed` products built beside
/// this bundle. The script starts both itself, on port 0. `make test` creates the script's venv
/// first (ci/browser-venv.sh); without it, this fails and says so (it is never skipped).
final class WebBrowserTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func test_webApp_inChromium() throws {
        let python = Self.root.appendingPathComponent(".build-browser/venv/bin/python")
        let script = Self.root.appendingPathComponent("Tests/Browser/web_test.py")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            XCTFail("no Playwright venv at \(python.path): run `bash ci/browser-venv.sh` (make test does)")
            return
        }
        let mockserver = ChildProcess.product("mockserver")
        let testbed = ChildProcess.product("testbed")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: mockserver.path), "build the mockserver product first")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: testbed.path), "build the testbed product first")

        // When
        let child = try ChildProcess(python, [script.path, "--mockserver", mockserver.path, "--testbed", testbed.path])
        let status = child.waitForExit(timeout: 300)

        // Then
        let output = child.standardOutput + child.standardError
        print(output)
        XCTAssertEqual(status, 0, "the browser tests failed:\n\(output)")
        XCTAssertTrue(child.standardOutput.contains(" 0 failed"), child.standardOutput)
    }
}
