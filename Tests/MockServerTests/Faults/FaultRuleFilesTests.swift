import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Fault rules loaded from `--root-dir`'s `faults/*.json` at start.
final class FaultRuleFilesTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fault-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("faults"), withIntermediateDirectories: true)
        try write("mappings/items.json", #"{"request": {"urlPath": "/api/items"}, "response": {"body": "items"}}"#)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    private func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    func test_rulesLoad_oneRulePerFile_orAList_inFileNameOrder() throws {
        try write("faults/b-list.json", #"{"faults": [{"name": "API down", "request": {"urlPathPattern": "/api/.*"}, "faults": "status=503"}, {"name": "off", "request": {}, "faults": "reset=1", "enabled": false}]}"#)
        try write("faults/a-slow.json", #"{"id": "6f1c7e8a-0000-4000-8000-000000000001", "name": "slow images", "request": {"urlPathPattern": "/images/.*"}, "faults": "delay=2000&drip=20000"}"#)
        try write("faults/notes.txt", "not a rule")
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }

        XCTAssertEqual(server.faultRules.map(\.name), ["slow images", "API down", "off"])
        XCTAssertEqual(server.faultRules.first?.id.uuidString.lowercased(), "6f1c7e8a-0000-4000-8000-000000000001")
        XCTAssertEqual(server.faultRules.last?.enabled, false)
        XCTAssertEqual(HTTP.get(server.url("/api/items")).status, 503, "the loaded rule applies to the stub")
        XCTAssertEqual(HTTP.get(server.url("/health")).status, 200, "the disabled catch-all does nothing")
    }

    func test_noFaultsFolder_noRules() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("faults"))
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }
        XCTAssertTrue(server.faultRules.isEmpty)
    }

    func test_badFile_refusesTheStart_namingFileFieldAndWhy() throws {
        try write("faults/a-good.json", #"{"request": {}, "faults": "delay=1"}"#)
        try write("faults/b-bad.json", #"{"faults": [{"request": {}, "faults": "delay=1"}, {"request": {}, "faults": "stall=5"}]}"#)
        XCTAssertThrowsError(try MockServer.start(MockServer.Configuration(rootDirectory: root))) { error in
            guard case .invalidFaultRules(let problem)? = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertEqual(problem.file, "faults/b-bad.json")
            XCTAssertEqual(problem.field, "faults[1].faults")
            XCTAssertTrue(problem.reason.contains("'stall' is not a fault"), problem.reason)
            XCTAssertTrue("\(error)".hasPrefix("cannot load the fault rules: faults/b-bad.json: faults[1].faults:"), "\(error)")
        }
    }

    func test_duplicateIDAcrossFiles_refusesTheStart() throws {
        let rule = #"{"id": "6f1c7e8a-0000-4000-8000-000000000002", "request": {}, "faults": "delay=1"}"#
        try write("faults/a.json", rule)
        try write("faults/b.json", rule)
        XCTAssertThrowsError(try MockServer.start(MockServer.Configuration(rootDirectory: root))) { error in
            guard case .invalidFaultRules(let problem)? = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertEqual(problem.file, "faults/b.json")
            XCTAssertEqual(problem.kind, .duplicateID)
        }
    }

    func test_cli_loadsRules_andABadFileExits1_namingFileFieldAndWhy() throws {
        try write("faults/slow.json", #"{"name": "slow", "request": {"urlPathPattern": "/images/.*"}, "faults": "delay=10"}"#)
        let good = try ChildProcess(ChildProcess.product("mockserver"), ["--port", "0", "--admin-port", "0", "--root-dir", root.path])
        defer {
            good.send(SIGTERM)
            _ = good.waitForExit(timeout: 3)
        }
        XCTAssertTrue(waitUntil { good.standardOutput.contains("fault rules: 1 from") }, good.standardOutput + good.standardError)

        try write("faults/slow.json", #"{"name": "slow", "request": {"urlPathPattern": "/images/("}, "faults": "delay=10"}"#)
        let bad = try ChildProcess(ChildProcess.product("mockserver"), ["--port", "0", "--admin-port", "0", "--root-dir", root.path])
        XCTAssertEqual(bad.waitForExit(timeout: 10), 1)
        let text = bad.standardError
        XCTAssertTrue(text.contains("cannot load the fault rules: faults/slow.json: request.urlPathPattern"), text)
    }
}
