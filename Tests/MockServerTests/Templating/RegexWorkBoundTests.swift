import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A regular expression that backtracks catastrophically (`(a+)+$` on thirty `a`s and a `b`:
/// about 2³⁰ steps, minutes of one core) is stopped by the bound on one run's work, not by
/// the text's length: a template's `matches` and `regexExtract` answer 500 naming it, a stub's
/// `matches` pattern does not match, and the server goes on serving. Without the bound each
/// request below would run far past the 30 s the client waits.
final class RegexWorkBoundTests: XCTestCase {
    private let catastrophic = "(a+)+$"
    private let hostileText = String(repeating: "a", count: 30) + "b"
    /// Far above the bounded run (well under a second, also on a loaded machine), far below the unbounded one.
    private let bound: TimeInterval = 15

    func test_stubRegex_overTheBound_doesNotMatch_andOrdinaryPatternsStillDo() throws {
        let regex = try StubRegex(catastrophic)
        let start = Date()
        XCTAssertFalse(regex.matches(hostileText))
        XCTAssertLessThan(Date().timeIntervalSince(start), bound)
        XCTAssertTrue(regex.matches(String(repeating: "a", count: 30)))
        // The longest text matched, with a pattern that walks it all: well within the bound.
        XCTAssertTrue(try StubRegex("[a-z]+(x|y)").matches(String(repeating: "a", count: 16_000) + "y"))
        XCTAssertTrue(try StubRegex(".*needle.*").matches(String(repeating: "h", count: 8_000) + "needle" + String(repeating: "h", count: 8_000)))
    }

    func test_templateAndStubPatterns_overTheBound_answerAsBounded_andTheServerKeepsServing() throws {
        let server = try MockServer.start(MockServer.Configuration())
        defer { server.stop() }
        _ = try server.addStubs(json: Data(#"""
            {"mappings": [
              {"request": {"url": "/matches"}, "response": {"body": "{{matches request.body '(a+)+$'}}", "transformers": ["response-template"]}},
              {"request": {"url": "/extract"}, "response": {"body": "{{regexExtract request.body '(a+)+$'}}", "transformers": ["response-template"]}},
              {"request": {"url": "/ordinary"}, "response": {"body": "{{matches request.body 'a+b'}} {{regexExtract request.body 'a{3}b'}}", "transformers": ["response-template"]}},
              {"request": {"url": "/pattern", "bodyPatterns": [{"matches": "(a+)+$"}]}, "response": {"body": "matched"}}
            ]}
            """#.utf8))
        let body = Data(hostileText.utf8)
        for path in ["/matches", "/extract"] {
            let start = Date()
            let answer = CurlClient().request(server.url(path), method: "POST", body: body, timeout: 30)
            XCTAssertLessThan(Date().timeIntervalSince(start), bound, path)
            XCTAssertEqual(answer.status, 500, path)
            let reason = answer.json?["error"] as? String ?? ""
            XCTAssertTrue(reason.contains("backtracks too much"), "\(path): \(reason)")
        }
        let start = Date()
        XCTAssertEqual(CurlClient().request(server.url("/pattern"), method: "POST", body: body, timeout: 30).status, 404)
        XCTAssertLessThan(Date().timeIntervalSince(start), bound)
        let ordinary = CurlClient().request(server.url("/ordinary"), method: "POST", body: body, timeout: 30)
        XCTAssertEqual(String(decoding: ordinary.body, as: UTF8.self), "true aaab")
        XCTAssertEqual(HTTP.get(server.url("/health")).status, 200)
    }
}
