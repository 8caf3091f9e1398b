import Foundation
import MockServer
import Networking
import TestSupport
import XCTest

/// One test per rule of ``CurlHTTPClient``, each against its own ``MockServer`` on 127.0.0.1.
/// Deadlines are scaled down to hundreds of milliseconds; lower bounds are tight (a deadline
/// never fires early), upper bounds generous (two busy cores).
final class CurlHTTPClientTests: MockServerTestCase {
    // MARK: - Bodies

    func test_send_deliversA1MBBodyIntact() async throws {
        // Given the bytes of a 1.1 MB image, read over a plain socket (no libcurl involved)
        let reference = try RawHTTP.get(port: server.port, path: "/images/1.png")
        XCTAssertEqual(reference.status, 200)
        XCTAssertGreaterThan(reference.body.count, 1_000_000)
        let client = CurlHTTPClient()

        // When
        let start = ContinuousClock.now
        let response = try await client.send(request("/images/1.png"))
        let elapsed = (ContinuousClock.now - start).seconds

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body.count, reference.body.count)
        XCTAssertTrue(response.body == reference.body, "the body differs from the server's bytes")
        XCTAssertEqual(response.header("Content-Length"), String(reference.body.count))
        XCTAssertEqual(response.url, server.url("/images/1.png"))
        print("1.1 MB fetch: \(Int(elapsed * 1000)) ms")
    }

    func test_send_postsTheBodyAndHeaders() async throws {
        // Given the admin port's offline switch, which reads a JSON body
        let client = CurlHTTPClient()
        let url = URL(string: server.adminURL.absoluteString + "/__admin/offline")!
        let body = Data(#"{"offline":true}"#.utf8)

        // When
        let post = HTTPRequest(
            url: url, method: "POST", headers: ["Content-Type": "application/json"], body: body, timeouts: Self.quick)
        let response = try await client.send(post)

        // Then the server got the body: it switched itself offline
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(server.isOffline)
        XCTAssertEqual(response.header("content-type")?.hasPrefix("application/json"), true)
        try server.setOffline(false)
    }

    func test_send_sendsRequestHeadersAndCollectsResponseHeaders() async throws {
        let client = CurlHTTPClient()
        let path = "/1.1/search/tweets.json?q=swift"

        // Without the token: 401; with it (a request header): 200 and JSON
        let unauthorized = await outcome(client, request(path))
        XCTAssertEqual(unauthorized.error, .httpStatus(401))
        var authorized = request(path)
        authorized.headers["Authorization"] = "Bearer \(server.token)"
        let response = try await client.send(authorized)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"]?.hasPrefix("application/json"), true)
        XCTAssertTrue(response.headers.keys.allSatisfy { $0 == $0.lowercased() }, "header names are lowercased")
    }

    // MARK: - Deadlines

    func test_totalDeadline_endsADrippingBodyWithinBudget() async {
        // A body that keeps coming (a step every 100 ms, so the stall deadline never passes):
        // never before the total deadline, at most 0.5 s after it
        await assertTimesOut(
            "/health?bytes=2000000&drip=50000", RequestTimeouts(connect: .seconds(1), stall: .milliseconds(500), total: .milliseconds(600)),
            after: 0.6..<1.1)
    }

    func test_stallDeadline_endsATransferThatStopsSending() async {
        // 1,000 bytes, then silence; a total deadline far away: the stall deadline ends it
        await assertTimesOut(
            "/health?bytes=5000&stall_after=1000", RequestTimeouts(connect: .seconds(1), stall: .milliseconds(300), total: .seconds(5)),
            after: 0.3..<0.8)
    }

    func test_totalDeadline_coversSlowHeaders() async {
        // A status line that comes after 2 s; the stall deadline is not the one tested
        await assertTimesOut(
            "/health?delay=2000", RequestTimeouts(connect: .seconds(1), stall: .seconds(5), total: .milliseconds(400)),
            after: 0.4..<0.9)
    }

    /// Cancels `task` and asserts it ends with `cancelled` within 100 ms; returns how long it took.
    private func assertEndsAtOnceWhenCancelled(
        _ task: Task<HTTPResponse, any Error>, file: StaticString = #filePath, line: UInt = #line
    ) async -> Double {
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        let latency = (ContinuousClock.now - cancelled).seconds
        XCTAssertEqual(result.networkError, .cancelled, file: file, line: line)
        XCTAssertLessThan(latency, 0.1, file: file, line: line)
        return latency
    }

    /// A client allowed one connection per host, and the request of 700 ms that holds it (once
    /// the server has it).
    private func clientWithItsOneSlotTaken() async throws -> (CurlHTTPClient, Task<Outcome, Never>) {
        let client = CurlHTTPClient(configuration: .init(maxConnectionsPerHost: 1))
        let slowRequest = request("/health?delay=700")
        let slow = Task { await outcome(client, slowRequest) }
        try await waitUntil { self.server.suspendedConnections == 1 }
        return (client, slow)
    }

    /// Sends `pathAndQuery` with `timeouts` and asserts it ends in `timedOut`, `seconds` after the start.
    private func assertTimesOut(
        _ pathAndQuery: String, _ timeouts: RequestTimeouts, after seconds: Range<Double>,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let result = await outcome(CurlHTTPClient(), request(pathAndQuery, timeouts: timeouts))
        XCTAssertEqual(result.error, .timedOut, file: file, line: line)
        XCTAssertGreaterThanOrEqual(result.seconds, seconds.lowerBound, "never before the deadline", file: file, line: line)
        XCTAssertLessThan(result.seconds, seconds.upperBound, file: file, line: line)
    }

    func test_totalDeadline_countsTimeSpentWaitingForAHostSlot() async throws {
        // Given one slot per host, taken by a slow request
        let (client, slow) = try await clientWithItsOneSlotTaken()

        // When a request with a 300 ms total deadline waits behind it
        let timeouts = RequestTimeouts(connect: .seconds(1), stall: .seconds(1), total: .milliseconds(300))
        let start = ContinuousClock.now
        let queued = await outcome(client, request("/images/1.png", timeouts: timeouts))
        let elapsed = (ContinuousClock.now - start).seconds

        // Then it times out in the queue, on time, and never reaches the server
        XCTAssertEqual(queued.error, .timedOut)
        XCTAssertGreaterThanOrEqual(elapsed, 0.3)
        XCTAssertLessThan(elapsed, 0.6, "the deadline counts from send, not from getting a slot")
        let slowError = await slow.value.error
        XCTAssertNil(slowError)
        XCTAssertFalse(server.requests.contains { $0.path == "/images/1.png" })
    }

    func test_stallAndConnectDeadlines_startWhenAQueuedRequestGetsItsConnection() async throws {
        // Given one slot per host, taken by a request of 700 ms
        let (client, slow) = try await clientWithItsOneSlotTaken()

        // When a request of 200 ms with 500 ms stall and connect deadlines waits behind it
        let timeouts = RequestTimeouts(connect: .milliseconds(500), stall: .milliseconds(500), total: .seconds(5))
        let queued = await outcome(client, request("/health?delay=200&n=2", timeouts: timeouts))

        // Then it succeeds: ~0.7 s in the queue counts against neither deadline
        XCTAssertNil(queued.error, "the wait for a slot was counted against the stall or connect deadline")
        XCTAssertGreaterThanOrEqual(queued.seconds, 0.6, "it did wait for the slot")
        let slowError = await slow.value.error
        XCTAssertNil(slowError)
    }

    // MARK: - Connection failures

    func test_refusedConnection_isOfflineWithinASecond() async {
        // Given a server that is gone
        let url = server.url("/health")
        server.stop()
        let client = CurlHTTPClient()

        // When
        let result = await outcome(client, HTTPRequest(url: url, timeouts: .default))

        // Then
        XCTAssertEqual(result.error, .offline)
        XCTAssertLessThan(result.seconds, 1)
    }

    func test_offlineSwitch_isOfflineThenRecovers() async throws {
        let client = CurlHTTPClient()
        let warm = await outcome(client, request("/health"))
        XCTAssertNil(warm.error, "warm: a keep-alive connection is open")

        try server.setOffline(true)
        let offline = await outcome(client, request("/health"))
        XCTAssertEqual(offline.error, .offline)
        XCTAssertLessThan(offline.seconds, 1)

        try server.setOffline(false)
        let response = try await client.send(request("/health"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, Data("ok".utf8))
    }

    func test_cutBody_isConnectionLost() async {
        let result = await outcome(CurlHTTPClient(), request("/images/1.png?w=64&h=64&truncate=100"))
        XCTAssertEqual(result.error, .connectionLost)
    }

    func test_reset_isConnectionLost() async {
        let result = await outcome(CurlHTTPClient(), request("/images/1.png?reset=1"))
        XCTAssertEqual(result.error, .connectionLost)
    }

    func test_nonHTTPAnswer_isInvalidResponse() async throws {
        let garbage = try OneShotServer(reply: "SSH-2.0-OpenSSH_9.2\r\n\r\n")
        let url = URL(string: "http://127.0.0.1:\(garbage.port)/")!
        let result = await outcome(CurlHTTPClient(), HTTPRequest(url: url, timeouts: Self.quick))
        XCTAssertEqual(result.error, .invalidResponse)
    }

    // MARK: - Status

    func test_missingResource_isHTTPStatus404() async {
        let result = await outcome(CurlHTTPClient(), request("/nothing/here.png"))
        XCTAssertEqual(result.error, .httpStatus(404))
    }

    func test_serverError_isHTTPStatus500() async {
        let result = await outcome(CurlHTTPClient(), request("/health?status=500"))
        XCTAssertEqual(result.error, .httpStatus(500))
    }

    func test_widenedAcceptableStatus_returnsTheErrorResponse() async throws {
        var rateLimited = request("/health?status=429")
        rateLimited.acceptableStatus = 200...499
        let response = try await CurlHTTPClient().send(rateLimited)
        XCTAssertEqual(response.status, 429)
        XCTAssertNotNil(response.header("x-rate-limit-reset"))
    }

    // MARK: - Size limit

    func test_declaredLengthOverTheLimit_isTooLargeBeforeAnyBody() async {
        // Given a declared length of 100 kB over 10 kB, the body dripping from 100 ms on (the
        // 10,001st byte would come at 300 ms)
        var oversized = request("/health?bytes=100000&drip=50000")
        oversized.maxBytes = 10_000

        // When
        let result = await outcome(CurlHTTPClient(), oversized)

        // Then the headers alone decided
        XCTAssertEqual(result.error, .tooLarge(limit: 10_000))
        XCTAssertLessThan(result.seconds, 0.09, "Content-Length must be checked before the body")
    }

    func test_hugeDeadlines_doNotOverflowInto_aTrap() async throws {
        // Given deadlines near Duration's maximum (milliseconds + rounding used to overflow)
        var patient = request("/health")
        let huge = Duration(secondsComponent: Int64.max / 1000, attosecondsComponent: 900_000_000_000_000_000)
        patient.timeouts = RequestTimeouts(connect: huge, stall: huge, total: huge)

        // When / Then the request simply runs
        let response = try await CurlHTTPClient().send(patient)
        XCTAssertEqual(response.status, 200)
    }

    func test_head_isNotLimitedByTheLengthOfTheBodyItDoesNotGet() async throws {
        var head = request("/health?bytes=100000")
        head.method = "HEAD"
        head.maxBytes = 10_000
        let response = try await CurlHTTPClient().send(head)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("content-length"), "100000")
        XCTAssertTrue(response.body.isEmpty)
    }

    func test_streamedBodyOverTheLimit_isTooLargeAndStopsReading() async throws {
        // Given 20 MB without Content-Length, and a 100 kB limit
        var oversized = request("/health?bytes=20000000&chunked=1")
        oversized.maxBytes = 100_000

        // When
        let result = await outcome(CurlHTTPClient(), oversized)

        // Then the client stopped at the limit: the server could not hand over the whole body
        XCTAssertEqual(result.error, .tooLarge(limit: 100_000))
        try await waitUntil { self.server.requests.count == 1 }
        let record = try XCTUnwrap(server.requests.first)
        XCTAssertLessThan(record.bytes, 20_000_000)
        XCTAssertNotEqual(record.outcome, .ok)
    }

    func test_bodyAtTheLimit_isAccepted() async throws {
        var exact = request("/health?bytes=10000&chunked=1")
        exact.maxBytes = 10_000
        let response = try await CurlHTTPClient().send(exact)
        XCTAssertEqual(response.body.count, 10_000)
    }

    // MARK: - Cancellation

    func test_cancellation_endsAStalledTransferAndClosesItsConnection() async throws {
        // Given a request stuck on a stalled body
        let client = CurlHTTPClient()
        let stalled = request("/health?bytes=5000&stall_after=1000", timeouts: .default)
        let task = Task { try await client.send(stalled) }
        try await waitUntil { self.server.suspendedConnections == 1 }

        // When, then
        let latency = await assertEndsAtOnceWhenCancelled(task)
        print("cancellation latency: \(String(format: "%.2f", latency * 1000)) ms")
        try await waitUntil(timeout: 1) { self.server.requests.contains { $0.outcome == .clientClosed } }
        XCTAssertEqual(server.suspendedConnections, 0)
    }

    func test_cancellationWhileWaitingForASlot_neverReachesTheServer() async throws {
        // Given one slot per host, taken by a stalled request
        let client = CurlHTTPClient(configuration: .init(maxConnectionsPerHost: 1))
        let stalled = request("/images/1.png?stall_after=0", timeouts: .default)
        let blocker = Task { try await client.send(stalled) }
        try await waitUntil { self.server.suspendedConnections == 1 }

        // When a queued request is cancelled
        let waiting = request("/health", timeouts: .default)
        let queued = Task { try await client.send(waiting) }
        try await Task.sleep(for: .milliseconds(100))
        _ = await assertEndsAtOnceWhenCancelled(queued)

        // Then the server never sees it
        blocker.cancel()
        let blocked = await blocker.result
        XCTAssertEqual(blocked.networkError, .cancelled)
        try await waitUntil { self.server.requests.count == 1 }
        XCTAssertEqual(server.requests.map(\.path), ["/images/1.png"])
    }

    func test_cancelledTask_failsWithoutARequest() async {
        let client = CurlHTTPClient()
        let health = request("/health")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(health)
        }
        let result = await task.result
        XCTAssertEqual(result.networkError, .cancelled)
        try? await Task.sleep(for: .milliseconds(50))
        XCTAssertTrue(server.requests.isEmpty)
    }

    // MARK: - Connections

    func test_perHostLimit_capsConcurrentTransfers() async throws {
        // Given 3 slots per host and 10 requests that each take 300 ms on the server
        let client = CurlHTTPClient(configuration: .init(maxConnectionsPerHost: 3))

        // When they are sent at once
        let start = ContinuousClock.now
        let requests = (0..<10).map { request("/health?delay=300&n=\($0)") }
        let errors = await withTaskGroup(of: NetworkError?.self) { group in
            for slow in requests {
                group.addTask { await outcome(client, slow).error }
            }
            return await group.reduce(into: [NetworkError?]()) { $0.append($1) }
        }
        let elapsed = (ContinuousClock.now - start).seconds

        // Then all succeed, never more than 3 at a time (so in 4 waves)
        XCTAssertEqual(errors.compactMap { $0 }, [])
        try await waitUntil { self.server.requests.count == 10 }
        XCTAssertEqual(server.requests.maximumInFlight, 3)
        XCTAssertGreaterThanOrEqual(elapsed, 1.2)
    }

    func test_sequentialRequests_reuseTheConnection() async throws {
        let client = CurlHTTPClient()
        for _ in 0..<50 {
            _ = try await client.send(request("/health"))
        }
        try await waitUntil { self.server.requests.count == 50 }
        let connections = Set(server.requests.map(\.connection))
        XCTAssertLessThanOrEqual(connections.count, 2, "50 requests over \(connections.count) connections")
    }

    // MARK: - Misuse and resources

    func test_invalidURL_failsWithoutARequest() async {
        let client = CurlHTTPClient()
        for text in ["ftp://127.0.0.1:\(server.port)/health", "/health", "mailto:someone@example.com", "http:///health"] {
            guard let url = URL(string: text) else {
                XCTFail("Foundation does not parse \(text)")
                continue
            }
            let result = await outcome(client, HTTPRequest(url: url, timeouts: Self.quick))
            XCTAssertEqual(result.error, .invalidURL, text)
        }
        XCTAssertTrue(server.requests.isEmpty)
    }

    func test_waitingOnAStalledServer_usesLittleCPU() async {
        // Given a server that sends nothing after the headers
        let client = CurlHTTPClient()
        let timeouts = RequestTimeouts(connect: .seconds(1), stall: .seconds(1), total: .seconds(5))
        _ = await outcome(client, request("/health"))  // warm up: thread, connection

        // When the client waits about a second
        let cpu = ProcessStats.cpuSeconds()
        let result = await outcome(client, request("/health?stall_after=0", timeouts: timeouts))
        let used = ProcessStats.cpuSeconds() - cpu

        // Then
        XCTAssertEqual(result.error, .timedOut)
        XCTAssertGreaterThanOrEqual(result.seconds, 1)
        XCTAssertLessThan(used / result.seconds, 0.2, "CPU \(used) s over \(result.seconds) s of waiting")
        print("CPU while stalled: \(String(format: "%.1f", used * 1000)) ms over \(String(format: "%.2f", result.seconds)) s")
    }

    func test_releasingTheClient_endsItsThread() async throws {
        // Given a client that has run a request, and its driver thread
        try ProcFS.require()
        let before = ProcessProbe.threads(named: "curl-driver")
        var client: CurlHTTPClient? = CurlHTTPClient()
        _ = try await client?.send(request("/health"))
        let ours = ProcessProbe.threads(named: "curl-driver").subtracting(before)
        XCTAssertEqual(ours.count, 1, "one driver thread per client")

        // When
        client = nil

        // Then that thread is gone
        try await waitUntil(timeout: 1) { ProcessProbe.threads(named: "curl-driver").isDisjoint(with: ours) }
    }

    // MARK: - Helpers

    /// Short deadlines for requests that should answer at once.
    private static let quick = RequestTimeouts(connect: .seconds(1), stall: .seconds(2), total: .seconds(3))

    private func request(_ pathAndQuery: String, timeouts: RequestTimeouts = quick) -> HTTPRequest {
        HTTPRequest(url: server.url(pathAndQuery), timeouts: timeouts)
    }

    /// Polls `condition` every 10 ms; fails the test if it does not hold within `timeout` seconds.
    private func waitUntil(
        timeout: Double = 3, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertTrue(condition(), "condition not met within \(timeout) s", file: file, line: line)
    }
}

/// Sends `request` and returns how it ended and how long it took.
private func outcome(_ client: CurlHTTPClient, _ request: HTTPRequest) async -> Outcome {
    let start = ContinuousClock.now
    do {
        let response = try await client.send(request)
        return Outcome(result: .success(response), seconds: (ContinuousClock.now - start).seconds)
    } catch {
        return Outcome(result: .failure(error), seconds: (ContinuousClock.now - start).seconds)
    }
}

/// How one request ended.
private struct Outcome {
    var result: Result<HTTPResponse, NetworkError>
    var seconds: Double

    var error: NetworkError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}

extension Result where Failure == any Error {
    /// The failure as a ``NetworkError`` (`nil` on success or another error type).
    fileprivate var networkError: NetworkError? {
        if case .failure(let error) = self { return error as? NetworkError }
        return nil
    }
}
