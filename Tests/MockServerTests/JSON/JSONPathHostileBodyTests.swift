import Foundation
import XCTest

@testable import MockServer

/// Hostile bodies against `matchesJsonPath` stubs, end to end: each ends quickly in a match or a
/// non-match, and the server keeps serving.
final class JSONPathHostileBodyTests: ServerTestCase {
    private func post(_ path: String, _ body: String) -> CurlResult {
        CurlClient().request(server.url(path), method: "POST", body: Data(body.utf8), timeout: 30)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try server.addStubs(
            json: Data(
                #"""
                {"mappings": [
                  {"request": {"method": "POST", "url": "/hostile/all", "bodyPatterns": [{"matchesJsonPath": "$..*"}]},
                   "response": {"status": 200, "body": "something"}},
                  {"request": {"method": "POST", "url": "/hostile/quadratic", "bodyPatterns": [{"matchesJsonPath": "$..[?(@..[?($..x)])]"}]},
                   "response": {"status": 200, "body": "quadratic"}}
                ]}
                """#.utf8))
    }

    func test_descendantsOfATenThousandLevelBody_isANonMatch_quickly() {
        // Given a body nested 10,000 levels deep (beyond the reader's 512)
        let deep = String(repeating: #"{"a":["#, count: 10_000) + "1" + String(repeating: "]}", count: 10_000)
        let start = ContinuousClock.now
        // When `$..*` is asked of it, then it does not match, quickly, and the server still serves
        XCTAssertEqual(post("/hostile/all", deep).status, 404)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        XCTAssertEqual(post("/hostile/all", #"{"a": [1]}"#).status, 200)
    }

    func test_descendantsOfAWideBody_match() {
        let wide = "[" + Array(repeating: #"{"id": 1, "tags": ["a", "b"], "owner": {"name": "x"}}"#, count: 20_000).joined(separator: ",") + "]"
        let start = ContinuousClock.now
        XCTAssertEqual(post("/hostile/all", wide).status, 200)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
    }

    func test_aQueryThatWouldNeverEnd_stopsAtTheWorkLimit_asANonMatch() {
        // Given a body where every node runs a search of the whole document for each of its own
        let body = "[" + (0..<3_000).map { #"{"y": {"z": \#($0)}}"# }.joined(separator: ",") + "]"
        let start = ContinuousClock.now
        XCTAssertEqual(post("/hostile/quadratic", body).status, 404)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(15))
        XCTAssertEqual(post("/hostile/quadratic", #"[{"x": 1}]"#).status, 200, "the server still serves, and the stub still matches")
    }
}
