import Foundation
import XCTest

@testable import MockServer

/// One matcher's result: the verdict that picks a stub, the distance that ranks near misses, and
/// the fields that differed.
final class MatchResultTests: XCTestCase {
    private func stub(_ json: String) throws -> Stub { try Stub(json: Data(json.utf8)) }

    private func input(
        _ method: String = "GET", _ path: String, query: [(String, String?)] = [], headers: [(String, String)] = [],
        scenarios: [String: String] = [:]
    ) -> RequestMatchInput {
        let request = StubRequestInfo(
            method: method, path: path, query: QueryParameters(pairs: query.map { (name: $0.0, value: $0.1) }),
            headers: headers.map { (name: $0.0, value: $0.1) })
        return RequestMatchInput(request: request, scenarios: scenarios)
    }

    func test_equalTo_distance_growsWithTheEdits_andIsZeroOnlyForAMatch() {
        let pattern = EqualToPattern("application/json")
        let exact = pattern.match("application/json")
        let oneEdit = pattern.match("application/jsn")
        let unlike = pattern.match("text/plain")
        XCTAssertTrue(exact.isExactMatch)
        XCTAssertEqual(exact.distance, 0)
        XCTAssertFalse(oneEdit.isExactMatch)
        XCTAssertGreaterThan(oneEdit.distance, 0)
        XCTAssertLessThan(oneEdit.distance, unlike.distance)
        XCTAssertLessThanOrEqual(unlike.distance, 1)
        XCTAssertEqual(pattern.match(nil).distance, 1, "no value at all is nothing alike")
    }

    func test_equalTo_caseInsensitive_matchesAndMeasuresWithoutCase() {
        let pattern = EqualToPattern("Ab", caseInsensitive: true)
        XCTAssertTrue(pattern.match("aB").isExactMatch)
        XCTAssertFalse(EqualToPattern("Ab").match("aB").isExactMatch)
        XCTAssertNil(pattern.exactValue, "a case-insensitive value cannot be looked up exactly")
        XCTAssertEqual(EqualToPattern("Ab").exactValue, "Ab")
    }

    func test_repeatedValues_takeTheBestOne() {
        let matcher = StubValueMatcher.equalTo("b")
        XCTAssertTrue(matcher.match(["a", "b"]).isExactMatch)
        XCTAssertEqual(StubValueMatcher.equalTo("abcd").match(["zzzz", "abcz"]).distance, 0.25, accuracy: 1e-9)
        XCTAssertTrue(StubValueMatcher.absent.match([]).isExactMatch)
        XCTAssertFalse(StubValueMatcher.absent.match([""]).isExactMatch)
    }

    func test_stubMatcher_listsEveryFieldCompared_andTheDifferences() throws {
        // Given a POST stub with a header and a query parameter
        let matcher = StubMatcher(
            try stub(#"{"request": {"method": "POST", "urlPath": "/items", "headers": {"Accept": {"contains": "json"}}, "queryParameters": {"page": {"equalTo": "2"}}}}"#))
        // When a GET with another Accept and the right page explains itself
        let result = matcher.match(input("GET", "/items", query: [("page", "2")], headers: [("accept", "text/html")]), explain: true)
        // Then each field is there, in the report's order, and the two that differ say how
        XCTAssertFalse(result.isExactMatch)
        XCTAssertEqual(result.fields.map(\.path), ["method", "url", "headers.Accept", "queryParameters.page"])
        XCTAssertEqual(result.differences.map(\.path), ["method", "headers.Accept"])
        let header = try XCTUnwrap(result.differences.last)
        XCTAssertEqual(header.expected, "Accept [contains]: json")
        XCTAssertEqual(header.actual, "Accept: text/html")
        XCTAssertEqual(header.message, "Header does not match")
        XCTAssertEqual(result.differences.first?.expected, "POST")
        XCTAssertEqual(result.differences.first?.actual, "GET")
        // The method weighs 3 and the header 1 of the 17 in all
        XCTAssertEqual(result.distance, 4.0 / 17, accuracy: 1e-9)
    }

    func test_stubMatcher_distance_ranksURLAboveMethodAboveHeader() throws {
        let matcher = StubMatcher(try stub(#"{"request": {"method": "GET", "urlPath": "/items", "headers": {"X": {"equalTo": "1"}}}}"#))
        let wrongHeader = matcher.match(input("GET", "/items", headers: [("X", "2")]), explain: true).distance
        let wrongMethod = matcher.match(input("PUT", "/items", headers: [("X", "1")]), explain: true).distance
        let wrongURL = matcher.match(input("GET", "/zzzzzz", headers: [("X", "1")]), explain: true).distance
        XCTAssertLessThan(wrongHeader, wrongMethod)
        XCTAssertLessThan(wrongMethod, wrongURL)
        XCTAssertEqual(matcher.match(input("GET", "/items", headers: [("X", "1")]), explain: true).distance, 0)
    }

    func test_stubMatcher_verdict_isTheSameWithOrWithoutExplaining() throws {
        let matcher = StubMatcher(
            try stub(#"{"scenarioName": "s", "requiredScenarioState": "Started", "request": {"method": "GET", "urlPathPattern": "/i/[0-9]+", "queryParameters": {"q": {"matches": "a.*"}}, "headers": {"H": {"absent": true}}}}"#))
        let inputs = [
            input("GET", "/i/1", query: [("q", "ab")]), input("GET", "/i/x", query: [("q", "ab")]), input("GET", "/i/1", query: [("q", "b")]),
            input("GET", "/i/1", query: [("q", "ab")], headers: [("h", "")]),
            input("GET", "/i/1", query: [("q", "ab")], scenarios: ["s": "Other"]),
        ]
        let verdicts = inputs.map { matcher.match($0, explain: false).isExactMatch }
        XCTAssertEqual(verdicts, [true, false, false, false, false])
        XCTAssertEqual(inputs.map { matcher.match($0, explain: true).isExactMatch }, verdicts)
        XCTAssertTrue(matcher.match(inputs[1], explain: false).fields.isEmpty, "serving keeps no fields")
    }

    func test_exactValues_giveTheSameVerdictServingAsExplaining() throws {
        // Serving compares `equalTo` and `url` by their exact value; explaining measures them.
        let matcher = StubMatcher(
            try stub(#"{"request": {"url": "/q?a=1", "headers": {"X": {"equalTo": "v1"}}, "queryParameters": {"a": {"equalTo": "1"}}}}"#))
        let inputs = [
            input("GET", "/q", query: [("a", "1")], headers: [("X", "v1")]), input("GET", "/q", query: [("a", "2")], headers: [("X", "v1")]),
            input("GET", "/q", query: [("a", "1")], headers: [("X", "v2")]), input("GET", "/q", query: [("a", "1")]),
            input("GET", "/q", query: [("a", "1")], headers: [("X", "v2"), ("x", "v1")]),
        ]
        let verdicts = inputs.map { matcher.match($0, explain: false).isExactMatch }
        XCTAssertEqual(verdicts, [true, false, false, false, true])
        XCTAssertEqual(inputs.map { matcher.match($0, explain: true).isExactMatch }, verdicts)
    }

    func test_parse_readsEachOperatorByName_andRefusesWhatItDoesNotKnow() throws {
        XCTAssertTrue(try StringValuePatterns.parse(["contains": "x"], at: "h") is ContainsPattern)
        XCTAssertTrue(try StringValuePatterns.parse(["equalTo": "x", "caseInsensitive": true], at: "h") is EqualToPattern)
        let cases: [([String: Any], String, String)] = [
            (["contains": "x", "caseInsensitive": true], "h.caseInsensitive", "applies to equalTo only"),
            (["matchesJsonSchema": "{}"], "h.matchesJsonSchema", "not supported by mockserver"),
            (["sortOf": "x"], "h.sortOf", "unknown match operator"),
            ([:], "h", "needs one of equalTo, contains, matches, absent"),
            (["contains": "x", "matches": "y"], "h.matches", "one match operator per value"),
            (["contains": 1], "h.contains", "must be a string"),
        ]
        for (object, field, reason) in cases {
            do throws(StubError) {
                _ = try StringValuePatterns.parse(object, at: "h")
                XCTFail("accepted \(object)")
            } catch {
                XCTAssertEqual(error.field, field, "\(object)")
                XCTAssertTrue(error.reason.contains(reason), "\(object): \(error.reason)")
            }
        }
    }

    func test_everyOperator_writesTheJSONItWasReadFrom() throws {
        let objects: [[String: Any]] = [
            ["equalTo": "x"], ["equalTo": "x", "caseInsensitive": true], ["contains": "y"], ["matches": "[a-z]+"], ["absent": true],
            ["doesNotContain": "z"], ["doesNotMatch": "[0-9]"], ["not": ["contains": "q"]], ["binaryEqualTo": "AAEC/w=="],
            ["and": [["contains": "a"], ["or": [["equalTo": "b"], ["absent": true]]]]],
            ["equalToJson": ["a": [1, "x"]], "ignoreArrayOrder": true, "ignoreExtraElements": true], ["equalToJson": "{\"a\": 1}"],
            ["equalToXml": "<a/>", "enablePlaceholders": true, "exemptedComparisons": ["TEXT_VALUE"]], ["matchesXPath": "/a"],
            ["matchesXPath": ["expression": "/a/@b", "contains": "c"], "xPathNamespaces": ["n": "urn:n"]],
        ]
        for object in objects {
            let pattern = try StringValuePatterns.parse(object, at: "h")
            XCTAssertEqual(pattern.json, JSONValue(foundation: object), "\(object)")
            XCTAssertEqual(try StringValuePatterns.parse(pattern.json.foundation, at: "h").json, pattern.json)
        }
    }
}
