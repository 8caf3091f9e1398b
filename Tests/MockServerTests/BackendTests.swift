import CMicroHTTPD
import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The two backends side by side: each test runs on every backend this system has (on Linux,
/// `.epoll` and `.portable`), with a fresh server each. The whole MockServerTests suite also
/// runs on the portable backend in `make test` (see ``TestBackend``); these tests cover both
/// in any single run, and the places where the backends differ in system calls.
final class BackendTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        ProcessStats.raiseFileLimit()
    }

    /// Runs `body` once per backend, each with its own server.
    private func onEachBackend(
        _ configure: (inout MockServer.Configuration) -> Void = { _ in },
        _ body: (MockServer, MockServer.Backend) throws -> Void
    ) throws {
        for backend in TestBackend.available {
            var configuration = MockServer.Configuration()
            configuration.backend = backend
            configure(&configuration)
            let server = try MockServer.start(configuration)
            defer { server.stop() }
            try body(server, backend)
        }
    }

    /// Asserts the process uses under a fifth of a core over 300 ms while `what` (a watcher that
    /// busy-loops would take a whole core), and prints the share measured.
    private func assertIdle(_ backend: MockServer.Backend, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let cpuBefore = ProcessStats.cpuSeconds(), wallBefore = ProcessStats.now()
        usleep(300_000)
        let share = (ProcessStats.cpuSeconds() - cpuBefore) / (ProcessStats.now() - wallBefore)
        print("measured: \(backend): CPU share \(what): \(String(format: "%.3f", share))")
        XCTAssertLessThan(share, 0.2, "\(backend)", file: file, line: line)
    }

    func test_eachBackend_runsTheMechanismItNames() throws {
        try onEachBackend { server, backend in
            let flags = try XCTUnwrap(server.core.mainDaemonFlags)
            let usesEpoll = flags & MHD_USE_EPOLL.rawValue != 0
            let usesPoll = flags & MHD_USE_POLL.rawValue != 0
            switch backend {
            case .epoll:
                XCTAssertTrue(usesEpoll, "libmicrohttpd polls with epoll")
                #if os(Linux)
                XCTAssertTrue(server.core.scheduler.watcher is EpollWatcher)
                #endif
            case .portable:
                XCTAssertFalse(usesEpoll, "no epoll anywhere in the portable backend")
                XCTAssertTrue(usesPoll, "libmicrohttpd polls with poll(), as it does on macOS")
                XCTAssertTrue(server.core.scheduler.watcher is PollWatcher)
            }
            XCTAssertEqual(HTTP.get(server.url("/health")).status, 200, "\(backend)")
        }
    }

    func test_eachBackend_resetSendsARSTNeverAFIN() throws {
        try onEachBackend { server, backend in
            // Repeated: a FIN sent before the RST would show as curl 52 some of the time.
            for attempt in 0..<20 {
                let result = HTTP.get(server.url("/health?reset=1"))
                XCTAssertEqual(result.code, CurlCode.receiveError, "\(backend), attempt \(attempt): \(result.message)")
                XCTAssertEqual(result.status, 0)
            }
            let raw = try RawConnection(port: server.port, get: "/images/1.png?reset=1")
            XCTAssertEqual(raw.readAll(timeout: 2).end, .reset, "\(backend): the socket itself sees ECONNRESET")
        }
    }

    func test_eachBackend_shapesTheWire() throws {
        try onEachBackend { server, backend in
            let image = HTTP.get(server.url("/images/1.png")).body
            XCTAssertGreaterThan(image.count, 10_000)

            let delayed = HTTP.get(server.url("/health?delay=200"))
            XCTAssertEqual(delayed.status, 200, "\(backend)")
            XCTAssertGreaterThanOrEqual(delayed.elapsed, 0.2, "\(backend)")
            XCTAssertLessThan(delayed.elapsed, 0.6, "\(backend)")

            let dripped = HTTP.get(server.url("/health?bytes=40000&drip=200000"))
            XCTAssertEqual(dripped.code, CurlCode.ok, "\(backend): \(dripped.message)")
            XCTAssertEqual(dripped.body.count, 40_000)
            XCTAssertGreaterThanOrEqual(dripped.elapsed, 0.18, "\(backend)")
            XCTAssertLessThan(dripped.elapsed, 0.8, "\(backend)")

            let stalled = HTTP.get(server.url("/images/1.png?stall_after=1000"), timeout: 0.4)
            XCTAssertEqual(stalled.code, CurlCode.timedOut, "\(backend)")
            XCTAssertEqual(stalled.body, image.prefix(1000), "\(backend)")

            let truncated = HTTP.get(server.url("/images/1.png?truncate=5000"))
            XCTAssertEqual(truncated.code, CurlCode.partialFile, "\(backend)")
            XCTAssertEqual(truncated.body, image.prefix(5000), "\(backend)")

            let chunked = HTTP.get(server.url("/images/1.png?chunked=1"))
            XCTAssertEqual(chunked.headers["transfer-encoding"], "chunked", "\(backend)")
            XCTAssertEqual(chunked.body, image, "\(backend)")
        }
    }

    func test_eachBackend_noticesClientsLeavingStalls_withoutBurningCPU() throws {
        try onEachBackend { server, backend in
            // Given 200 stalled connections
            var stalled = try (0..<200).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
            XCTAssertTrue(waitUntil { server.suspendedConnections == 200 }, "\(backend)")

            // When idle, no CPU (a watcher that busy-loops would take a core)
            assertIdle(backend, "with 200 stalled connections idle")

            // When the clients leave, every one is noticed and journalled
            stalled.removeAll()
            XCTAssertTrue(waitUntil { server.suspendedConnections == 0 }, "\(backend): \(server.suspendedConnections) left")
            XCTAssertTrue(
                waitUntil { server.requests.filter { $0.outcome == .clientClosed }.count == 200 },
                "\(backend): \(Dictionary(grouping: server.requests, by: { "\($0.outcome)" }).mapValues(\.count))")
        }
    }

    func test_eachBackend_noticesAHalfClose() throws {
        try onEachBackend { server, backend in
            let connection = try RawConnection(port: server.port, get: "/health?stall_after=0")
            XCTAssertTrue(waitUntil { server.suspendedConnections == 1 }, "\(backend)")
            shutdown(connection.fd, Int32(SHUT_WR))
            XCTAssertTrue(waitUntil { server.suspendedConnections == 0 }, "\(backend): a half-close is a client leaving")
            XCTAssertNotEqual(connection.readAll(timeout: 2).end, .timedOut, "\(backend)")
        }
    }

    func test_eachBackend_bytesArrivingOnAStalledConnection_costNoCPU() throws {
        try onEachBackend { server, backend in
            // Given a stalled request followed by a pipelined one the server will not read yet
            let head = "GET /health?stall_after=0 HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n"
            let connection = try RawConnection(port: server.port, request: head)
            XCTAssertTrue(waitUntil { server.suspendedConnections == 1 }, "\(backend)")

            // Then its readable socket does not make the scheduler spin
            assertIdle(backend, "with a pipelined request waiting")
            XCTAssertEqual(server.suspendedConnections, 1, "\(backend): still stalled")
            withExtendedLifetime(connection) {}
        }
    }

    func test_eachBackend_offlineSwitchAndStop_endStalledConnections() throws {
        // with a thread pool: every pool thread's suspended connections are resumed before a stop
        try onEachBackend({ $0.servingThreads = 2 }) { server, backend in
            let stalled = try (0..<50).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
            XCTAssertTrue(waitUntil { server.suspendedConnections == 50 }, "\(backend)")

            try server.setOffline(true)
            XCTAssertEqual(HTTP.get(server.url("/health"), timeout: 2).code, CurlCode.refused, "\(backend)")
            XCTAssertNotEqual(stalled[0].readAll(timeout: 2).end, .timedOut, "\(backend)")
            try server.setOffline(false)
            XCTAssertEqual(HTTP.get(server.url("/health")).status, 200, "\(backend)")

            let again = try (0..<50).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
            XCTAssertTrue(waitUntil { server.suspendedConnections == 50 }, "\(backend)")
            let start = ProcessStats.now()
            server.stop()
            XCTAssertLessThan(ProcessStats.now() - start, 1.0, "\(backend)")
            XCTAssertNotEqual(again[0].readAll(timeout: 2).end, .timedOut, "\(backend)")
        }
    }

    func test_eachBackend_connectionLimit_answers503AtOnce() throws {
        // counted across the threads of a pool
        try onEachBackend({ $0.connectionLimit = 10; $0.servingThreads = 2 }) { server, backend in
            let stalled = try (0..<10).map { _ in try RawConnection(port: server.port, get: "/health?stall_after=0") }
            XCTAssertTrue(waitUntil { server.suspendedConnections == 10 }, "\(backend)")
            let refused = HTTP.get(server.url("/health"), timeout: 5)
            XCTAssertEqual(refused.status, 503, "\(backend): \(refused.message)")
            XCTAssertLessThan(refused.elapsed, 1.0, "\(backend)")
            withExtendedLifetime(stalled) {}
        }
    }

    func test_servingThreads_makeAThreadPoolOnTheMainPort() throws {
        // libmicrohttpd names its pool threads "MHD-worker" (a single thread is "MHD-single").
        try ProcFS.require()
        func workers() -> Int {
            ((try? ProcFS.threadNames()) ?? [:]).values.filter { $0.hasPrefix("MHD-worker") }.count
        }
        for backend in TestBackend.available {
            for size in [1, 4] {
                var configuration = MockServer.Configuration()
                configuration.backend = backend
                configuration.servingThreads = size
                let before = workers()
                let server = try MockServer.start(configuration)
                XCTAssertEqual(server.servingThreads, size)
                // (a new thread takes its name a moment after it starts)
                let expected = size == 1 ? 0 : size
                XCTAssertTrue(waitUntil(timeout: 2) { workers() - before == expected }, "\(backend): \(workers() - before) of \(expected)")
                XCTAssertEqual(HTTP.get(server.url("/health")).status, 200)
                server.stop()
            }
        }
        var perCore = MockServer.Configuration()
        perCore.servingThreads = 0
        XCTAssertEqual(try MockServer.start(perCore).servingThreads, ProcessInfo.processInfo.activeProcessorCount, "0: one per core")
        XCTAssertEqual(try MockServer.start().servingThreads, 1, "in-process default")
    }

    func test_aThreadPool_servesManyConnectionsAtOnce_andKeepsEachOnOneThread() throws {
        try onEachBackend({ $0.servingThreads = 4 }) { server, backend in
            // Keep-alive clients in parallel, each checking its connection is reused
            let url = server.url("/health?delay=20")
            let results = (0..<8).map { _ in
                Background { () -> [CurlResult] in
                    let client = CurlClient()
                    return (0..<5).map { _ in client.request(url) }
                }
            }.map { $0.wait() }
            for results in results {
                XCTAssertTrue(results.allSatisfy { $0.status == 200 }, "\(backend)")
                XCTAssertEqual(results.map(\.newConnections).reduce(0, +), 1, "\(backend): one connection per client")
            }
            let records = server.requests.filter { $0.path == "/health" }
            XCTAssertEqual(records.count, 40, "\(backend)")
            XCTAssertEqual(Set(records.map(\.connection)).count, 8, "\(backend)")
        }
    }

    func test_epollBackend_isRefusedWhereItDoesNotExist() {
        var configuration = MockServer.Configuration()
        configuration.backend = .epoll
        #if os(Linux)
        XCTAssertTrue(MockServer.Backend.epoll.isAvailable)
        XCTAssertEqual(MockServer.Backend.platformDefault, .epoll)
        #else
        XCTAssertThrowsError(try MockServer.start(configuration)) {
            XCTAssertEqual($0 as? MockServerError, .backendUnavailable("epoll"))
        }
        XCTAssertEqual(MockServer.Backend.platformDefault, .portable)
        #endif
        XCTAssertTrue(MockServer.Backend.portable.isAvailable)
    }
}
