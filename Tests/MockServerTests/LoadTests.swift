import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Stalled connections cost nothing: no CPU while idle, no delay for ordinary requests.
final class LoadTests: ServerTestCase {
    override func setUpWithError() throws {
        ProcessStats.raiseFileLimit()
        try super.setUpWithError()
    }

    func test_ordinaryRequestsAreServedPromptlyBeside300StalledConnections() throws {
        // Given the image generated once (its first rendering is the render queue's time, not
        // what this test measures) and 300 stalled connections
        XCTAssertEqual(get("/images/1.png").status, 200)
        let stalled = try (0..<300).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
        XCTAssertTrue(eventually { self.server.suspendedConnections == 300 })

        // When ordinary requests arrive
        let results = (0..<20).map { _ in get("/images/1.png") }

        // Then every one is answered completely, promptly
        XCTAssertTrue(results.allSatisfy { $0.status == 200 && $0.code == CurlCode.ok })
        XCTAssertLessThan(results.map(\.elapsed).max() ?? 99, 1.0)
        XCTAssertEqual(server.suspendedConnections, 300, "the stalled ones are still stalled")
        withExtendedLifetime(stalled) {}
    }

    func test_1000StalledConnections_burnNoCPUWhileIdle_andDoNotStarveRequests() throws {
        // Given 1000 stalled connections
        let stalled = try (0..<1000).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
        XCTAssertTrue(eventually(timeout: 10) { self.server.suspendedConnections == 1000 })

        // When idle for half a second
        let cpuBefore = ProcessStats.cpuSeconds()
        let wallBefore = ProcessStats.now()
        usleep(500_000)
        let cpu = ProcessStats.cpuSeconds() - cpuBefore
        let wall = ProcessStats.now() - wallBefore

        // Then (a busy loop would use ~100% of a core; the bound is generous for a noisy machine)
        print("measured: CPU share with 1000 stalled connections idle: \(String(format: "%.3f", cpu / wall))")
        XCTAssertLessThan(cpu / wall, 0.2, "CPU share while 1000 connections stall")
        let request = get("/health")
        XCTAssertEqual(request.status, 200)
        XCTAssertLessThan(request.elapsed, 1.0)
        withExtendedLifetime(stalled) {}
    }

    func test_clientsLeavingStalledConnections_areNoticed() throws {
        var stalled = try (0..<50).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
        XCTAssertTrue(eventually { self.server.suspendedConnections == 50 })
        stalled.removeAll()
        XCTAssertTrue(eventually { self.server.suspendedConnections == 0 })
        XCTAssertTrue(eventually { self.server.requests.filter { $0.outcome == .clientClosed }.count == 50 })
    }
}
