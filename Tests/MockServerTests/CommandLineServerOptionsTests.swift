import Foundation
import TestSupport
import XCTest

/// `mockserver`'s server options reach the server: `--backend portable --threads N`,
/// `--connection-limit N --idle-timeout SECONDS`; bad values are refused with a message.
final class CommandLineServerOptionsTests: XCTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "build the products first: \(binary.path)")
    }

    func test_backendAndThreads_applyToTheServer() throws {
        // Given
        let child = try ChildProcess(
            binary, ["--port", "0", "--admin-port", "0", "--log-level", "warning", "--backend", "portable", "--threads", "3"])
        defer { _ = child.waitForExit(timeout: 0) }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("threads on the main port") }, child.standardError)

        // Then the banner names them, and the server serves and resets the portable way
        XCTAssertTrue(child.standardOutput.contains("backend: portable, 3 threads on the main port"), child.standardOutput)
        let port = try XCTUnwrap(Self.port(in: child.standardOutput))
        XCTAssertEqual(try RawConnection(port: port, get: "/health?reset=1").readAll(timeout: 2).end, .reset)
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/health"))
        XCTAssertEqual(HTTP.get(url).status, 200)

        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 3), 0)
    }

    func test_limitOptions_applyToTheServer() throws {
        // Given a mockserver that serves two connections at once and drops idle ones after 1 s
        let child = try ChildProcess(
            binary, ["--port", "0", "--admin-port", "0", "--log-level", "warning", "--connection-limit", "2", "--idle-timeout", "1"])
        defer { _ = child.waitForExit(timeout: 0) }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("listening on") }, child.standardError)
        let port = try XCTUnwrap(Self.port(in: child.standardOutput))
        let base = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)"))

        // When two connections stall, a third is answered with a 503
        let stalled = try (0..<2).map { _ in try RawConnection(port: port, get: "/health?stall_after=0") }
        XCTAssertTrue(waitUntil { HTTP.get(base.appendingPathComponent("health"), timeout: 2).status == 503 })
        // and a connection that sends half a request is closed after about a second
        let half = try RawConnection(port: port, request: "GET /he")
        let start = ProcessStats.now()
        XCTAssertNotEqual(half.readAll(timeout: 5).end, .timedOut)
        XCTAssertLessThan(ProcessStats.now() - start, 3.5)

        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 3), 0)
        withExtendedLifetime(stalled) {}
    }

    func test_badServerOptions_areRejectedWithAMessage() throws {
        let bad = [
            ["--backend", "kqueue"], ["--threads", "-1"], ["--threads", "65"],
            ["--connection-limit", "0"], ["--idle-timeout", "-1"], ["--connection-limit", "many"],
        ]
        for arguments in bad {
            let child = try ChildProcess(binary, ["--port", "0"] + arguments)
            let status = child.waitForExit(timeout: 5)
            XCTAssertNotNil(status, "\(arguments) exits by itself")
            XCTAssertNotEqual(status, 0, "\(arguments)")
            XCTAssertTrue(child.standardError.contains(arguments[0]), "\(arguments) names the option: \(child.standardError)")
        }
    }

    func test_openFilesLimit_isRaisedToTheHardLimit_atStart() throws {
        // Given a mockserver started with a soft open-files limit of 256 (macOS's default)
        try LinuxOnly.require("procfs (another process's limits file)")
        let shell = URL(fileURLWithPath: "/bin/sh")
        let child = try ChildProcess(
            shell, ["-c", "ulimit -Sn 256 && exec \"$0\" \"$@\"", binary.path, "--port", "0", "--admin-port", "0", "--log-level", "warning"])
        defer { _ = child.waitForExit(timeout: 0) }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("listening on") }, child.standardError)

        // Then it serves with the soft limit raised to the hard one (each stalled connection holds a descriptor)
        #if os(Linux)
        let limits = try String(contentsOfFile: "/proc/\(child.processIdentifier)/limits", encoding: .utf8)
        let line = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let fields = line.dropFirst("Max open files".count).split(separator: " ")
        XCTAssertGreaterThan(fields.count, 1, String(line))
        XCTAssertEqual(fields.first, fields.dropFirst().first, "soft = hard: \(line)")
        XCTAssertNotEqual(fields.first, "256", String(line))
        #endif
        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 3), 0)
    }

    private static func port(in text: String) -> Int? {
        guard let range = text.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
