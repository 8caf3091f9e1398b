import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Base of the proxy tests: an upstream (another in-process server on 127.0.0.1 port 0, its
/// catalog and stubs) and proxies in front of it, all stopped after each test.
class ProxyTestCase: XCTestCase {
    private(set) var upstream: MockServer!
    private var started: [MockServer] = []

    /// The upstream's configuration (override for TLS).
    var upstreamConfiguration: MockServer.Configuration { MockServer.Configuration() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        var configuration = upstreamConfiguration
        if let backend = TestBackend.forced { configuration.backend = backend }
        upstream = try MockServer.start(configuration)
        started.append(upstream)
    }

    override func tearDown() {
        for server in started.reversed() { server.stop() }
        started = []
        upstream = nil
        super.tearDown()
    }

    /// A proxy with `--proxy-all base` (the upstream's base URL unless given).
    func proxyAll(_ base: String? = nil, preserveHost: Bool = false, caFile: URL? = nil) throws -> MockServer {
        var configuration = MockServer.Configuration()
        if let backend = TestBackend.forced { configuration.backend = backend }
        configuration.proxy = MockServer.ProxyOptions(
            proxyAll: base ?? upstream.baseURL.absoluteString, caFile: caFile, preserveHostHeader: preserveHost)
        let server = try MockServer.start(configuration)
        started.append(server)
        return server
    }

    /// A server with the given mappings (`UPSTREAM` in them becomes the upstream's base URL).
    func proxyStubs(_ json: String) throws -> MockServer {
        var configuration = MockServer.Configuration()
        if let backend = TestBackend.forced { configuration.backend = backend }
        let server = try MockServer.start(configuration)
        started.append(server)
        let base = upstream.baseURL.absoluteString
        _ = try server.addStubs(json: Data(json.replacingOccurrences(of: "UPSTREAM", with: base).utf8))
        return server
    }

    /// Adds stubs to the upstream.
    func upstreamStubs(_ json: String) throws {
        _ = try upstream.addStubs(json: Data(json.utf8))
    }

    /// The upstream's last journal record for `path`, waiting a little for it.
    func upstreamRecord(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> RequestRecord? {
        var found: RequestRecord?
        _ = waitUntil(timeout: 5) {
            found = upstream.requests.last { $0.path == path }
            return found != nil
        }
        if found == nil { XCTFail("the upstream never saw \(path)", file: file, line: line) }
        return found
    }
}
