import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Request bodies stream to the upstream as they arrive when the request is proxied whatever its
/// body: any size goes through, in order, with bounded memory; the client leaving ends the
/// upstream transfer; an upstream that stops reading slows the client down (back-pressure).
final class ProxyUploadTests: XCTestCase {
    private var servers: [MockServer] = []
    private var upstreams: [CountingUpstream] = []

    override func tearDown() {
        for server in servers.reversed() { server.stop() }
        for upstream in upstreams { upstream.stop() }
        servers = []
        upstreams = []
        super.tearDown()
    }

    private func upstream(stall: Bool = false, cutAfter: Int = .max) throws -> CountingUpstream {
        let upstream = try CountingUpstream(stall: stall, cutAfter: cutAfter)
        upstreams.append(upstream)
        return upstream
    }

    private func proxyAll(_ upstream: CountingUpstream) throws -> MockServer {
        var configuration = MockServer.Configuration()
        if let backend = TestBackend.forced { configuration.backend = backend }
        configuration.proxy = MockServer.ProxyOptions(proxyAll: upstream.baseURL)
        let server = try MockServer.start(configuration)
        servers.append(server)
        return server
    }

    func test_uploadFarOverTheOldCap_arrivesWholeInOrder_withBoundedMemory() throws {
        // Given: 300 MB, generated as it is sent (the buffered path refused anything over 64 MB)
        let upstream = try upstream()
        let proxy = try proxyAll(upstream)
        let size = 300 * 1024 * 1024
        let before = heldMemoryBytes()
        var peak = before

        // When
        let upload = try StreamingUpload.run(port: proxy.port, size: size) { peak = max(peak, heldMemoryBytes()) }

        // Then
        XCTAssertEqual(upload.status, 200, upload.body)
        XCTAssertEqual(upload.body, "\(size) \(upload.checksum.digest)", "every byte arrived, in order")
        let grown = max(peak, heldMemoryBytes()) - before
        print("streamed upload of \(size / 1024 / 1024) MB: memory held grew \(grown / 1024) KB at most")
        XCTAssertLessThan(grown, 48 * 1024 * 1024, "the body is never held whole")
        let record = try XCTUnwrap(waitForRecord(proxy, path: "/upload"))
        XCTAssertEqual(record.bodySize, size)
        XCTAssertLessThanOrEqual(record.body.count, RequestRecord.bodyLimit, "the journal keeps the body's first bytes only")
    }

    func test_proxyStub_streamsItsUpload_andAFaultBeforeTheUpstreamKeepsTheBufferedPath() throws {
        // Given: a proxy stub (no --proxy-all)
        let upstream = try upstream()
        var configuration = MockServer.Configuration()
        if let backend = TestBackend.forced { configuration.backend = backend }
        let server = try MockServer.start(configuration)
        servers.append(server)
        _ = try server.addStubs(json: Data(#"{"request": {"urlPathPattern": "/up.*"}, "response": {"proxyBaseUrl": "\#(upstream.baseURL)"}}"#.utf8))

        // When: 100 MB through it, then 70 MB with a delay (answered before the upstream: buffered, 64 MB at most)
        let streamed = try StreamingUpload.run(port: server.port, size: 100 * 1024 * 1024)
        let delayed = try StreamingUpload.run(port: server.port, path: "/upload?fault.delay=1", size: 70 * 1024 * 1024)

        // Then
        XCTAssertEqual(streamed.status, 200, streamed.body)
        XCTAssertEqual(streamed.body, "\(streamed.sent) \(streamed.checksum.digest)")
        XCTAssertEqual(delayed.status, 413, delayed.body)
    }

    func test_stubWithoutBodyPatterns_underProxyAll_answersAfterTheWholeBody() throws {
        // Given: a stub for one path (admission at the first chunk finds it: nothing streams)
        let upstream = try upstream()
        let proxy = try proxyAll(upstream)
        _ = try proxy.addStubs(json: Data(#"{"request": {"method": "POST", "url": "/local"}, "response": {"status": 201, "body": "local"}}"#.utf8))

        // When
        let upload = try StreamingUpload.run(port: proxy.port, path: "/local", size: 2 * 1024 * 1024)

        // Then: the stub answered once the body was read, and the upstream saw nothing
        XCTAssertEqual(upload.status, 201)
        XCTAssertEqual(upload.body, "local")
        XCTAssertEqual(try XCTUnwrap(waitForRecord(proxy, path: "/local")).bodySize, 2 * 1024 * 1024)
        XCTAssertTrue(upstream.seen.isEmpty)
    }

    func test_chunkedUpload_goesUpstreamChunked() throws {
        // Given
        let upstream = try upstream()
        let proxy = try proxyAll(upstream)

        // When: 3 MB chunked, no length declared
        let upload = try StreamingUpload.run(port: proxy.port, size: 3 * 1024 * 1024 + 17, chunked: true)

        // Then
        XCTAssertEqual(upload.status, 200, upload.body)
        XCTAssertEqual(upload.body, "\(upload.sent) \(upload.checksum.digest)")
        let head = try XCTUnwrap(upstream.seen.first?.head.lowercased())
        XCTAssertTrue(head.contains("transfer-encoding: chunked"), head)
        XCTAssertFalse(head.contains("content-length"), head)
    }

    func test_clientLeavingMidUpload_endsTheUpstreamTransfer() throws {
        // Given: 100 MB declared
        let upstream = try upstream()
        let proxy = try proxyAll(upstream)

        // When: the client sends 8 MB, then leaves
        let upload = try StreamingUpload.run(port: proxy.port, size: 100 * 1024 * 1024, stopAfter: 8 * 1024 * 1024)

        // Then: the upstream's request ends too, cut
        XCTAssertEqual(upload.sent, 8 * 1024 * 1024)
        XCTAssertTrue(waitUntil(timeout: 5) { !upstream.seen.isEmpty }, "the upstream transfer ended")
        let seen = try XCTUnwrap(upstream.seen.first)
        XCTAssertFalse(seen.complete)
        XCTAssertLessThan(seen.count, 100 * 1024 * 1024)
    }

    func test_upstreamThatStopsReading_isBackPressure_notMemory() throws {
        // Given: an upstream that reads the head and nothing more
        let upstream = try upstream(stall: true)
        let proxy = try proxyAll(upstream)
        let before = heldMemoryBytes()

        // When: the client sends 200 MB, until its send blocks
        let upload = try StreamingUpload.run(port: proxy.port, size: 200 * 1024 * 1024, stallTimeout: 1)

        // Then: socket buffers and the 1 MB upload buffer hold what went in, no more
        XCTAssertTrue(upload.stalled, "the client was slowed down (sent \(upload.sent) bytes)")
        XCTAssertLessThan(upload.sent, 64 * 1024 * 1024)
        XCTAssertLessThan(heldMemoryBytes() - before, 32 * 1024 * 1024)
    }

    func test_upstreamFailingMidUpload_answersAsWireMockDoes() throws {
        // Given: an upstream that resets its connection after 4 MB
        let upstream = try upstream(cutAfter: 4 * 1024 * 1024)
        let proxy = try proxyAll(upstream)

        // When: the client sends 40 MB
        let upload = try StreamingUpload.run(port: proxy.port, size: 40 * 1024 * 1024)

        // Then: the rest of the body is read and dropped, and the answer is WireMock's proxy failure
        XCTAssertEqual(upload.sent, 40 * 1024 * 1024)
        XCTAssertEqual(upload.status, 500)
        XCTAssertTrue(upload.body.hasPrefix("Network failure trying to make a proxied request from WireMock to \(upstream.baseURL)/upload"), upload.body)
        XCTAssertFalse(try XCTUnwrap(upstream.seen.first).complete)
    }

    func test_bodyPatternStub_underProxyAll_stillMatchesOnTheBody() throws {
        // Given: a stub matching a body, the rest proxied
        let upstream = try upstream()
        let proxy = try proxyAll(upstream)
        _ = try proxy.addStubs(json: Data(#"""
            {"request": {"method": "POST", "url": "/upload", "bodyPatterns": [{"equalTo": "hello"}]},
             "response": {"status": 201, "body": "stubbed"}}
            """#.utf8))

        // When
        let stubbed = try post(proxy, body: "hello")
        let proxied = try post(proxy, body: "other")

        // Then
        XCTAssertEqual(stubbed.status, 201)
        XCTAssertEqual(stubbed.body, "stubbed")
        XCTAssertEqual(proxied.status, 200)
        XCTAssertTrue(proxied.body.hasPrefix("5 "), "a body that does not match goes upstream whole: \(proxied.body)")
    }

    func test_recordingAStreamedUpload_keepsTheBodysFirstBytesOnly() throws {
        // Given: a recording through the proxy
        let upstream = try upstream()
        let root = try makeRecordingRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        servers.append(server)
        let harness = RecordingHarness(server: server, upstream: URL(string: upstream.baseURL)!)
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "\#(upstream.baseURL)", "persist": false}"#).status, 200)

        // When: a small body, then one past the journal's limit
        XCTAssertEqual(try post(server, body: "hello upload").status, 200)
        let big = try StreamingUpload.run(port: server.port, path: "/big", size: 4 * 1024 * 1024)
        XCTAssertEqual(big.status, 200)
        XCTAssertTrue(waitUntil(timeout: 5) { server.core.recorder.capturedCount == 2 })
        let mappings = harness.stop()

        // Then: the small body is matched on, the big one is not (only its first bytes were kept)
        let requests = mappings.compactMap { $0["request"] as? [String: Any] }
        let small = try XCTUnwrap(requests.first { ($0["url"] as? String) == "/upload" })
        let patterns = try XCTUnwrap(small["bodyPatterns"] as? [[String: Any]])
        XCTAssertEqual(patterns.first?["equalTo"] as? String, "hello upload")
        let large = try XCTUnwrap(requests.first { ($0["url"] as? String) == "/big" })
        XCTAssertNil(large["bodyPatterns"])
    }

    private func post(_ server: MockServer, body: String) throws -> RawAnswer {
        let fd = try Loopback.connect(port: server.port)
        defer { close(fd) }
        let request = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return RawAnswer.read(fd, timeout: 10)
    }

    private func waitForRecord(_ server: MockServer, path: String) -> RequestRecord? {
        var found: RequestRecord?
        _ = waitUntil(timeout: 5) {
            found = server.requests.last { $0.path == path }
            return found != nil
        }
        return found
    }
}
