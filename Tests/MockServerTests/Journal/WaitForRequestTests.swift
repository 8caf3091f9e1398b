import Foundation
import XCTest

@testable import MockServer

/// `waitForRequest(matching:timeout:)`: the journal as a test oracle that never hangs a suite.
final class WaitForRequestTests: ServerTestCase {
    /// Sends a GET on a thread of its own after `delay` seconds.
    private func getLater(_ pathAndQuery: String, after delay: Double, headers: [String] = []) -> Background<CurlResult> {
        let url = server.url(pathAndQuery)
        return Background {
            usleep(UInt32(delay * 1_000_000))
            return HTTP.get(url, headers: headers)
        }
    }

    func test_returnsARequestJournalledBeforeTheCall_atOnce() async throws {
        // Given
        _ = get("/health?n=1")
        _ = get("/health?n=2")

        // When
        let start = ContinuousClock.now
        let record = try await server.waitForRequest(matching: .query("n"), timeout: .seconds(5))

        // Then the first match, oldest first, without waiting
        XCTAssertEqual(record.query, "n=1")
        XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(500))
        XCTAssertEqual(server.core.journal.waiters.count, 0)
    }

    func test_waitsForARequestThatArrivesLater() async throws {
        // When a matching request arrives 150 ms after the wait began, among others
        _ = get("/health?other=1")
        let start = ContinuousClock.now
        let later = getLater("/images/2.png?w=10&h=10", after: 0.15, headers: ["X-Test: later"])

        // Then
        let record = try await server.waitForRequest(
            matching: .method("GET") && .pathPrefix("/images/") && .query("w", "10") && .header("x-test", "later"),
            timeout: .seconds(10))
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(record.path, "/images/2.png")
        XCTAssertEqual(record.status, 200)
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(140), "it waited for the request")
        XCTAssertLessThan(elapsed, .seconds(5))
        XCTAssertEqual(later.wait().status, 200)
        XCTAssertEqual(server.core.journal.waiters.count, 0)
    }

    func test_predicateForm_andTheFirstOfSeveralWaiters() async throws {
        // Two waits at once, for different requests: each gets its own
        let server = self.server!
        async let first = server.waitForRequest(matching: { $0.query == "k=1" }, timeout: .seconds(10), description: "k=1")
        async let second = server.waitForRequest(matching: .query("k", "2"), timeout: .seconds(10))
        try await Task.sleep(for: .milliseconds(50))
        _ = get("/health?k=2")
        _ = get("/health?k=1")
        let (one, two) = try await (first, second)
        XCTAssertEqual(one.query, "k=1")
        XCTAssertEqual(two.query, "k=2")
    }

    func test_timeout_throwsNamingWhatWasWaitedFor_andWhatArrived() async {
        // Given requests that do not match
        _ = get("/health?seen=1")
        _ = get("/nope")

        // When
        let start = ContinuousClock.now
        do {
            let record = try await server.waitForRequest(matching: .path("/images/9.png") && .status(200), timeout: .milliseconds(300))
            XCTFail("matched \(record)")
        } catch {
            // Then: after the timeout (not much later), a typed error saying what happened
            let elapsed = ContinuousClock.now - start
            XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(290))
            XCTAssertLessThan(elapsed, .seconds(3))
            guard case .timedOut(let what, let timeout, let arrived) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(what, "path /images/9.png and status 200")
            XCTAssertEqual(timeout, .milliseconds(300))
            XCTAssertEqual(arrived.map(\.path), ["/health", "/nope"])
            XCTAssertEqual(
                error.description,
                "no request matching path /images/9.png and status 200 within 300 ms; "
                    + "2 arrived: GET /health?seen=1 → 200 ok, GET /nope → 404 ok")
        }
        XCTAssertEqual(server.core.journal.waiters.count, 0)
    }

    func test_zeroTimeout_findsEveryRequestWhoseAnswerTheClientHas() async throws {
        // The request ends a moment after the client has its answer: 100 rounds of
        // request-then-wait would miss one now and then if the wait did not allow for it.
        let client = CurlClient()
        for round in 1...100 {
            XCTAssertEqual(client.request(server.url("/health?round=\(round)")).status, 200)
            let record = try await server.waitForRequest(matching: .query("round", "\(round)"), timeout: .zero)
            XCTAssertEqual(record.query, "round=\(round)")
        }
    }

    func test_hugeTimeout_doesNotTrap_andAMatchStillEndsTheWait() async throws {
        let server = self.server!
        let wait = Task { try await server.waitForRequest(matching: .path("/health"), timeout: .seconds(Int64.max)) }
        try await Task.sleep(for: .milliseconds(50))
        _ = get("/health")
        let record = try await wait.value
        XCTAssertEqual(record.path, "/health")
    }

    func test_cancellingTheWaitingTask_endsItPromptly() async {
        // Given a wait that would last a minute
        let wait = Task { [server] in try await server!.waitForRequest(matching: .path("/never"), timeout: .seconds(60)) }
        try? await Task.sleep(for: .milliseconds(50))

        // When
        let start = ContinuousClock.now
        wait.cancel()
        let result = await wait.result

        // Then
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
        guard case .failure(let error) = result, case RequestWaitError.cancelled(let what)? = error as? RequestWaitError else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(what, "path /never")
        XCTAssertEqual(server.core.journal.waiters.count, 0)
    }

    func test_stoppingTheServer_endsPendingWaits() async {
        let server = self.server!
        let wait = Task { try await server.waitForRequest(matching: .path("/never"), timeout: .seconds(60)) }
        try? await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        server.stop()
        let result = await wait.result
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
        guard case .failure(let error) = result, case RequestWaitError.serverStopped? = error as? RequestWaitError else {
            return XCTFail("\(result)")
        }
        // A wait begun after the stop ends at once too.
        do {
            _ = try await server.waitForRequest(matching: .path("/never"), timeout: .seconds(60))
            XCTFail("returned a record")
        } catch {
            guard case .serverStopped = error else { return XCTFail("\(error)") }
        }
    }

    func test_stalledRequest_isFoundOnceItsClientLeaves() async throws {
        // A stalled request is journalled when it ends: waiting for it is how a test sees that.
        let stalled = Background { [url = server.url("/health?bytes=5000&stall_after=1000")] in HTTP.get(url, timeout: 0.3) }
        let record = try await server.waitForRequest(
            matching: .path("/health") && .outcome(.clientClosed), timeout: .seconds(10))
        XCTAssertEqual(record.bytes, 1_000)
        XCTAssertEqual(stalled.wait().code, CurlCode.timedOut)
    }

    func test_manyConcurrentWaits_eachEndsOnce() async throws {
        // 50 waits on the same request and 50 that time out, all at once: none is lost or doubled.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask { [server] in
                    do {
                        _ = try await server!.waitForRequest(
                            matching: index < 50 ? .path("/health") : .path("/other"), timeout: .milliseconds(400))
                        return true
                    } catch {
                        return false
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(100))
            _ = get("/health")
            var matched = 0
            for try await found in group where found { matched += 1 }
            XCTAssertEqual(matched, 50)
        }
        XCTAssertEqual(server.core.journal.waiters.count, 0)
    }
}
