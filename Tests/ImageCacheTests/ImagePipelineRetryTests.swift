import Foundation
import ImageCache
import ImageCodec
import Networking
import Synchronization
import XCTest

/// ``ImagePipeline``'s retries (``RetryPolicy``), with an in-memory client and backoffs scaled
/// down to milliseconds.
final class ImagePipelineRetryTests: XCTestCase {
    private let url = URL(string: "http://images.test/1.png")!

    private static func png() throws -> Data {
        try ImageCodec.encodePNG(DecodedImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)))
    }

    /// A client that fails with `failures` in turn, then answers with a PNG.
    private static func client(failing failures: [NetworkError]) throws -> MockHTTPClient {
        let body = try png()
        let client = MockHTTPClient(body: body)
        let count = Counter()
        client.setReply { request in
            let index = count.next()
            if index < failures.count { return .failure(failures[index]) }
            return .success(HTTPResponse(url: request.url, status: 200, headers: ["Content-Type": "image/png"], body: body))
        }
        return client
    }

    private func pipeline(_ client: MockHTTPClient, retry: RetryPolicy, timeouts: RequestTimeouts = .default) -> ImagePipeline {
        ImagePipeline(
            client: client, memory: MemoryImageCache(), disk: MockDataCache(),
            configuration: .init(timeouts: timeouts, retry: retry))
    }

    private static func load(_ url: URL, with pipeline: ImagePipeline) async -> Result<LoadedImage, ImageLoadError> {
        do throws(ImageLoadError) {
            return .success(try await pipeline.image(for: url))
        } catch {
            return .failure(error)
        }
    }

    func test_policy_backoffDoublesAndStopsAtTheCount() {
        let policy = RetryPolicy(maxRetries: 3, initialBackoff: .milliseconds(100))
        XCTAssertEqual((0...4).map { policy.backoff(beforeRetry: $0) }, [nil, .milliseconds(100), .milliseconds(200), .milliseconds(400), nil])
        XCTAssertEqual(RetryPolicy.default, RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(500)))
        XCTAssertNil(RetryPolicy.never.backoff(beforeRetry: 1))
    }

    func test_policy_retriesOnly5xxAndLostConnections() {
        let retried: [NetworkError] = [.httpStatus(500), .httpStatus(503), .httpStatus(599), .connectionLost]
        let never: [NetworkError] = [
            .httpStatus(404), .httpStatus(429), .httpStatus(304), .timedOut, .offline, .tooLarge(limit: 1), .cancelled,
            .invalidURL, .invalidResponse, .secureConnectionFailed(.expired), .secureConnectionFailed(.protocolRefused),
        ]
        XCTAssertEqual(retried.filter(RetryPolicy.isRetryable), retried)
        XCTAssertEqual(never.filter(RetryPolicy.isRetryable), [])
    }

    func test_load_retriesA5xxAndALostConnectionThenDelivers() async throws {
        // Given a server that fails twice, once with each
        let client = try Self.client(failing: [.httpStatus(503), .connectionLost])
        let pipeline = pipeline(client, retry: RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(5)))
        // When
        let loaded = try await pipeline.image(for: url)
        // Then
        XCTAssertEqual(loaded.source, .network)
        XCTAssertEqual(client.requests.count, 3)
    }

    func test_load_givesUpAfterTheLastRetryWithTheLastFailure() async throws {
        // Given
        let client = try Self.client(failing: Array(repeating: .httpStatus(500), count: 10))
        let pipeline = pipeline(client, retry: RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(5)))
        // When
        let outcome = await Self.load(url, with: pipeline)
        // Then
        XCTAssertEqual(outcome.failure, .network(.httpStatus(500)))
        XCTAssertEqual(client.requests.count, 3)
    }

    func test_load_neverRetries4xxTimeoutsOfflineOrTheByteLimit() async throws {
        for failure: NetworkError in [.httpStatus(404), .timedOut, .offline, .tooLarge(limit: 10)] {
            // Given
            let client = try Self.client(failing: [failure])
            let pipeline = pipeline(client, retry: RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(5)))
            // When
            _ = await Self.load(url, with: pipeline)
            // Then
            XCTAssertEqual(client.requests.count, 1, "\(failure)")
        }
    }

    func test_load_waitsTheBackoffBetweenTries() async throws {
        // Given backoffs of 60 ms, then 120 ms
        let client = try Self.client(failing: [.httpStatus(500), .httpStatus(500)])
        let pipeline = pipeline(client, retry: RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(60)))
        let clock = ContinuousClock()
        // When
        let start = clock.now
        _ = try await pipeline.image(for: url)
        let elapsed = clock.now - start
        // Then
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(180))
        XCTAssertLessThan(elapsed, .seconds(3))
    }

    func test_load_retriesOnlyWithinTheTotalDeadline() async throws {
        // Given a 300 ms total deadline and backoffs of 200 ms, 400 ms, …
        let client = try Self.client(failing: Array(repeating: .httpStatus(502), count: 10))
        let timeouts = RequestTimeouts(connect: .seconds(1), stall: .seconds(1), total: .milliseconds(300))
        let pipeline = pipeline(client, retry: RetryPolicy(maxRetries: 5, initialBackoff: .milliseconds(200)), timeouts: timeouts)
        // When
        let outcome = await Self.load(url, with: pipeline)
        // Then one retry fits (at 200 ms), the next (at 600 ms) would not; the retry gets what is left
        XCTAssertEqual(outcome.failure, .network(.httpStatus(502)))
        XCTAssertEqual(client.requests.count, 2)
        XCTAssertEqual(client.requests.first?.timeouts, timeouts)
        let retryTotal = try XCTUnwrap(client.requests.last?.timeouts.total)
        XCTAssertLessThanOrEqual(retryTotal, .milliseconds(100))
        XCTAssertGreaterThan(retryTotal, .zero)
    }

    func test_cancel_duringTheBackoff_endsTheLoadAndSendsNothingMore() async throws {
        // Given a load waiting 10 s before its retry
        let client = try Self.client(failing: Array(repeating: .httpStatus(500), count: 10))
        let pipeline = pipeline(client, retry: RetryPolicy(maxRetries: 2, initialBackoff: .seconds(10)))
        let url = self.url
        let task = Task.detached { [pipeline] in await ImagePipelineRetryTests.load(url, with: pipeline) }
        let deadline = ContinuousClock.now + .seconds(2)
        while client.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        // When
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let outcome = await task.value
        // Then
        XCTAssertEqual(outcome.failure, .cancelled)
        XCTAssertLessThan(clock.now - start, .seconds(1))
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(client.requests.count, 1)
    }

    func test_trimMemory_keepsTheMostRecentlyUsedUpToTheCost() async throws {
        // Given three images in memory, c the most recently used
        let memory = MemoryImageCache()
        let pipeline = ImagePipeline(client: MockHTTPClient(body: try Self.png()), memory: memory, disk: MockDataCache())
        let urls = ["a", "b", "c"].map { URL(string: "http://images.test/\($0).png")! }
        for url in urls { _ = try await pipeline.image(for: url) }
        let cost = memory.totalCost / 3
        // When
        pipeline.trimMemory(toCost: cost)
        // Then
        XCTAssertEqual(memory.count, 1)
        XCTAssertNotNil(memory.image(for: urls[2].absoluteString))
        // When
        pipeline.trimMemory(toCost: 0)
        // Then
        XCTAssertEqual(memory.totalCost, 0)
    }
}

extension Result {
    /// The error of a failure, else `nil`.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Counts calls from any thread.
private final class Counter: Sendable {
    private let value = Mutex(0)

    /// The count before this call.
    func next() -> Int { value.withLock { count in defer { count += 1 }; return count } }
}
