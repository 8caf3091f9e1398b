import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The server's blackhole: open from start to stop, named by the catalog and the banner.
final class BlackholeServerTests: ServerTestCase {
    func test_blackholeURL_timesOutConnecting_curl28() {
        XCTAssertNotEqual(server.blackholeURL.port, server.port)
        let result = HTTP.get(server.blackholeURL.appendingPathComponent("images/1.png"), timeout: 0.5)
        XCTAssertEqual(result.code, CurlCode.timedOut, result.message)
        XCTAssertEqual(result.status, 0)
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.45)
        XCTAssertLessThan(result.elapsed, 1.5)
    }

    func test_blackholeURL_connectNeverCompletes() throws {
        let port = try XCTUnwrap(server.blackholeURL.port)
        XCTAssertFalse(BlackholeTests.connectCompletes(port: port, within: 0.3), "the SYN is dropped: no connection, not a silent one")
    }

    func test_staysABlackhole_whileTheServerIsOffline() throws {
        try server.setOffline(true)
        XCTAssertEqual(get("/health", timeout: 1).code, CurlCode.refused, "the main port refuses at once")
        XCTAssertEqual(HTTP.get(server.blackholeURL, timeout: 0.3).code, CurlCode.timedOut, "the blackhole still swallows")
    }

    func test_catalogAndBanner_nameIt() throws {
        let catalog = try XCTUnwrap(HTTP.get(server.adminURL.appendingPathComponent("__admin/catalog")).json)
        XCTAssertEqual(catalog["blackholeURL"] as? String, server.blackholeURL.absoluteString)
        XCTAssertTrue(server.catalogDescription.contains("Blackhole: \(server.blackholeURL.absoluteString)"))
    }

    func test_stop_closesIt() throws {
        let port = try XCTUnwrap(server.blackholeURL.port)
        server.stop()
        XCTAssertThrowsError(try Loopback.connect(port: port)) { error in
            XCTAssertEqual((error as? POSIXError)?.code, .ECONNREFUSED)
        }
    }
}
