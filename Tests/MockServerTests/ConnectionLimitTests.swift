import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Past the connection limit, new connections are answered or closed at once, never left hanging.
final class ConnectionLimitTests: ServerTestCase {
    override var configuration: MockServer.Configuration { MockServer.Configuration(connectionLimit: 20) }

    func test_pastTheLimit_aNewConnectionGetsA503AtOnce_andIsServedAgainOnceOnesClose() throws {
        // Given the limit of 20 connections held by stalled requests
        var stalled = try (0..<20).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
        XCTAssertTrue(eventually { self.server.suspendedConnections == 20 })

        // When a 21st connection asks for something
        let refused = get("/health", timeout: 5)

        // Then it is told at once (it hung in the listen backlog before)
        XCTAssertEqual(refused.status, 503, refused.message)
        XCTAssertLessThan(refused.elapsed, 1.0)
        XCTAssertEqual(refused.headers["connection"]?.lowercased(), "close")
        XCTAssertTrue((refused.json?["error"] as? String)?.contains("20 connections") == true, "\(refused.json ?? [:])")

        // And once the stalled ones leave, requests are served again
        stalled.removeAll()
        XCTAssertTrue(eventually { self.get("/health", timeout: 2).status == 200 })
    }

    func test_pastTheLimitAndTheReserve_aNewConnectionIsClosedAtOnce() throws {
        // Given the limit held by stalled requests and the 503 reserve by connections that send nothing
        let stalled = try (0..<20).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
        XCTAssertTrue(eventually { self.server.suspendedConnections == 20 })
        let silent = try (0..<ServerCore.overflowReserve).map { _ in try RawConnection(port: server.port, request: "") }

        // When more connections send a request (the first may still find a place in the reserve
        // while the server is accepting the silent ones, and get a 503)
        var slowest = 0.0
        let closedWithoutAnswer = waitUntil(timeout: 5) {
            guard let probe = try? RawConnection(port: server.port, get: "/health") else { return false }
            let start = ProcessStats.now()
            let (data, end) = probe.readAll(timeout: 3)
            slowest = max(slowest, ProcessStats.now() - start)
            XCTAssertNotEqual(end, .timedOut, "no connection is left hanging")
            return data.isEmpty
        }

        // Then they are closed without an answer, at once (not left in the backlog)
        XCTAssertTrue(closedWithoutAnswer)
        XCTAssertLessThan(slowest, 1.0)
        withExtendedLifetime((stalled, silent)) {}
    }
}

/// Connections that send nothing are closed after the idle timeout; suspended ones are exempt.
final class IdleTimeoutTests: ServerTestCase {
    override var configuration: MockServer.Configuration { MockServer.Configuration(idleTimeout: .seconds(1)) }

    func test_halfSentRequest_isClosedAfterTheIdleTimeout_whileAStalledOneStaysOpen() throws {
        // Given a stalled request, and a connection that sent half a request line
        let stalled = try RawConnection(port: server.port, get: "/health?stall_after=0")
        XCTAssertTrue(eventually { self.server.suspendedConnections == 1 })
        let half = try RawConnection(port: server.port, request: "GET /health HT")
        let start = ProcessStats.now()

        // When nothing more is sent
        let (_, end) = half.readAll(timeout: 5)
        let elapsed = ProcessStats.now() - start

        // Then the half-sent one is closed after about a second (it was kept forever before)
        print("measured: half-sent request closed after \(Int(elapsed * 1000)) ms (idle timeout 1 s)")
        XCTAssertNotEqual(end, .timedOut)
        XCTAssertGreaterThan(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 3.5)
        // and the stalled one, suspended on purpose for longer than the timeout, is still open
        XCTAssertEqual(stalled.readAll(timeout: 0.3).end, .timedOut)
        XCTAssertEqual(server.suspendedConnections, 1)
    }

    func test_delayAndDripLongerThanTheIdleTimeout_areServedWhole() {
        let (delayURL, dripURL) = (server.url("/health?delay=1800"), server.url("/health?drip=1"))
        let delayed = Background { HTTP.get(delayURL, timeout: 10) }
        let dripped = Background { HTTP.get(dripURL, timeout: 10) }
        XCTAssertEqual(delayed.wait().status, 200)
        XCTAssertEqual(delayed.wait().code, CurlCode.ok)
        let drip = dripped.wait()
        XCTAssertEqual(drip.code, CurlCode.ok, drip.message)
        XCTAssertGreaterThan(drip.elapsed, 1.2, "the drip outlasts the idle timeout")
    }
}
