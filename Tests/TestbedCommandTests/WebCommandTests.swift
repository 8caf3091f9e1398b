import Foundation
import MockServer
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `testbed web` as a newcomer starts and stops it.
final class WebCommandTests: CommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: ChildProcess.product("testbed").path), "build the products first")
    }

    private func web(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(ChildProcess.product("testbed"), ["web", "--server", server.baseURL.absoluteString, "--cache", folder.path] + arguments)
    }

    func test_web_announcesItsAddress_servesThePage_andStopsOnSIGTERM() async throws {
        // Given
        let child = try web(["--port", "0"])
        // When
        let announced = waitUntil(timeout: 30) { child.standardOutput.contains("/\n") }
        XCTAssertTrue(announced, "no address line: \(child.standardError)")
        let line = child.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        let match = try XCTUnwrap(line.wholeMatch(of: /testbed web: serving http:\/\/127\.0\.0\.1:(\d+)\//), line)
        let (page, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(match.1)/")!)
        // Then
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertTrue(String(decoding: page, as: UTF8.self).contains("<html"))
        XCTAssertTrue(child.standardError.contains("testbed-token"), "says which token the feed uses: \(child.standardError)")
        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 10), 0, child.standardError)
    }

    func test_web_badArguments_areRefusedWithAReason() throws {
        let port = try web(["--port", "70000"])
        XCTAssertEqual(port.waitForExit(timeout: 20), 64)
        XCTAssertTrue(port.standardError.contains("--port must be from 0 to 65535"), port.standardError)

        let token = try web(["--token-file", folder.appendingPathComponent("missing.txt").path])
        XCTAssertEqual(token.waitForExit(timeout: 20), 2)
        XCTAssertTrue(token.standardError.contains("missing.txt"), token.standardError)
    }

    func test_web_aBusyPort_isReportedNotTrapped() async throws {
        // Given: a port already taken (the mock server's)
        let child = try web(["--port", "\(server.baseURL.port ?? 0)"])
        // Then
        XCTAssertEqual(child.waitForExit(timeout: 30), 1, child.standardError)
        XCTAssertTrue(child.standardError.contains("cannot serve on 127.0.0.1"), child.standardError)
    }
}
