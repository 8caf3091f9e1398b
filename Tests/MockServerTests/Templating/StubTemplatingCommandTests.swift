import Foundation
import TestSupport
import XCTest

/// `mockserver --global-response-templating` / `--local-response-templating`, and the log line
/// a failing template leaves.
final class StubTemplatingCommandTests: XCTestCase {
    private func withRoot(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templating-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"""
            {"mappings": [
              {"request": {"url": "/plain"}, "response": {"body": "{{request.method}}"}},
              {"request": {"url": "/bad"}, "response": {"body": "{{nope 1}}", "transformers": ["response-template"]}}
            ]}
            """#.utf8).write(to: root.appendingPathComponent("mappings/stubs.json"))
        try body(root)
    }

    private func run(_ flags: [String], root: URL, _ check: (ChildProcess, URL) -> Void) throws {
        let child = try ChildProcess(ChildProcess.product("mockserver"), ["--port", "0", "--admin-port", "0", "--root-dir", root.path] + flags)
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 3)
        }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("token:") }, child.standardOutput + child.standardError)
        guard let line = child.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("mockserver listening on ") }),
            let url = URL(string: String(line.dropFirst("mockserver listening on ".count).prefix { $0 != " " }))
        else { return XCTFail(child.standardOutput) }
        check(child, url)
    }

    func test_globalFlag_rendersStubsWithoutTheTransformer_localDoesNot() throws {
        try withRoot { root in
            try run(["--global-response-templating"], root: root) { _, url in
                XCTAssertEqual(String(decoding: HTTP.get(url.appendingPathComponent("plain")).body, as: UTF8.self), "GET")
            }
            try run(["--local-response-templating"], root: root) { _, url in
                XCTAssertEqual(String(decoding: HTTP.get(url.appendingPathComponent("plain")).body, as: UTF8.self), "{{request.method}}")
            }
        }
    }

    func test_failingTemplate_isLogged() throws {
        try withRoot { root in
            try run([], root: root) { child, url in
                XCTAssertEqual(HTTP.get(url.appendingPathComponent("bad")).status, 500)
                XCTAssertTrue(waitUntil { child.standardError.contains("response template (body) failed") }, child.standardError)
            }
        }
    }

    func test_bothFlags_areRefused() throws {
        let child = try ChildProcess(ChildProcess.product("mockserver"), ["--global-response-templating", "--local-response-templating"])
        XCTAssertNotEqual(child.waitForExit(timeout: 10), 0)
        XCTAssertTrue(child.standardError.contains("exclude each other"), child.standardError)
    }
}
