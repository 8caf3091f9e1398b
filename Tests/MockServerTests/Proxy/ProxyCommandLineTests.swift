import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `mockserver --proxy-all` as a user runs it: the banner, and the refusals at start.
final class ProxyCommandLineTests: ProxyTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }

    func test_proxyAll_printsWhereItProxies_andServesTheUpstream() throws {
        // Given
        let child = try ChildProcess(binary, ["--port", "0", "--admin-port", "0", "--proxy-all", upstream.baseURL.absoluteString])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 3)
        }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("the built-in catalog is off") }, child.standardOutput + child.standardError)
        let line = try XCTUnwrap(child.standardOutput.split(separator: "\n").first { $0.contains("listening on") })
        let base = try XCTUnwrap(line.split(separator: " ").first { $0.hasPrefix("http://") }.flatMap { URL(string: String($0)) })

        // When
        let result = HTTP.get(base.appendingPathComponent("health"))

        // Then: the upstream's /health, not the proxy's own
        XCTAssertEqual(result.status, 200)
        XCTAssertNotNil(upstreamRecord("/health"))
    }

    func test_proxyAll_atItself_orNotAURL_refusesToStart_sayingWhy() throws {
        // Given: a port free just now (the other listeners on port 0, so that only this one port must
        // still be free: the blackhole's default, port + 2, may be another test's by now)
        let probe = try MockServer.start(MockServer.Configuration())
        let port = probe.port
        probe.stop()
        let cases: [(arguments: [String], says: String)] = [
            (["--port", "\(port)", "--admin-port", "0", "--blackhole-port", "0", "--proxy-all", "http://127.0.0.1:\(port)"], "would loop"),
            (["--port", "0", "--proxy-all", "ftp://example.com"], "--proxy-all must be an http:// or https:// URL"),
            (["--port", "0", "--proxy-all", "http://example.com", "--proxy-ca", "/nonexistent/ca.pem"], "--proxy-ca"),
        ]
        for (arguments, says) in cases {
            // When
            let child = try ChildProcess(binary, arguments)
            let status = child.waitForExit(timeout: 5)

            // Then
            XCTAssertNotNil(status, "\(arguments) exits by itself")
            XCTAssertNotEqual(status, 0, "\(arguments)")
            XCTAssertTrue(child.standardError.contains(says), "\(arguments): \(child.standardError)")
        }
    }
}
