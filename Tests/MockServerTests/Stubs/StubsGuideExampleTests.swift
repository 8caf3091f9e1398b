import Foundation
import XCTest

@testable import MockServer

/// The stubs guide's first example (docs/STUBS.md, between its `stubs-example` markers), as
/// printed: its mapping file and files, and what each curl line promises.
final class StubsGuideExampleTests: XCTestCase {
    func test_stubsGuideExample_worksAsPrinted() throws {
        // Given the guide's files, written where the example writes them
        let guide = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/STUBS.md"), encoding: .utf8)
        let start = try XCTUnwrap(guide.range(of: "<!-- stubs-example:start -->"))
        let end = try XCTUnwrap(guide.range(of: "<!-- stubs-example:end -->"))
        let example = String(guide[start.upperBound..<end.lowerBound])
        let mapping = try XCTUnwrap(example.components(separatedBy: "<<'JSON'\n").last?.components(separatedBy: "\nJSON\n").first)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("guide-stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data(mapping.utf8).write(to: root.appendingPathComponent("mappings/items.json"))
        try Data("{\"items\": [\"milk\", \"bread\"]}\n".utf8).write(to: root.appendingPathComponent("__files/items.json"))

        // When the server loads them
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }

        // Then each line does what its comment says
        XCTAssertEqual(HTTP.get(server.url("/api/items")).json?["items"] as? [String], ["milk", "bread"])
        let post = { CurlClient().request(server.url("/api/items"), method: "POST").status }
        XCTAssertEqual(post(), 503)
        XCTAssertEqual(post(), 201)
        let late = HTTP.get(server.url("/api/items?fault.delay=300"))
        XCTAssertEqual(late.status, 200)
        XCTAssertGreaterThanOrEqual(late.elapsed, 0.295)
        let appsOwn = HTTP.get(server.url("/api/items?status=publish"))
        XCTAssertEqual(appsOwn.json?["items"] as? [String], ["milk", "bread"], "a bare parameter is the app's")
        let miss = HTTP.get(server.url("/api/itemz"))
        XCTAssertEqual(miss.status, 404)
        XCTAssertTrue(String(decoding: miss.body, as: UTF8.self).contains("[path] /api/items"))
        let added = HTTP.post(
            server.adminURL.appendingPathComponent("__admin/mappings"),
            json: #"{"request": {"urlPath": "/api/down"}, "response": {"fault": "EMPTY_RESPONSE"}}"#)
        XCTAssertEqual(added.status, 201)
        XCTAssertNotNil(added.json?["uuid"])
        XCTAssertEqual(HTTP.get(server.url("/api/down")).code, CurlCode.emptyReply)
    }

    private static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
