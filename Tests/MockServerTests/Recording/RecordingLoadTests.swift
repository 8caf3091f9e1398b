import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import MockServer

/// 10,000 requests recorded through the real proxy, by a few clients at once: every distinct
/// request becomes one mapping with a safe, unique file name, every body lands in `__files/`,
/// memory grows by little per exchange (bodies, answers' and uploads' alike, wait in spool files),
/// and the stop writes them all in about linear time.
final class RecordingLoadTests: XCTestCase {
    /// Requests sent in all.
    private static let total = 10_000
    /// Every 20th request repeats the one 19 before it (method, URL and body).
    private static func isRepeat(_ index: Int) -> Bool { index % 20 == 19 }
    /// A 256 KB answer (`/blobs/…`).
    private static let blob = Data((0..<256 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    /// A 48 KB upload (`POST /uploads/…`): over what the recorder keeps in memory per request.
    private static let upload = Data((0..<48 * 1024).map { UInt8(ascii: "a") + UInt8($0 % 26) })

    /// Request `index`: the method, the path and query, and the body.
    private static func request(_ index: Int) -> (method: String, url: String, body: Data) {
        if isRepeat(index) { return request(index - 19) }
        switch index % 50 {
        case 7: return ("GET", "/blobs/\(index)", Data())
        case 13: return ("POST", "/uploads/\(index)", upload)
        case 23: return ("POST", "/forms/\(index)", Data(#"{"n": \#(index)}"#.utf8))
        case 42: return ("GET", "/items/..%2F..%2Fetc%2Fpasswd%00%E2%80%AE/\(index)", Data())
        default: return ("GET", "/items/\(index)?page=\(index % 7)", Data())
        }
    }

    /// Sends requests `range` from `clients` threads, each on its own connection.
    private func send(_ range: Range<Int>, through server: MockServer, clients: Int) -> Int {
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: clients) { client in
            let curl = CurlClient()
            for index in range where index % clients == client {
                let (method, url, body) = Self.request(index)
                let result = curl.request(
                    URL(string: server.baseURL.absoluteString + url)!, method: method,
                    headers: body.isEmpty ? [] : ["Content-Type: application/octet-stream"], body: body.isEmpty ? nil : body)
                let expected = url.hasPrefix("/blobs/") ? Self.blob.count : nil
                if result.status != 200 || expected.map({ $0 != result.body.count }) == true { failures.withLock { $0 += 1 } }
            }
        }
        return failures.withLock { $0 }
    }

    func test_tenThousandProxiedRequests_recordedWithBoundedMemory_writtenInLinearTime() throws {
        // Given: an upstream answering every path, and a recording server (journals kept short,
        // so that what grows is the recorder's)
        let upstream = try MockServer.start(MockServer.Configuration(journalCapacity: 100))
        defer { upstream.stop() }
        for (pattern, body) in [
            ("/items/.*", #""body": "{\"item\": true, \"padding\": \"0123456789abcdef0123456789abcdef\"}", "headers": {"Content-Type": "application/json", "ETag": "\"e1\""}"#),
            ("/forms/.*", #""body": "{\"ok\": true}", "headers": {"Content-Type": "application/json"}"#),
            ("/uploads/.*", #""body": "stored", "headers": {"Content-Type": "text/plain"}"#),
            ("/blobs/.*", #""base64Body": "\#(Self.blob.base64EncodedString())", "headers": {"Content-Type": "application/octet-stream"}"#),
        ] {
            _ = try upstream.addStubs(json: Data(#"{"request": {"urlPathPattern": "\#(pattern)"}, "response": {"status": 200, \#(body)}}"#.utf8))
        }
        let root = try makeRecordingRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try MockServer.start(MockServer.Configuration(journalCapacity: 100, rootDirectory: root))
        defer { server.stop() }
        let harness = RecordingHarness(server: server, upstream: upstream.baseURL)
        let spec = #"{"targetBaseUrl": "\#(upstream.baseURL.absoluteString)", "repeatsAsScenarios": false, "extractBodyCriteria": {"textSizeThreshold": "0", "binarySizeThreshold": "0"}}"#
        XCTAssertEqual(harness.start(spec).status, 200)
        let clients = 3
        let began = Date()

        // When: the first 2,000 requests fill what is bounded anyway (the journals, the proxy
        // journal's 256 exchanges, the allocator's arenas); the next 8,000 are what is measured
        let warm = 2_000
        XCTAssertEqual(send(0..<warm, through: server, clients: clients), 0)
        XCTAssertTrue(waitUntil(timeout: 10) { server.core.recorder.capturedCount == warm })
        let before = heldMemoryBytes()
        try XCTSkipIf(before == 0, "memory is read from /proc (Linux)")
        XCTAssertEqual(send(warm..<Self.total, through: server, clients: clients), 0)
        XCTAssertTrue(waitUntil(timeout: 10) { server.core.recorder.capturedCount == Self.total })
        let grown = heldMemoryBytes() - before
        let sent = Date().timeIntervalSince(began)
        let stopping = Date()
        let answer = HTTP.post(server.adminURL.appendingPathComponent("__admin/recordings/stop"), json: "", timeout: 120)
        let stopped = Date().timeIntervalSince(stopping)
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body.prefix(500), as: UTF8.self))
        let mappings = answer.json?["mappings"] as? [[String: Any]] ?? []

        // Then: one mapping per distinct request, each in its own safe, unique file
        let distinct = (0..<Self.total).filter { !Self.isRepeat($0) }.count
        let measured = Self.total - warm
        let bodies = (warm..<Self.total).map { Self.request($0) }
        let bodyBytes = bodies.reduce(0) { $0 + $1.body.count + ($1.url.hasPrefix("/blobs/") ? Self.blob.count : 0) }
        print(
            "recording \(Self.total) proxied requests (\(clients) clients): sent in \(Int(sent)) s, stop wrote \(mappings.count) mappings in "
                + "\(String(format: "%.1f", stopped)) s; memory +\(grown / 1024) KB over \(measured) exchanges carrying \(bodyBytes / 1024) KB of bodies")
        XCTAssertEqual(mappings.count, distinct)
        let written = fileNames(in: root.appendingPathComponent("mappings"))
        XCTAssertEqual(written.count, distinct)
        XCTAssertEqual(Set(written).count, written.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let safe = written.filter { $0.hasSuffix(".json") && $0.count > 5 && $0.dropLast(5).allSatisfy(allowed.contains) }
        XCTAssertEqual(safe.count, written.count, "unsafe names: \(written.filter { !safe.contains($0) }.prefix(3))")
        let files = fileNames(in: root.appendingPathComponent("__files"))
        XCTAssertEqual(files.count, distinct, "every body in __files/")
        XCTAssertTrue(files.allSatisfy { !$0.hasPrefix(".") && !$0.contains("/") })
        let uploads = mappings.filter { (($0["request"] as? [String: Any])?["url"] as? String)?.hasPrefix("/uploads/") == true }
        XCTAssertEqual(uploads.count, (0..<Self.total).filter { !Self.isRepeat($0) && $0 % 50 == 13 }.count)
        let pattern = ((uploads.first?["request"] as? [String: Any])?["bodyPatterns"] as? [[String: Any]])?.first
        XCTAssertTrue(
            pattern?["equalTo"] as? String == String(decoding: Self.upload, as: UTF8.self),
            "an upload spooled while recording is matched whole, got \(String(describing: pattern).prefix(200))")

        // Memory: held in memory, the measured exchanges' bodies would be `bodyBytes` (over 40 MB);
        // their heads and kept request bytes are about 2 KB each.
        XCTAssertLessThan(grown, measured * 3 * 1024, "memory grew \(grown / 1024) KB over \(measured) exchanges")
        // Linear: 9,500 mappings are written in seconds; a quadratic stop takes minutes.
        XCTAssertLessThan(stopped, 60, "the stop took \(stopped) s")
    }
}
