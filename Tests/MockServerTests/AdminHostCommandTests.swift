import Foundation
import TestSupport
import XCTest

/// `mockserver --admin-host`, as a user runs it.
final class AdminHostCommandTests: XCTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }

    func test_adminHost_isWhereTheAdminPortListens_andLoopbackPrintsNoWarning() throws {
        let child = try ChildProcess(binary, ["--port", "0", "--admin-port", "0", "--admin-host", "127.0.0.1", "--log-level", "warning"])
        defer { _ = child.waitForExit(timeout: 0) }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("listening on") }, child.standardError)
        let line = child.standardOutput.split(separator: "\n").first { $0.contains("listening on") } ?? ""
        XCTAssertTrue(line.contains("(admin http://127.0.0.1:"), String(line))
        XCTAssertFalse(child.standardOutput.contains("WARNING"), "nothing is exposed on loopback")
        XCTAssertFalse(child.standardError.contains("no authentication"))
        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 3), 0)
    }

    func test_aBadAdminHost_isAUsageError() throws {
        let child = try ChildProcess(binary, ["--port", "0", "--admin-host", "nowhere.invalid"])
        XCTAssertEqual(child.waitForExit(timeout: 5), 64)
        XCTAssertTrue(child.standardError.contains("nowhere.invalid"), child.standardError)
    }
}
