import Foundation
import XCTest

@testable import MockServer

/// Record from an upstream (an in-process MockServer with stubs), stop it, and play the folder
/// back: same status, headers that matter and body bytes.
final class RecordReplayTests: XCTestCase {
    private var root: URL!
    private var upstream: MockServer!
    private var recorder: MockServer!
    private let png = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = try makeRecordingRoot()
        upstream = try MockServer.start(MockServer.Configuration())
        let json = #"{"items":["a","b"]}"#
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/api/items"),
            response: StubResponse(headers: [
                StubHeader("Content-Type", "application/json"), StubHeader("ETag", "\"v1\""), StubHeader("Cache-Control", "max-age=60"),
                StubHeader("Set-Cookie", "session=abc; Path=/; HttpOnly"),
            ], body: .text(json))))
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/images/1.png"),
            response: StubResponse(headers: [StubHeader("Content-Type", "image/png")], body: .bytes(png))))
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/old"), response: StubResponse(status: 301, headers: [StubHeader("Location", "/new")])))
        recorder = try MockServer.start(MockServer.Configuration(rootDirectory: root))
    }

    override func tearDownWithError() throws {
        recorder?.stop()
        upstream?.stop()
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    private var harness: RecordingHarness { RecordingHarness(server: recorder, upstream: upstream.url("")) }

    func test_recordThenReplay_withUpstreamStopped_answersTheSame() throws {
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "\#(upstream.url("").absoluteString)"}"#).status, 200)
        let items = harness.exchange("/api/items?page=1", headers: [("Authorization", "Bearer s3cret"), ("Cookie", "a=b")])
        // The PNG as an upstream that sends no Cache-Control sends it.
        let image = harness.exchange("/images/1.png", answerHeaders: [("Content-Type", "image/png"), ("Content-Length", "\(png.count)")])
        let moved = harness.exchange("/old")
        XCTAssertEqual(harness.stop().count, 3)
        XCTAssertEqual(fileNames(in: root.appendingPathComponent("mappings")).count, 3)
        upstream.stop()
        recorder.stop()

        let replay = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { replay.stop() }
        let again = HTTP.get(replay.url("/api/items?page=1"))
        XCTAssertEqual(again.status, items.status)
        XCTAssertEqual(again.body, items.body)
        for name in ["content-type", "content-length", "etag", "cache-control", "set-cookie"] {
            XCTAssertEqual(again.headers[name], items.headers[name], name)
        }
        let picture = HTTP.get(replay.url("/images/1.png"))
        XCTAssertEqual(picture.status, 200)
        XCTAssertEqual(picture.body, png)
        XCTAssertEqual(picture.body, image.body)
        XCTAssertEqual(picture.headers["content-type"], "image/png")
        XCTAssertEqual(picture.headers["content-length"], "\(png.count)")
        XCTAssertNil(picture.headers["cache-control"], "a recorded answer without Cache-Control gets no default no-store")
        let redirect = HTTP.get(replay.url("/old"))
        XCTAssertEqual(redirect.status, moved.status)
        XCTAssertEqual(redirect.headers["location"], "/new")
        XCTAssertEqual(HTTP.get(replay.url("/api/items?page=2")).status, 404, "the URL is matched as recorded, query and all")
    }

    func test_secrets_stayOut_unlessCaptureHeadersAsks_setCookieRecorded() throws {
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "captureHeaders": {"Accept": {}}}"#).status, 200)
        harness.exchange("/api/items", headers: [("Authorization", "Bearer s3cret"), ("Cookie", "sid=42"), ("X-Api-Token", "t0k"), ("Accept", "application/json")])
        let mapping = try XCTUnwrap(harness.stop().first)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: mapping), as: UTF8.self)
        for secret in ["s3cret", "sid=42", "t0k"] { XCTAssertFalse(text.contains(secret), secret) }
        let request = try XCTUnwrap(mapping["request"] as? [String: Any])
        XCTAssertEqual((request["headers"] as? [String: Any])?.keys.sorted(), ["Accept"])
        let headers = try XCTUnwrap((mapping["response"] as? [String: Any])?["headers"] as? [String: Any])
        XCTAssertEqual(headers["Set-Cookie"] as? String ?? headers["set-cookie"] as? String, "session=abc; Path=/; HttpOnly")
        XCTAssertNil(headers["Content-Length"] ?? headers["content-length"], "the length is the body's, set when played back")

        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "persist": false, "captureHeaders": {"Authorization": {"caseInsensitive": true}}}"#).status, 200)
        harness.exchange("/api/items", headers: [("Authorization", "Bearer s3cret")])
        let asked = try XCTUnwrap(harness.stop().first?["request"] as? [String: Any])
        let authorization = (asked["headers"] as? [String: Any])?["Authorization"] as? [String: Any]
        XCTAssertEqual(authorization?["equalTo"] as? String, "Bearer s3cret")
        XCTAssertEqual(authorization?["caseInsensitive"] as? Bool, true)
    }

    func test_repeats_becomeScenarioStates_orOneMapping() throws {
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "persist": false}"#).status, 200)
        for _ in 0..<3 { harness.exchange("/api/items") }
        let mappings = harness.stop()
        XCTAssertEqual(mappings.map { $0["requiredScenarioState"] as? String }, ["Started", "scenario-1-api-items-2", "scenario-1-api-items-3"])
        XCTAssertEqual(mappings.map { $0["newScenarioState"] as? String }, ["scenario-1-api-items-2", "scenario-1-api-items-3", nil])
        XCTAssertEqual(Set(mappings.compactMap { $0["scenarioName"] as? String }), ["scenario-1-api-items"])

        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "persist": false, "repeatsAsScenarios": false}"#).status, 200)
        for _ in 0..<3 { harness.exchange("/api/items") }
        XCTAssertEqual(harness.stop().count, 1)
    }

    func test_extractBodyCriteria_movesLargeBodiesToFiles() throws {
        let spec = #"{"targetBaseUrl": "http://127.0.0.1:9", "extractBodyCriteria": {"textSizeThreshold": "1 kb", "binarySizeThreshold": "1 kb"}}"#
        XCTAssertEqual(harness.start(spec).status, 200)
        harness.exchange("/api/items")
        harness.exchange("/images/1.png")
        let responses = harness.stop().compactMap { $0["response"] as? [String: Any] }
        XCTAssertEqual(responses.first?["body"] as? String, #"{"items":["a","b"]}"#, "small text stays inline")
        let file = try XCTUnwrap(responses.last?["bodyFileName"] as? String)
        XCTAssertTrue(file.hasPrefix("images_1png-") && file.hasSuffix(".png"), file)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("__files").appendingPathComponent(file)), png)
    }
}
