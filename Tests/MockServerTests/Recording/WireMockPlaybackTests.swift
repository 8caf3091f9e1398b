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
        recorder.stop()
        upstream.stop()

        let ours = try StubServerProcess.start(.mockServer, fixtures: root)
        defer { ours.stop() }
        let wireMock = try StubServerProcess.start(.wireMock, fixtures: root)
        defer { wireMock.stop() }
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
}
