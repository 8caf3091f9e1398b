import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Recording fidelity through the real proxy: a gzip answer is recorded gunzipped (as WireMock
/// 2.35's recorder does), one that only claims gzip is recorded as it came, other encodings are
/// kept as they came, and a recorded `HEAD` plays back the upstream's length. Each is recorded,
/// the upstream stopped, and the folder played back by a new server.
final class RecordingFidelityTests: XCTestCase {
    private var root: URL!
    private var upstream: MockServer!
    /// Not gzip after the magic bytes: compression method 0x63.
    private let corrupt = Data([0x1F, 0x8B, 0x63]) + Data("not really gzip".utf8)
    /// Real gzip cut in the middle.
    private let cut = GzipFixture.compressedItems.prefix(500)
    private let brotli = Data([0x0B, 0x02, 0x80]) + Data("pretend-brotli".utf8)
    /// 300 KB of text, gzipped in stored blocks: several reads of the spool file.
    private let large = Data((0..<300_000).map { UInt8(97 + $0 % 26) })

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = try makeRecordingRoot()
        upstream = try MockServer.start(MockServer.Configuration())
        func gzip(_ path: String, _ body: Data, type: String = "application/json", encoding: String = "gzip") throws {
            _ = try upstream.addStub(Stub(
                request: .get(urlPath: path),
                response: StubResponse(
                    headers: [StubHeader("Content-Type", type), StubHeader("Content-Encoding", encoding), StubHeader("ETag", "\"g1\""), StubHeader("Vary", "Accept-Encoding")],
                    body: .bytes(body))))
        }
        try gzip("/api/items", GzipFixture.compressedItems)
        try gzip("/api/corrupt", corrupt)
        try gzip("/api/cut", cut)
        try gzip("/api/brotli", brotli, encoding: "br")
        try gzip("/api/twice", GzipFixture.stored(Data("a".utf8)) + GzipFixture.stored(Data("b".utf8)), type: "text/plain")
        try gzip("/files/large.txt", GzipFixture.stored(large), type: "text/plain")
        _ = try upstream.addStub(Stub(
            request: .any(urlPath: "/assets/photo.png"),
            response: StubResponse(headers: [StubHeader("Content-Type", "image/png"), StubHeader("ETag", "\"p1\"")], body: .bytes(Data(count: 40_000)))))
    }

    override func tearDownWithError() throws {
        upstream?.stop()
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    /// Records `requests` (path, method) through the server's proxy, with `Accept-Encoding: gzip`;
    /// the live answers and the mappings the stop answered.
    private func record(_ requests: [(String, String)], spec extra: String = "") throws -> ([String: CurlResult], [String: [String: Any]]) {
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }
        let harness = RecordingHarness(server: server, upstream: upstream.baseURL)
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "\#(upstream.baseURL.absoluteString)"\#(extra)}"#).status, 200)
        var live: [String: CurlResult] = [:]
        for (path, method) in requests {
            live[path] = CurlClient().request(server.url(path), method: method, headers: ["Accept-Encoding: gzip, br"])
        }
        XCTAssertTrue(waitUntil(timeout: 5) { server.core.recorder.capturedCount == requests.count })
        var mappings: [String: [String: Any]] = [:]
        for mapping in harness.stop() {
            if let url = (mapping["request"] as? [String: Any])?["url"] as? String { mappings[url] = mapping["response"] as? [String: Any] }
        }
        XCTAssertEqual(mappings.count, requests.count)
        return (live, mappings)
    }

    private func headers(_ response: [String: Any]?) -> [String: String] {
        var lowered: [String: String] = [:]
        for (name, value) in response?["headers"] as? [String: Any] ?? [:] { lowered[name.lowercased()] = value as? String }
        return lowered
    }

    func test_gzipJSON_isRecordedGunzipped_andPlaysBackReadable() throws {
        let (live, mappings) = try record([("/api/items", "GET"), ("/api/twice", "GET")])
        XCTAssertEqual(live["/api/items"]?.headers["content-encoding"], "gzip", "the live answer is passed on as the upstream sent it")
        XCTAssertEqual(live["/api/items"]?.body, GzipFixture.compressedItems)
        let items = mappings["/api/items"]
        XCTAssertEqual(items?["body"] as? String, GzipFixture.itemsJSON, "readable, editable JSON in the mapping")
        XCTAssertNil(items?["base64Body"])
        XCTAssertNil(headers(items)["content-encoding"], "the body is no longer gzip")
        XCTAssertEqual(headers(items)["etag"], "\"g1\"")
        XCTAssertEqual(mappings["/api/twice"]?["body"] as? String, "ab", "two gzip members are one body")
        upstream.stop()

        let replay = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { replay.stop() }
        let again = CurlClient().request(replay.url("/api/items"), headers: ["Accept-Encoding: gzip"])
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(String(decoding: again.body, as: UTF8.self), GzipFixture.itemsJSON)
        XCTAssertNil(again.headers["content-encoding"])
        XCTAssertEqual(again.headers["content-length"], "\(GzipFixture.itemsJSON.utf8.count)")
        XCTAssertEqual(again.headers["content-type"], "application/json")
    }

    func test_largeGzipBody_isGunzippedIntoFiles() throws {
        let (_, mappings) = try record([("/files/large.txt", "GET")], spec: #", "extractBodyCriteria": {"textSizeThreshold": "1 kb"}"#)
        let file = try XCTUnwrap(mappings["/files/large.txt"]?["bodyFileName"] as? String)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("__files").appendingPathComponent(file)), large)
        upstream.stop()
        let replay = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { replay.stop() }
        XCTAssertEqual(HTTP.get(replay.url("/files/large.txt")).body, large)
    }

    func test_bodyThatOnlyClaimsGzip_isRecordedAsItCame_andTheRestOfTheRecordingToo() throws {
        let (_, mappings) = try record([("/api/corrupt", "GET"), ("/api/cut", "GET"), ("/api/brotli", "GET"), ("/api/items", "GET")])
        for (path, bytes) in [("/api/corrupt", corrupt), ("/api/cut", Data(cut)), ("/api/brotli", brotli)] {
            let response = mappings[path]
            XCTAssertEqual((response?["base64Body"] as? String).flatMap { Data(base64Encoded: $0) }, bytes, path)
            XCTAssertEqual(headers(response)["content-encoding"], path == "/api/brotli" ? "br" : "gzip", path)
        }
        XCTAssertEqual(mappings["/api/items"]?["body"] as? String, GzipFixture.itemsJSON, "one bad body spoils nothing else (WireMock's stop fails)")
        upstream.stop()

        let replay = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { replay.stop() }
        for (path, bytes) in [("/api/corrupt", corrupt), ("/api/cut", Data(cut)), ("/api/brotli", brotli)] {
            let again = HTTP.get(replay.url(path))
            XCTAssertEqual(again.status, 200, path)
            XCTAssertEqual(again.body, bytes, path)
            XCTAssertEqual(again.headers["content-encoding"], path == "/api/brotli" ? "br" : "gzip", path)
        }
    }

    func test_recordedHead_playsBackTheUpstreamsLength() throws {
        let (live, mappings) = try record([("/assets/photo.png", "HEAD")])
        XCTAssertEqual(live["/assets/photo.png"]?.headers["content-length"], "40000")
        XCTAssertEqual(headers(mappings["/assets/photo.png"])["content-length"], "40000")
        upstream.stop()

        let replay = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { replay.stop() }
        let head = CurlClient().request(replay.url("/assets/photo.png"), method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.code, CurlCode.ok)
        XCTAssertEqual(head.headers["content-length"], "40000")
        XCTAssertEqual(head.headers["content-type"], "image/png")
        XCTAssertEqual(head.headers["etag"], "\"p1\"")
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(HTTP.get(replay.url("/assets/photo.png")).status, 404, "a HEAD recording answers HEAD only, as WireMock's does")
    }
}
