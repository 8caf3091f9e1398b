import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `--root-dir` in process and through the `mockserver` product.
final class StubRootDirectoryServerTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings/api"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try write("__files/items.json", #"{"items": ["a", "b"]}"#)
        try write("mappings/api/items.json", #"{"request": {"method": "GET", "urlPath": "/api/items"}, "response": {"status": 200, "bodyFileName": "items.json", "headers": {"Content-Type": "application/json"}}}"#)
        try write("mappings/more.json", #"{"mappings": [{"request": {"urlPath": "/one"}, "response": {"body": "1"}}, {"request": {"urlPath": "/escape"}, "response": {"bodyFileName": "sub/../../mappings/more.json"}}]}"#)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    private func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    func test_inProcess_servesRootDirectoryStubsAndFiles_keepsThemOnReset() throws {
        try write("mappings/more.json", #"{"mappings": [{"request": {"urlPath": "/one"}, "response": {"body": "1"}}]}"#)
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }
        let items = HTTP.get(server.url("/api/items"))
        XCTAssertEqual(items.status, 200)
        XCTAssertEqual(items.json?["items"] as? [String], ["a", "b"])
        XCTAssertEqual(String(decoding: HTTP.get(server.url("/one")).body, as: UTF8.self), "1")
        try server.addStub(Stub(request: .get(urlPath: "/runtime"), response: .text("r")))
        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/mappings/reset"), json: "").status, 200)
        XCTAssertEqual(server.stubs.count, 2, "root-directory stubs stay")
        XCTAssertEqual(HTTP.get(server.url("/runtime")).status, 404)
    }

    func test_bodyFileName_leavingFiles_isRefusedAtStart() {
        XCTAssertThrowsError(try MockServer.start(MockServer.Configuration(rootDirectory: root))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("mappings/more.json: mappings[1].response.bodyFileName"), text)
            XCTAssertTrue(text.contains("leaves the __files folder"), text)
        }
    }

    func test_bodyFileName_symlinkOut_isA500NotTheFile() throws {
        try write("mappings/more.json", #"{"request": {"urlPath": "/link"}, "response": {"bodyFileName": "link/hostname"}}"#)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("__files/link").path, withDestinationPath: "/etc")
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }
        let result = HTTP.get(server.url("/link"))
        XCTAssertEqual(result.status, 500)
        XCTAssertTrue(String(decoding: result.body, as: UTF8.self).contains("outside"))
    }

    func test_badFile_refusesTheStart_namingFileAndField() throws {
        // The only bad file (files load in the file system's order; the first problem is the one named)
        try write("mappings/more.json", #"{"mappings": [{"request": {"urlPath": "/one"}, "response": {"body": "1"}}]}"#)
        try write("mappings/api/broken.json", #"{"request": {"urlPath": "/x"}, "response": {"status": "soon"}}"#)
        XCTAssertThrowsError(try MockServer.start(MockServer.Configuration(rootDirectory: root))) { error in
            guard case .invalidStubs(let stubError)? = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertEqual(stubError.file, "mappings/api/broken.json")
            XCTAssertEqual(stubError.field, "response.status")
        }
    }

    func test_cli_loadsRootDirectory() throws {
        try write("mappings/more.json", #"{"mappings": [{"request": {"urlPath": "/one"}, "response": {"body": "1"}}]}"#)
        let child = try ChildProcess(ChildProcess.product("mockserver"), ["--port", "0", "--admin-port", "0", "--root-dir", root.path])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 3)
        }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("stubs: 2") }, child.standardOutput + child.standardError)
        let line = child.standardOutput.split(separator: "\n").first { $0.contains("listening on") } ?? ""
        let base = try XCTUnwrap(line.split(separator: " ").first { $0.hasPrefix("http://") }.flatMap { URL(string: String($0)) })
        XCTAssertEqual(String(decoding: HTTP.get(base.appendingPathComponent("one")).body, as: UTF8.self), "1")
    }

    func test_cli_badFile_exits1_namingFileFieldAndWhy() throws {
        // The only bad file (files load in the file system's order; the first problem is the one named)
        try write("mappings/more.json", #"{"mappings": [{"request": {"urlPath": "/one"}, "response": {"body": "1"}}]}"#)
        try write("mappings/api/broken.json", #"{"request": {"urlPathPattern": "(unclosed"}}"#)
        let child = try ChildProcess(ChildProcess.product("mockserver"), ["--port", "0", "--admin-port", "0", "--root-dir", root.path])
        XCTAssertEqual(child.waitForExit(timeout: 10), 1)
        let text = child.standardError
        XCTAssertTrue(text.contains("mappings/api/broken.json"), text)
        XCTAssertTrue(text.contains("request.urlPathPattern"), text)
        XCTAssertTrue(text.contains("invalid regular expression"), text)
    }
}
