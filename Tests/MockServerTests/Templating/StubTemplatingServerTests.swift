import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Response templating in the server: which stubs it renders, where (body, `jsonBody`, header
/// values, `bodyFileName` and its file), the server clock, seeds, and failures as 500s that
/// leave the server serving.
final class StubTemplatingServerTests: XCTestCase {
    private func start(_ templating: MockServer.ResponseTemplating = .local, clock: any ServerClock = SystemServerClock(), root: URL? = nil) throws -> MockServer {
        var configuration = MockServer.Configuration(clock: clock, rootDirectory: root)
        configuration.responseTemplating = templating
        return try MockServer.start(configuration)
    }

    private func text(_ result: CurlResult) -> String { String(decoding: result.body, as: UTF8.self) }

    func test_stubNamingTheTransformer_rendersBodyAndHeaders_othersStayLiteral() throws {
        let server = try start()
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"""
            {"mappings": [
              {"request": {"urlPathPattern": "/t/.*"},
               "response": {"body": "{{request.pathSegments.[1]}} {{request.query.q}} {{parameters.who}}",
                            "headers": {"X-Echo": "{{request.headers.X-In}}", "Content-Type": "text/plain"},
                            "transformers": ["response-template"], "transformerParameters": {"who": "me"}}},
              {"request": {"url": "/literal"}, "response": {"body": "{{request.path}}"}}
            ]}
            """#.utf8))
        let answer = HTTP.get(server.url("/t/seg?q=v"), headers: ["X-In: hello"])
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(text(answer), "seg v me")
        XCTAssertEqual(answer.headers["x-echo"], "hello")
        XCTAssertEqual(text(HTTP.get(server.url("/literal"))), "{{request.path}}")
        XCTAssertTrue(server.stubWarnings.isEmpty, "response-template is no unknown transformer: \(server.stubWarnings)")
    }

    func test_globalTemplating_rendersEveryStub_andJSONBodyStrings() throws {
        let server = try start(.global)
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"""
            {"request": {"urlPath": "/g"}, "response": {"jsonBody": {"method": "{{request.method}}", "n": 1}}}
            """#.utf8))
        let answer = CurlClient().request(server.url("/g"), method: "DELETE")
        XCTAssertEqual(try JSONSerialization.jsonObject(with: answer.body) as? NSDictionary, ["method": "DELETE", "n": 1])
    }

    func test_requestBody_isReadable_withoutBodyPatterns() throws {
        let server = try start()
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"""
            {"request": {"method": "POST", "url": "/echo"},
             "response": {"body": "id={{jsonPath request.body '$.id'}}", "transformers": ["response-template"]}}
            """#.utf8))
        XCTAssertEqual(text(HTTP.post(server.url("/echo"), json: #"{"id": 42}"#)), "id=42")
    }

    func test_bodyFileName_itsNameAndItsContent_areTemplates() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templating-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("item {{request.pathSegments.[1]}}".utf8).write(to: root.appendingPathComponent("__files/item-7.txt"))
        let server = try start(root: root)
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"""
            {"request": {"urlPathPattern": "/items/.*"},
             "response": {"bodyFileName": "item-{{request.pathSegments.[1]}}.txt", "transformers": ["response-template"]}}
            """#.utf8))
        XCTAssertEqual(text(HTTP.get(server.url("/items/7"))), "item 7")
        let missing = HTTP.get(server.url("/items/8"))
        XCTAssertEqual(missing.status, 500)
        XCTAssertTrue(text(missing).contains("item-8.txt"), text(missing))
    }

    func test_now_readsTheServerClock() throws {
        let clock = ManualServerClock(start: Date(timeIntervalSince1970: 1_614_834_367))
        let server = try start(clock: clock)
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"{"request": {"url": "/now"}, "response": {"body": "{{now}}", "transformers": ["response-template"]}}"#.utf8))
        XCTAssertEqual(text(HTTP.get(server.url("/now"))), "2021-03-04T05:06:07Z")
        clock.advance(by: 86_400)
        XCTAssertEqual(text(HTTP.get(server.url("/now"))), "2021-03-05T05:06:07Z")
    }

    func test_failingTemplate_answers500WithTheReason_andTheServerGoesOn() throws {
        let server = try start()
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"""
            {"mappings": [
              {"request": {"url": "/bad"}, "response": {"body": "x {{nope 1}}", "transformers": ["response-template"]}},
              {"request": {"url": "/syntax"}, "response": {"body": "{{#if a}}", "transformers": ["response-template"]}},
              {"request": {"url": "/header"}, "response": {"body": "ok", "headers": {"X": "{{{broken}}"}, "transformers": ["response-template"]}},
              {"request": {"url": "/good"}, "response": {"body": "{{request.path}}", "transformers": ["response-template"]}}
            ]}
            """#.utf8))
        let bad = HTTP.get(server.url("/bad"))
        XCTAssertEqual(bad.status, 500)
        XCTAssertEqual(bad.json?["error"] as? String, "response template (body) failed: 1:4: could not find helper: 'nope'")
        XCTAssertEqual(HTTP.get(server.url("/syntax")).status, 500)
        let header = HTTP.get(server.url("/header"))
        XCTAssertEqual(header.status, 500)
        XCTAssertTrue((header.json?["error"] as? String ?? "").contains("header X"), text(header))
        XCTAssertEqual(text(HTTP.get(server.url("/good"))), "/good")
    }

    func test_hostileTemplates_end500_andTheServerKeepsServing() throws {
        let server = try start()
        defer { server.stop() }
        let body = #"{"a": [\#((0..<120).map(String.init).joined(separator: ","))], "s": "\#(String(repeating: "x", count: 1000))"}"#
        _ = try server.addStubs(json: Data(#"""
            {"mappings": [
              {"request": {"url": "/big"}, "response": {"body": "{{#with (parseJson request.body)}}{{#each a}}{{#each ../a}}{{../../s}}{{/each}}{{/each}}{{/with}}", "transformers": ["response-template"]}},
              {"request": {"url": "/deep"}, "response": {"body": "{{jsonPath request.body '$..*'}}", "transformers": ["response-template"]}}
            ]}
            """#.utf8))
        let big = CurlClient().request(server.url("/big"), method: "POST", body: Data(body.utf8), timeout: 30)
        XCTAssertEqual(big.status, 500)
        XCTAssertTrue((big.json?["error"] as? String ?? "").contains("output is over"), text(big))
        let nested = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        let deep = CurlClient().request(server.url("/deep"), method: "POST", body: Data(nested.utf8), timeout: 30)
        XCTAssertEqual(deep.status, 500)
        XCTAssertEqual(HTTP.get(server.url("/health")).status, 200)
    }

    func test_randomSeeds_repeatAcrossServers_advancePerRequest_andTheStubsSeedWins() throws {
        func seeds(_ server: UInt64, stubSeed: Int?) throws -> [UInt64] {
            let templating = StubTemplating(mode: .local, seed: server, clock: SystemServerClock(), logger: MockServer.quietLogger)
            var stub = Stub(request: .get(urlPath: "/r"), response: StubResponse(body: .text("{{now}}")))
            if let stubSeed { stub.metadata = ["testbed": .object(["seed": .integer(stubSeed)])] }
            let request = StubRequestInfo(method: "GET", path: "/r", query: QueryParameters(pairs: []), headers: [])
            return (0..<3).map { _ in templating.environment(for: stub, request: request).random.next() }
        }
        let first = try seeds(7, stubSeed: nil)
        XCTAssertEqual(first, try seeds(7, stubSeed: nil), "the same seed repeats")
        XCTAssertEqual(Set(first).count, 3, "each request draws anew")
        XCTAssertNotEqual(first, try seeds(8, stubSeed: nil))
        XCTAssertEqual(try seeds(7, stubSeed: 99), try seeds(8, stubSeed: 99), "the stub's own seed wins over the server's")
    }
}
