import Foundation
import TestSupport
import XCTest

/// The dashboard in a real browser: runs Tests/Browser/dashboard_test.py (see that file) against
/// the `mockserver` product built beside this bundle.
final class DashboardBrowserTests: XCTestCase {
    func test_dashboard_inChromium() throws {
        let mockserver = ChildProcess.product("mockserver")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: mockserver.path), "build the mockserver product first")
        try BrowserScript.run("dashboard_test.py", arguments: ["--mockserver", mockserver.path])
    }
}
