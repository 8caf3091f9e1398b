import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Start, stop, ports, and the offline switch.
final class LifecycleTests: ServerTestCase {
    func test_start_onPortZero_picksDistinctFreePortsOnLoopback() {
        XCTAssertEqual(server.baseURL.host, "127.0.0.1")
        XCTAssertNotEqual(server.baseURL.port, 0)
        XCTAssertNotEqual(server.adminURL.port, server.baseURL.port)
        XCTAssertEqual(get("/health").body, Data("ok".utf8))
        XCTAssertEqual(HTTP.get(server.adminURL.appendingPathComponent("health")).status, 200)
    }

    func test_adminPort_servesOnlyAdminAndHealth() {
        XCTAssertEqual(HTTP.get(server.adminURL.appendingPathComponent("images/1.png")).status, 404)
        XCTAssertEqual(HTTP.get(server.adminURL.appendingPathComponent("__admin/requests")).status, 200)
    }

    func test_start_failsWithATypedErrorForABadHostOrABusyPort() {
        XCTAssertThrowsError(try MockServer.start(.init(host: "not-an-address"))) { error in
            XCTAssertEqual(error as? MockServerError, .invalidHost("not-an-address"))
        }
        XCTAssertThrowsError(try MockServer.start(.init(port: server.port))) { error in
            XCTAssertEqual(error as? MockServerError, .addressInUse(host: "127.0.0.1", port: server.port))
        }
    }

    func test_stop_isIdempotentAndClosesThePort() {
        let url = server.url("/health")
        server.stop()
        server.stop()
        XCTAssertEqual(HTTP.get(url, timeout: 2).code, CurlCode.refused)
        XCTAssertThrowsError(try server.setOffline(false)) { XCTAssertEqual($0 as? MockServerError, .stopped) }
    }

    func test_stop_returnsWithinASecondWith100StalledConnections() throws {
        // Given 100 connections stalled mid-body
        let connections = try (0..<100).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
        XCTAssertTrue(eventually { self.server.suspendedConnections == 100 })

        // When
        let start = ProcessStats.now()
        server.stop()
        let elapsed = ProcessStats.now() - start

        // Then
        print("measured: stop() with 100 stalled connections: \(String(format: "%.1f", elapsed * 1000)) ms")
        XCTAssertLessThan(elapsed, 1.0)
        let ends = connections.prefix(5).map { $0.readAll(timeout: 2).end }
        XCTAssertFalse(ends.contains(.timedOut), "the stalled clients see their connection end")
    }

    func test_offlineSwitch_refusesConnectionsAndComesBackOnTheSamePort() throws {
        // Given
        let port = server.port
        XCTAssertEqual(get("/health").status, 200)

        // When offline
        try server.setOffline(true)

        // Then connecting is refused (curl 7), like a machine with no network, at once
        let refused = get("/health", timeout: 2)
        XCTAssertEqual(refused.code, CurlCode.refused, refused.message)
        XCTAssertLessThan(refused.elapsed, 1.0)
        XCTAssertTrue(server.isOffline)
        XCTAssertEqual(HTTP.get(server.adminURL.appendingPathComponent("__admin/offline")).json?["offline"] as? Bool, true)

        // When back online
        try server.setOffline(false)

        // Then the same port answers again
        XCTAssertEqual(server.port, port)
        XCTAssertEqual(get("/health").status, 200)
    }

    func test_offlineSwitch_dropsOpenKeepAliveConnectionsAndEndsStalledOnes() throws {
        // Given a kept-alive connection and a stalled one
        let client = CurlClient()
        XCTAssertEqual(client.request(server.url("/health")).status, 200)
        let stalled = try RawConnection(port: server.port, get: "/health?stall_after=0")
        XCTAssertTrue(eventually { self.server.suspendedConnections == 1 })

        // When
        try server.setOffline(true)

        // Then the stalled client sees its connection end, and the kept-alive one is gone too
        XCTAssertNotEqual(stalled.readAll(timeout: 2).end, .timedOut)
        XCTAssertEqual(client.request(server.url("/health"), timeout: 2).code, CurlCode.refused)
    }

    func test_adminEndpoint_switchesOfflineFromTheAdminPort() {
        let admin = server.adminURL.appendingPathComponent("__admin/offline")
        XCTAssertEqual(HTTP.post(admin, json: #"{"offline":true}"#).json?["offline"] as? Bool, true)
        XCTAssertEqual(get("/health", timeout: 2).code, CurlCode.refused, "switched by the time the answer arrives")
        XCTAssertEqual(HTTP.post(admin, json: #"{"offline":false}"#).status, 200)
        XCTAssertEqual(get("/health").status, 200)
    }

    func test_adminEndpoint_onTheMainPort_switchesRightAfterAnswering() {
        let result = HTTP.post(server.url("/__admin/offline"), json: #"{"offline":true}"#)
        XCTAssertEqual(result.status, 200, "the answer goes out before the port closes")
        XCTAssertTrue(eventually(timeout: 2) { self.server.isOffline })
        XCTAssertEqual(get("/health", timeout: 2).code, CurlCode.refused)
    }

    func test_startOffline_keepsTheMainPortClosedUntilSwitched() throws {
        let offline = try MockServer.start(.init(startOffline: true))
        defer { offline.stop() }
        XCTAssertTrue(offline.isOffline)
        XCTAssertNotEqual(offline.port, 0, "the port is known even though it is closed")
        XCTAssertEqual(HTTP.get(offline.url("/health"), timeout: 2).code, CurlCode.refused)
        try offline.setOffline(false)
        XCTAssertEqual(HTTP.get(offline.url("/health")).status, 200)
    }

    func test_hostHeader_decidesTheAbsoluteURLs() {
        let result = get("/gallery.json", headers: ["Host: 192.168.1.20:8080"])
        let urls = result.json?["images"] as? [String]
        XCTAssertEqual(urls?.first, "http://192.168.1.20:8080/images/1.png")
        let bogus = get("/gallery.json", headers: ["Host: evil/path"])
        XCTAssertEqual((bogus.json?["images"] as? [String])?.first, server.url("/images/1.png").absoluteString)
    }
}
