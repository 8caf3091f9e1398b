import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A response transformer this server does not apply (a project's own WireMock extension):
/// the stub loads and answers 500 naming it, and `mockserver --root-dir` warns once per
/// transformer name at start.
final class StubTransformerTests: XCTestCase {
    private let mappings = #"""
        {"mappings": [
          {"request": {"url": "/a"}, "response": {"body": "a {{x}}", "transformers": ["body-transformer"]}},
          {"request": {"url": "/b"}, "response": {"body": "b", "transformers": ["body-transformer", "response-template"],
                                                   "transformerParameters": {"k": 1}}}
        ]}
        """#

    func test_unknownTransformer_loads_andIsNamedOnceInTheWarnings() throws {
        let server = try MockServer.start()
        defer { server.stop() }
        try server.addStubs(json: Data(mappings.utf8))
        let warnings = server.stubWarnings
        // `response-template` is applied, so only the project's own transformer is named.
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("'body-transformer' (named by 2 stubs)") ?? false, "\(warnings)")
        let answer = HTTP.get(server.url("/a"))
        XCTAssertEqual(answer.status, 500)
        XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).contains("'body-transformer'"), "named")
        let second = HTTP.get(server.url("/b"))
        XCTAssertEqual(second.status, 500)
        XCTAssertTrue(String(decoding: second.body, as: UTF8.self).contains("'body-transformer'"), "the first one it lacks")
    }

    func test_cli_warnsOncePerTransformer_atStart() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("transformers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(mappings.utf8).write(to: root.appendingPathComponent("mappings/stubs.json"))
        let child = try ChildProcess(ChildProcess.product("mockserver"), ["--port", "0", "--admin-port", "0", "--root-dir", root.path])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 3)
        }
        XCTAssertTrue(waitUntil { child.standardOutput.contains("token:") }, child.standardOutput + child.standardError)
        let warnings = child.standardOutput.split(separator: "\n").filter { $0.hasPrefix("WARNING: transformer") }
        XCTAssertEqual(warnings.count, 1, child.standardOutput)
        XCTAssertTrue(warnings.contains { $0.contains("'body-transformer'") }, child.standardOutput)
    }

    func test_proxyStub_loads_withoutWarning_keepingItsFields() throws {
        let server = try MockServer.start()
        defer { server.stop() }
        try server.addStubs(json: Data(#"""
            {"request": {"urlPattern": "/v1/employees", "method": "GET"},
             "response": {"proxyBaseUrl": "https://api.example.com/api", "additionalProxyRequestHeaders": {"X-Key": "k"},
                          "removeProxyRequestHeaders": ["Cookie"], "proxyUrlPrefixToRemove": "/v1"}, "priority": 1}
            """#.utf8))
        XCTAssertEqual(server.stubWarnings, [], "it proxies (ProxyStubTests)")
        let listed = try XCTUnwrap(server.stubs.first?.response.json)
        guard case .object(let fields) = listed else { return XCTFail("\(listed)") }
        XCTAssertEqual(fields["proxyBaseUrl"], .string("https://api.example.com/api"))
        XCTAssertEqual(fields["removeProxyRequestHeaders"], .array([.string("Cookie")]))
        XCTAssertEqual(fields["additionalProxyRequestHeaders"], .object(["X-Key": .string("k")]))
        XCTAssertEqual(fields["proxyUrlPrefixToRemove"], .string("/v1"))
    }
}
