import Foundation
import TestSupport
import XCTest

/// The `mockserver` executable as a user runs it.
final class CommandLineTests: XCTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "build the products first (swift build --build-tests, as make test does): \(binary.path)")
    }

    func test_mockserver_printsItsURLs_logsEachRequest_andStopsOnSIGTERM() throws {
        // Given
        let child = try ChildProcess(binary, ["--port", "0", "--admin-port", "0"])
        defer { _ = child.waitForExit(timeout: 0) }
        let base = try XCTUnwrap(waitForBaseURL(child), child.standardError)
        // The catalog follows the URLs on standard output, possibly in a later read.
        XCTAssertTrue(waitUntil { child.standardOutput.contains("Faults") }, "the scenario catalog is printed at start")

        // When
        XCTAssertEqual(HTTP.get(base.appendingPathComponent("health")).status, 200)

        // Then one log line per request, and a clean stop
        XCTAssertTrue(waitUntil { child.standardError.contains("GET /health → 200") }, child.standardError)
        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 3), 0)
        XCTAssertTrue(child.standardOutput.contains("stopped"))
        XCTAssertEqual(HTTP.get(base.appendingPathComponent("health"), timeout: 2).code, CurlCode.refused)
    }

    func test_mockserver_startsOffline_andTheAdminPortTurnsItOn() throws {
        let child = try ChildProcess(binary, ["--port", "0", "--admin-port", "0", "--offline", "--log-level", "warning"])
        defer { _ = child.waitForExit(timeout: 0) }
        let base = try XCTUnwrap(waitForBaseURL(child), child.standardError)
        let admin = try XCTUnwrap(adminURL(in: child.standardOutput))
        XCTAssertEqual(HTTP.get(base.appendingPathComponent("health"), timeout: 2).code, CurlCode.refused)
        XCTAssertEqual(HTTP.post(admin.appendingPathComponent("__admin/offline"), json: #"{"offline":false}"#).status, 200)
        XCTAssertEqual(HTTP.get(base.appendingPathComponent("health")).status, 200)
        child.send(SIGINT)
        XCTAssertEqual(child.waitForExit(timeout: 3), 0)
    }

    func test_mockserver_rejectsBadOptionsWithAMessage() throws {
        for arguments in [["--port", "70000"], ["--host", "nowhere.invalid"], ["--port", "0", "--admin-port", "-1"]] {
            let child = try ChildProcess(binary, arguments)
            let status = child.waitForExit(timeout: 5)
            XCTAssertNotNil(status, "\(arguments) exits by itself")
            XCTAssertNotEqual(status, 0, "\(arguments)")
            XCTAssertFalse(child.standardError.isEmpty, "\(arguments) explains why")
        }
    }

    // MARK: - Helpers

    private func waitForBaseURL(_ child: ChildProcess) -> URL? {
        _ = waitUntil { child.standardOutput.contains("listening on") }
        return firstURL(after: "listening on ", in: child.standardOutput)
    }

    private func adminURL(in text: String) -> URL? { firstURL(after: "(admin ", in: text) }

    private func firstURL(after marker: String, in text: String) -> URL? {
        guard let range = text.range(of: marker) else { return nil }
        let rest = text[range.upperBound...]
        let end = rest.firstIndex(where: { $0 == " " || $0 == ")" || $0 == "\n" || $0 == "," }) ?? rest.endIndex
        return URL(string: String(rest[..<end]))
    }
}
