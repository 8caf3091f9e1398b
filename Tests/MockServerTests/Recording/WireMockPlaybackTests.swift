import Foundation
import XCTest

@testable import MockServer

/// Real WireMock 2.35 plays back a folder mockserver recorded, and answers as mockserver does.
final class WireMockPlaybackTests: XCTestCase {
    func test_wireMock_loadsMockServersRecording_andAnswersTheSame() throws {
        _ = try WireMockJar.locate()
        let root = try makeRecordingRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let upstream = try MockServer.start(MockServer.Configuration())
        defer { upstream.stop() }
        let png = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/api/items"),
            response: StubResponse(headers: [StubHeader("Content-Type", "application/json"), StubHeader("ETag", "\"v1\"")], body: .text(#"{"items":[1,2]}"#))))
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/images/1.png"), response: StubResponse(headers: [StubHeader("Content-Type", "image/png")], body: .bytes(png))))
        _ = try upstream.addStub(Stub(request: .post(urlPath: "/api/orders"), response: StubResponse(status: 201, headers: [StubHeader("Location", "/api/orders/7")])))
        let recorder = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        let harness = RecordingHarness(server: recorder, upstream: upstream.url(""))
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "\#(upstream.url("").absoluteString)", "extractBodyCriteria": {"binarySizeThreshold": "1 kb"}}"#).status, 200)
        harness.exchange("/api/items?sort=name")
        harness.exchange("/api/items?sort=name")
        harness.exchange("/images/1.png")
        harness.exchange("/api/orders", method: "POST", headers: [("Content-Type", "application/json")], body: Data(#"{"item":1}"#.utf8))
        XCTAssertEqual(harness.stop().count, 4)
        let (ours, wireMock) = try playBack(root, stopping: recorder, upstream)
        defer { [ours, wireMock].forEach { $0.stop() } }
        func both(_ path: String, method: String = "GET", body: Data? = nil) -> (CurlResult, CurlResult) {
            let headers = body == nil ? [] : ["Content-Type: application/json"]
            return (
                CurlClient().request(ours.url(path), method: method, headers: headers, body: body),
                CurlClient().request(wireMock.url(path), method: method, headers: headers, body: body)
            )
        }
        // The repeat is a scenario: first answer, then the second, then no match, in both.
        for round in 0..<3 {
            let (a, b) = both("/api/items?sort=name")
            XCTAssertEqual(a.status, b.status, "round \(round): \(wireMock.output.suffix(2000))")
            XCTAssertEqual(a.body, b.body, "round \(round)")
            if round < 2 {
                XCTAssertEqual(a.status, 200)
                XCTAssertEqual(a.headers["etag"], "\"v1\"")
                XCTAssertEqual(a.headers["etag"], b.headers["etag"])
                XCTAssertEqual(a.headers["content-type"], b.headers["content-type"])
            }
        }
        let (image, wireImage) = both("/images/1.png")
        XCTAssertEqual(image.body, png)
        XCTAssertEqual(wireImage.body, png)
        XCTAssertEqual(image.headers["content-type"], wireImage.headers["content-type"])
        let (order, wireOrder) = both("/api/orders", method: "POST", body: Data(#"{ "item": 1 }"#.utf8))
        XCTAssertEqual(order.status, 201)
        XCTAssertEqual(wireOrder.status, 201)
        XCTAssertEqual(order.headers["location"], wireOrder.headers["location"])
    }

    /// A gzip answer recorded gunzipped, one that only claims gzip recorded as it came, and a
    /// recorded `HEAD` with its length: WireMock plays the folder back as mockserver does.
    func test_wireMock_playsBackGunzippedCorruptAndHeadRecordings_asMockServerDoes() throws {
        _ = try WireMockJar.locate()
        let root = try makeRecordingRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let upstream = try MockServer.start(MockServer.Configuration())
        defer { upstream.stop() }
        let corrupt = Data([0x1F, 0x8B, 0x63]) + Data("not really gzip".utf8)
        for (path, body) in [("/api/items", GzipFixture.compressedItems), ("/api/corrupt", corrupt)] {
            _ = try upstream.addStub(Stub(
                request: .get(urlPath: path),
                response: StubResponse(
                    headers: [StubHeader("Content-Type", "application/json"), StubHeader("Content-Encoding", "gzip")], body: .bytes(body))))
        }
        _ = try upstream.addStub(Stub(
            request: .any(urlPath: "/assets/photo.png"),
            response: StubResponse(headers: [StubHeader("Content-Type", "image/png"), StubHeader("ETag", "\"p1\"")], body: .bytes(Data(count: 40_000)))))
        let recorder = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        let harness = RecordingHarness(server: recorder, upstream: upstream.url(""))
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "\#(upstream.url("").absoluteString)"}"#).status, 200)
        harness.exchange("/api/items", headers: [("Accept-Encoding", "gzip")])
        harness.exchange("/api/corrupt", headers: [("Accept-Encoding", "gzip")])
        XCTAssertEqual(harness.exchange("/assets/photo.png", method: "HEAD").headers["content-length"], "40000")
        XCTAssertEqual(harness.stop().count, 3)
        let (ours, wireMock) = try playBack(root, stopping: recorder, upstream)
        defer { [ours, wireMock].forEach { $0.stop() } }
        for server in [ours, wireMock] {
            let items = CurlClient().request(server.url("/api/items"))
            XCTAssertEqual(items.status, 200, "\(server.kind): \(server.output.suffix(2000))")
            XCTAssertEqual(String(decoding: items.body, as: UTF8.self), GzipFixture.itemsJSON, "\(server.kind)")
            XCTAssertNil(items.headers["content-encoding"], "\(server.kind)")
            let bad = CurlClient().request(server.url("/api/corrupt"))
            XCTAssertEqual(bad.body, corrupt, "\(server.kind)")
            XCTAssertEqual(bad.headers["content-encoding"], "gzip", "\(server.kind)")
            let head = CurlClient().request(server.url("/assets/photo.png"), method: "HEAD")
            XCTAssertEqual(head.status, 200, "\(server.kind)")
            XCTAssertEqual(head.code, CurlCode.ok, "\(server.kind)")
            XCTAssertEqual(head.headers["content-length"], "40000", "\(server.kind)")
            XCTAssertEqual(head.headers["etag"], "\"p1\"", "\(server.kind)")
        }
    }

    /// Stops the recorder and its upstream (playback runs without them), then starts mockserver
    /// and WireMock on the recording's folder.
    private func playBack(_ root: URL, stopping recorder: MockServer, _ upstream: MockServer) throws -> (StubServerProcess, StubServerProcess) {
        recorder.stop()
        upstream.stop()
        let ours = try StubServerProcess.start(.mockServer, fixtures: root)
        do {
            return (ours, try StubServerProcess.start(.wireMock, fixtures: root))
        } catch {
            ours.stop()
            throw error
        }
    }
}
