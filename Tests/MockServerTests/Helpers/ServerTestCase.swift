import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Base for tests that need a server: each test gets its own, on 127.0.0.1 port 0.
class ServerTestCase: XCTestCase {
    private(set) var server: MockServer!
    let token = "testbed-token"

    /// Override to configure the server of every test in the class.
    var configuration: MockServer.Configuration { MockServer.Configuration() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        var configuration = configuration
        if let backend = TestBackend.forced { configuration.backend = backend }
        server = try MockServer.start(configuration)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// GET on the main port.
    func get(_ pathAndQuery: String, headers: [String] = [], timeout: Double = 10) -> CurlResult {
        HTTP.get(server.url(pathAndQuery), headers: headers, timeout: timeout)
    }

    /// GET with the bearer token.
    func getAuthorized(_ pathAndQuery: String) -> CurlResult {
        get(pathAndQuery, headers: ["Authorization: Bearer \(token)"])
    }

    /// Waits (polling every 10 ms, at most `timeout`) until `condition` holds.
    func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        waitUntil(timeout: timeout, condition)
    }
}
