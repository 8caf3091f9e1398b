import Foundation
import XCTest

@testable import MockServer

/// The recording API's states and refusals, file names whatever the URL, and collisions.
final class RecordingAdminTests: XCTestCase {
    private var root: URL!
    private var server: MockServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = try makeRecordingRoot()
        server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    private var harness: RecordingHarness { RecordingHarness(server: server, upstream: URL(string: "http://127.0.0.1:9")!) }

    private func status() -> [String: Any]? {
        HTTP.get(server.adminURL.appendingPathComponent("__admin/recordings/status")).json
    }

    func test_status_followsStartAndStop_stopWhenIdleIsWireMocksError() {
        XCTAssertEqual(status()?["status"] as? String, "NeverStarted")
        let idle = HTTP.post(server.adminURL.appendingPathComponent("__admin/recordings/stop"), json: "")
        XCTAssertEqual(idle.status, 400)
        XCTAssertEqual(((idle.json?["errors"] as? [[String: Any]])?.first?["title"]) as? String, "Not currently recording.")
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9"}"#).status, 200)
        XCTAssertEqual(status()?["status"] as? String, "Recording")
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9"}"#).status, 409, "one recording at a time")
        harness.feed(request("/a"), status: 200, headers: [], body: Data("x".utf8))
        XCTAssertEqual(status()?["captured"] as? Int, 1)
        XCTAssertEqual(harness.stop().count, 1)
        XCTAssertEqual(status()?["status"] as? String, "Stopped")
        XCTAssertEqual(HTTP.get(server.url("/a")).body, Data("x".utf8), "the recorded mapping is served at once, as in WireMock")
    }

    func test_start_aimedAtThisServer_isRefusedSayingWhy() throws {
        let targets = [
            server.url("").absoluteString, "http://localhost:\(server.port)", server.adminURL.absoluteString,
            // The unspecified address connects to this machine itself: a loop as well.
            "http://0.0.0.0:\(server.port)", "http://[::]:\(server.port)",
        ]
        for target in targets {
            let result = harness.start(#"{"targetBaseUrl": "\#(target)"}"#)
            XCTAssertEqual(result.status, 400, target)
            let detail = ((result.json?["errors"] as? [[String: Any]])?.first?["detail"]) as? String ?? ""
            XCTAssertTrue(detail.contains("this server's own listener"), detail)
        }
        XCTAssertEqual(status()?["status"] as? String, "NeverStarted")
        XCTAssertNil(server.core.selfTargetReason("http://127.0.0.1:9"))
        XCTAssertNil(server.core.selfTargetReason("http://192.0.2.1:\(server.port)"), "another machine on the same port number")
    }

    func test_badSpecs_areA400NamingTheField() {
        let cases = [
            (#"{"targetBaseUrl": "ftp://x"}"#, "/targetBaseUrl"), (#"{"persist": "yes"}"#, "/persist"),
            (#"{"transformers": ["mine"]}"#, "/transformers/0"), (#"{"extractBodyCriteria": {"textSizeThreshold": "big"}}"#, "/extractBodyCriteria/textSizeThreshold"),
            (#"{"requestBodyPattern": {"matcher": "magic"}}"#, "/requestBodyPattern/matcher"), (#"{"nonsense": 1}"#, "/nonsense"),
        ]
        for (spec, pointer) in cases {
            let result = harness.start(spec)
            XCTAssertEqual(result.status, 400, spec)
            let error = (result.json?["errors"] as? [[String: Any]])?.first
            XCTAssertEqual((error?["source"] as? [String: Any])?["pointer"] as? String, pointer, spec)
        }
    }

    func test_hostileURLs_giveSafeNamesInsideTheFolders() throws {
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "extractBodyCriteria": {"textSizeThreshold": 0}}"#).status, 200)
        let urls = [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/x", "/a/..%2F..%2Fb?c=../../d", "/%C3%A9t%C3%A9/caf%C3%A9/%F0%9F%98%80",
            "/" + String(repeating: "long", count: 2000), "/", "/a\\b/c:d*e?f=<g>|h", "/nul%00byte",
        ]
        for url in urls { harness.feed(request(url), status: 200, headers: [("Content-Type", "text/plain")], body: Data(url.utf8)) }
        XCTAssertEqual(harness.stop().count, urls.count)
        let pattern = try NSRegularExpression(pattern: #"^[A-Za-z0-9_]{0,100}-[0-9a-f-]{36}(-[0-9]+)?\.(json|txt)$"#)
        for folder in ["mappings", "__files"] {
            let names = fileNames(in: root.appendingPathComponent(folder))
            XCTAssertEqual(names.count, urls.count, folder)
            for name in names {
                XCTAssertNotNil(pattern.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)), name)
            }
        }
        // Played back: each URL answers its own body.
        let replay = try MockServer.start(MockServer.Configuration(port: 0, rootDirectory: root))
        defer { replay.stop() }
        XCTAssertEqual(String(decoding: HTTP.get(replay.url("/%C3%A9t%C3%A9/caf%C3%A9/%F0%9F%98%80")).body, as: UTF8.self), urls[3])
    }

    func test_writer_neverOverwrites_givesANewName() throws {
        let folder = root.appendingPathComponent("mappings")
        try Data("first".utf8).write(to: folder.appendingPathComponent("a-b.json"))
        XCTAssertEqual(try RecordingWriter.writeNew(Data("second".utf8), in: folder, preferred: "a-b.json"), "a-b-2.json")
        XCTAssertEqual(try RecordingWriter.writeNew(Data("third".utf8), in: folder, preferred: "a-b.json"), "a-b-3.json")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("a-b.json"), encoding: .utf8), "first")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("a-b-2.json"), encoding: .utf8), "second")
        XCTAssertEqual(fileNames(in: folder), ["a-b-2.json", "a-b-3.json", "a-b.json"], "no temporary file left")
    }

    func test_persist_withoutRootDirectory_isRefused_persistFalseRecords() throws {
        let bare = try MockServer.start(MockServer.Configuration())
        defer { bare.stop() }
        let plain = RecordingHarness(server: bare, upstream: URL(string: "http://127.0.0.1:9")!)
        let refused = plain.start(#"{"targetBaseUrl": "http://127.0.0.1:9"}"#)
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(String(decoding: refused.body, as: UTF8.self).contains("--root-dir"))
        XCTAssertEqual(plain.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "persist": false}"#).status, 200)
        plain.feed(request("/x"), status: 204, headers: [], body: Data())
        XCTAssertEqual(plain.stop().first?["response"] as? [String: Int], ["status": 204])
    }

    private func request(_ url: String) -> ProxiedRequest {
        ProxiedRequest(method: "GET", url: url, upstreamBase: "http://127.0.0.1:9", headers: [], body: Data(), bodySize: 0)
    }
}
