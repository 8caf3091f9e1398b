import Foundation
import TestSupport
import XCTest

/// `testbed web` in a real browser: runs Tests/Browser/web_test.py (see that file) against the
/// `mockserver` and `testbed` products built beside this bundle; the script starts both itself,
/// on port 0.
final class WebBrowserTests: XCTestCase {
    func test_webApp_inChromium() throws {
        let mockserver = ChildProcess.product("mockserver")
        let testbed = ChildProcess.product("testbed")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: mockserver.path), "build the mockserver product first")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: testbed.path), "build the testbed product first")
        try BrowserScript.run("web_test.py", arguments: ["--mockserver", mockserver.path, "--testbed", testbed.path])
    }
}
