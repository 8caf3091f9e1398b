import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Upstreams that misbehave (the upstream's own catalog faults, passed through as bare parameters
/// under `--proxy-all`), and load.
final class ProxyHostileTests: ProxyTestCase {
    func test_hugeUpstreamBody_isStreamed_neverBuffered() throws {
        // Given: 10 GB declared (zeros after the JSON)
        let proxy = try proxyAll()
        let before = heldMemoryBytes()

        // When: the client takes 32 MB, then leaves
        let result = StreamingFetch.run(proxy.url("/gallery.json?bytes=10000000000"), stopAfter: 32 * 1024 * 1024)

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertGreaterThanOrEqual(result.bytes, 32 * 1024 * 1024)
        XCTAssertLessThan(try XCTUnwrap(result.firstByte), 2, "bytes come as they arrive")
        XCTAssertLessThan(heldMemoryBytes() - before, 48 * 1024 * 1024, "the body is never held whole")
        // The transfer upstream stops too once the client left.
        XCTAssertTrue(waitUntil(timeout: 5) { self.upstream.requests.contains { $0.path == "/gallery.json" } })
        XCTAssertNotEqual(upstream.requests.first { $0.path == "/gallery.json" }?.outcome, .ok)
    }

    func test_drippingUpstream_firstBytesArriveBeforeItFinished() throws {
        // Given: 300 KB at 200 KB/s upstream
        let proxy = try proxyAll()

        // When
        let result = StreamingFetch.run(proxy.url("/gallery.json?bytes=300000&drip=200000"))

        // Then
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.bytes, 300_000)
        XCTAssertGreaterThan(result.elapsed, 1.2)
        XCTAssertLessThan(try XCTUnwrap(result.firstByte), 0.8)
    }

    func test_stallingUpstream_clientLeaving_endsTheUpstreamRequest() throws {
        // Given
        let proxy = try proxyAll()

        // When: the upstream stalls before its head; the client gives up
        let result = HTTP.get(proxy.url("/gallery.json?delay=60000"), timeout: 0.5)

        // Then
        XCTAssertEqual(result.code, CurlCode.timedOut)
        XCTAssertTrue(waitUntil(timeout: 5) { self.upstream.requests.contains { $0.path == "/gallery.json" } }, "the transfer was aborted")
        XCTAssertEqual(proxy.requests.first?.proxiedTo, upstream.baseURL.absoluteString + "/gallery.json?delay=60000")
    }

    func test_resetAndMalformedUpstreams_answer500WithTheReason() throws {
        // Given
        let proxy = try proxyAll()

        // When
        let reset = HTTP.get(proxy.url("/gallery.json?reset=1"))
        let garbage = HTTP.get(proxy.url("/gallery.json?garbage=1"))
        let empty = HTTP.get(proxy.url("/gallery.json?empty_reply=1"))

        // Then
        for result in [reset, garbage, empty] {
            XCTAssertEqual(result.status, 500)
            let text = String(decoding: result.body, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("Network failure trying to make a proxied request from WireMock to "), text)
            let reason = text.components(separatedBy: "\r\n").last ?? ""
            XCTAssertFalse(reason.isEmpty, text)
        }
    }

    func test_brokenUpstreamBody_cutsTheClientsBody() throws {
        let proxy = try proxyAll()
        let result = HTTP.get(proxy.url("/gallery.json?truncate=50"))
        XCTAssertEqual(result.status, 200)
        XCTAssertNotEqual(result.code, CurlCode.ok)
        XCTAssertLessThanOrEqual(result.body.count, 50)
    }

    func test_redirectLoop_isRelayedNotFollowed() throws {
        // Given
        let proxy = try proxyAll()

        // When
        let result = HTTP.get(proxy.url("/gallery.json?redirect_loop=1"))

        // Then
        XCTAssertTrue((300...399).contains(result.status), "\(result.status)")
        XCTAssertNotNil(result.headers["location"])
        XCTAssertEqual(upstream.requests.count, 1)
    }

    func test_twoHundredConcurrentProxiedRequests_allSucceed() throws {
        // Given: each answer takes 200 ms upstream, so they overlap
        try upstreamStubs(#"{"request": {"urlPathPattern": "/c/.*"}, "response": {"body": "ok", "fixedDelayMilliseconds": 200}}"#)
        let proxy = try proxyAll()
        let statuses = LockedStatuses()

        // When
        let threads = (0..<200).map { index in
            Thread {
                statuses.add(HTTP.get(proxy.url("/c/\(index)"), timeout: 30).status)
            }
        }
        threads.forEach { $0.stackSize = 256 * 1024; $0.start() }
        XCTAssertTrue(waitUntil(timeout: 30) { statuses.count == 200 })

        // Then
        XCTAssertEqual(statuses.all.filter { $0 == 200 }.count, 200)
    }
}

/// Statuses collected from many threads.
private final class LockedStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    func add(_ status: Int) { lock.withLock { values.append(status) } }
    var count: Int { lock.withLock { values.count } }
    var all: [Int] { lock.withLock { values } }
}

/// Back-pressure: a slow client slows the transfer upstream instead of filling memory.
final class ProxyBackPressureTests: ProxyTestCase {
    func test_slowClient_pausesTheUpstream_memoryStaysBounded() throws {
        // Given: an endless-looking upstream (10 GB), a client held to 2 MB/s by the proxy's own drip
        let proxy = try proxyAll()
        let before = heldMemoryBytes()

        // When: one second of it
        let result = StreamingFetch.run(proxy.url("/gallery.json?bytes=10000000000&fault.drip=2000000"), timeout: 1)

        // Then: the client got about 2 MB, and the proxy did not read gigabytes meanwhile
        XCTAssertEqual(result.code, CurlCode.timedOut)
        XCTAssertGreaterThan(result.bytes, 500_000)
        XCTAssertLessThan(result.bytes, 4_000_000)
        XCTAssertLessThan(heldMemoryBytes() - before, 48 * 1024 * 1024)
        let sent = upstreamRecord("/gallery.json")?.bytes ?? .max
        XCTAssertLessThan(sent, 32 * 1024 * 1024, "the upstream sent only what the buffers hold beyond the client's share")
    }
}
