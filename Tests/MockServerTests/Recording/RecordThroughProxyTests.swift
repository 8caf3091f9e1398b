import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Recording through the real proxy: `POST /__admin/recordings/start` makes the server proxy
/// `targetBaseUrl`, and `mockserver --proxy-all URL --record-mappings` writes on SIGTERM.
final class RecordThroughProxyTests: XCTestCase {
    private var root: URL!
    private var upstream: MockServer!
    private let png = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = try makeRecordingRoot()
        upstream = try MockServer.start(MockServer.Configuration())
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/api/items"),
            response: StubResponse(
                headers: [StubHeader("Content-Type", "application/json"), StubHeader("ETag", "\"v7\""), StubHeader("Cache-Control", "max-age=30")],
                body: .text(#"{"items":[1,2,3]}"#))))
        _ = try upstream.addStub(Stub(
            request: .get(urlPath: "/images/big.png"), response: StubResponse(headers: [StubHeader("Content-Type", "image/png")], body: .bytes(png))))
    }

    override func tearDownWithError() throws {
        upstream?.stop()
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    func test_startRecording_proxiesTheTarget_stopServesAndWrites_replayWithUpstreamStopped() throws {
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }
        let harness = RecordingHarness(server: server, upstream: upstream.baseURL)
        XCTAssertEqual(HTTP.get(server.url("/api/items")).status, 404, "not proxied before the recording")
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "\#(upstream.baseURL.absoluteString)"}"#).status, 200)
        let live = HTTP.get(server.url("/api/items"))
        XCTAssertEqual(live.status, 200)
        XCTAssertEqual(String(decoding: live.body, as: UTF8.self), #"{"items":[1,2,3]}"#)
        XCTAssertEqual(HTTP.get(server.url("/images/big.png")).body, png)
        XCTAssertTrue(waitUntil(timeout: 5) { server.core.recorder.capturedCount == 2 })
        let mappings = harness.stop()
        XCTAssertEqual(mappings.count, 2)
        for mapping in mappings {
            let headers = (mapping["response"] as? [String: Any])?["headers"] as? [String: Any] ?? [:]
            XCTAssertFalse(
                headers.keys.contains { $0.lowercased() == "date" },
                "the upstream's Date is not recorded: played back later it would make the answer look that old to a cache")
        }
        XCTAssertNotNil(live.headers["date"], "the upstream did send one")
        upstream.stop()

        for replay in [server, try MockServer.start(MockServer.Configuration(rootDirectory: root))] {
            let items = HTTP.get(replay.url("/api/items"))
            XCTAssertEqual(items.status, 200)
            XCTAssertEqual(items.body, live.body)
            XCTAssertEqual(items.headers["etag"], "\"v7\"")
            XCTAssertEqual(items.headers["cache-control"], "max-age=30")
            XCTAssertNotNil(items.headers["date"], "the server playing back dates its answer itself")
            XCTAssertEqual(HTTP.get(replay.url("/images/big.png")).body, png)
            if replay !== server { replay.stop() }
        }
    }

    func test_commandLine_proxyAllRecordMappings_writesOnSIGTERM() throws {
        let folder = root.appendingPathComponent("fresh")  // made by --record-mappings
        let child = try ChildProcess(
            ChildProcess.product("mockserver"),
            ["--port", "0", "--admin-port", "0", "--blackhole-port", "0", "--root-dir", folder.path,
             "--proxy-all", upstream.baseURL.absoluteString, "--record-mappings"])
        XCTAssertTrue(waitUntil { child.standardOutput.contains("listening on") }, child.standardOutput + child.standardError)
        XCTAssertTrue(waitUntil { child.standardOutput.contains("Ctrl-C stops.") }, child.standardOutput)
        XCTAssertFalse(child.standardOutput.contains("token:"), "the catalog's token means nothing while the catalog is off")
        let line = try XCTUnwrap(child.standardOutput.split(separator: "\n").first { $0.contains("listening on") })
        let base = try XCTUnwrap(line.split(separator: " ").first { $0.hasPrefix("http://") }.flatMap { URL(string: String($0)) })
        XCTAssertEqual(HTTP.get(URL(string: base.absoluteString + "/api/items?x=1")!).status, 200)
        XCTAssertEqual(HTTP.get(URL(string: base.absoluteString + "/images/big.png")!).body, png)
        XCTAssertEqual(fileNames(in: folder.appendingPathComponent("mappings")), [], "written on stop, not before")
        child.send(SIGTERM)
        XCTAssertEqual(child.waitForExit(timeout: 10), 0, child.standardError)
        XCTAssertEqual(fileNames(in: folder.appendingPathComponent("mappings")).count, 2, child.standardError)
        let files = fileNames(in: folder.appendingPathComponent("__files"))
        XCTAssertEqual(files.count, 2, "every body in __files/, as WireMock's command-line recorder does")
        let mappingFile = try XCTUnwrap(fileNames(in: folder.appendingPathComponent("mappings")).first)
        let mappingMode = try permissions(folder.appendingPathComponent("mappings/\(mappingFile)"))
        for file in files {
            XCTAssertEqual(
                try permissions(folder.appendingPathComponent("__files/\(file)")), mappingMode,
                "a body file is as readable as the mappings (not the spool file's owner-only mode)")
        }
        upstream.stop()
        let replay = try MockServer.start(MockServer.Configuration(rootDirectory: folder))
        defer { replay.stop() }
        XCTAssertEqual(String(decoding: HTTP.get(replay.url("/api/items?x=1")).body, as: UTF8.self), #"{"items":[1,2,3]}"#)
        XCTAssertEqual(HTTP.get(replay.url("/images/big.png")).body, png)
    }

    func test_commandLine_recordMappingsIntoAFolderItCannotMake_refusesTheStartSayingWhy() throws {
        let file = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let child = try ChildProcess(
            ChildProcess.product("mockserver"),
            ["--port", "0", "--admin-port", "0", "--blackhole-port", "0", "--root-dir", file.appendingPathComponent("rec").path,
             "--proxy-all", upstream.baseURL.absoluteString, "--record-mappings"])
        XCTAssertNotEqual(child.waitForExit(timeout: 10), 0, child.standardOutput)
        XCTAssertTrue(child.standardError.contains("--record-mappings cannot make \(file.path)/rec/mappings: Not a directory"), child.standardError)
        XCTAssertFalse(child.standardError.contains("NSCocoaErrorDomain"), child.standardError)
    }

    func test_snapshot_makesMappingsFromProxiedExchanges_skipsBodiesPastTheLimit() throws {
        var configuration = MockServer.Configuration(rootDirectory: root)
        configuration.proxy = MockServer.ProxyOptions(proxyAll: upstream.baseURL.absoluteString)
        let server = try MockServer.start(configuration)
        defer { server.stop() }
        XCTAssertEqual(HTTP.get(server.url("/api/items")).status, 200)
        XCTAssertEqual(HTTP.get(server.url("/images/big.png")).body, png, "300 KB: over the proxy journal's 64 KB")
        XCTAssertTrue(waitUntil(timeout: 5) { server.core.proxyJournal.entries.count == 2 })
        let result = HTTP.post(server.adminURL.appendingPathComponent("__admin/recordings/snapshot"), json: #"{"persist": false}"#)
        XCTAssertEqual(result.status, 200, String(decoding: result.body, as: UTF8.self))
        let mappings = try XCTUnwrap(result.json?["mappings"] as? [[String: Any]])
        XCTAssertEqual(mappings.count, 1, "the big body is skipped, not cut")
        XCTAssertEqual((mappings.first?["request"] as? [String: Any])?["url"] as? String, "/api/items")
        XCTAssertEqual((mappings.first?["response"] as? [String: Any])?["body"] as? String, #"{"items":[1,2,3]}"#)
        let filtered = HTTP.post(
            server.adminURL.appendingPathComponent("__admin/recordings/snapshot"), json: #"{"persist": false, "filters": {"urlPathPattern": "/nothing/.*"}}"#)
        XCTAssertEqual((filtered.json?["mappings"] as? [Any])?.count, 0)
    }

    private func permissions(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
}
