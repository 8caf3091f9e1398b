import Foundation
import XCTest

@testable import MockServer

/// `matchesJsonPath` as a text pattern: both forms, WireMock 2.35's verdicts, and how a result
/// is given to a sub-matcher.
final class MatchesJsonPathPatternTests: XCTestCase {
    private func pattern(_ json: String) throws -> any StringValuePattern {
        let object = try XCTUnwrap(JSONReader.parse(json).tree as? [String: Any])
        return try StringValuePatterns.parse(object, at: "bodyPatterns[0]")
    }

    private let order = #"{"id": 7, "name": "trigger-error", "price": 1.50, "tags": ["a", "b"], "empty": [], "none": null, "flag": false, "query": "find CVE-2021-44228 now", "customer": {"tier": "gold", "since": 2019}}"#

    func test_plainExpression_matchesWhenItSelectsSomething() throws {
        for (expression, expected) in [
            ("$.name", true), ("$.flag", true), ("$.tags", true), ("$.tags[?(@ == 'b')]", true),
            ("$.missing", false), ("$.none", false), ("$.empty", false), ("$.tags[?(@ == 'z')]", false),
            ("$[?(@.query =~ /.*CVE-2021-44228.*/)]", true), ("$[?(@.query =~ /.*CVE-1999.*/)]", false),
            ("$.tags.length()", true), ("$.customer[?(@.tier in ['gold', 'silver'])]", true),
        ] {
            let json = #"{"matchesJsonPath": "\#(expression)"}"#
            XCTAssertEqual(try pattern(json).match(order).isExactMatch, expected, expression)
        }
    }

    func test_bodyThatIsNotJSON_neverMatches() throws {
        let plain = try pattern(#"{"matchesJsonPath": "$.a"}"#)
        XCTAssertFalse(plain.match("<a>1</a>").isExactMatch)
        XCTAssertFalse(plain.match("a=1").isExactMatch)
        XCTAssertFalse(plain.match(nil).isExactMatch)
        XCTAssertFalse(try pattern(#"{"matchesJsonPath": {"expression": "$.a", "absent": true}}"#).match("not json").isExactMatch)
    }

    func test_subMatcher_seesTheValueAsWireMockWritesIt() throws {
        let cases: [(String, Bool)] = [
            (#"{"expression": "$.name", "equalTo": "trigger-error"}"#, true),
            (#"{"expression": "$.id", "equalTo": "7"}"#, true),
            (#"{"expression": "$.price", "equalTo": "1.5"}"#, true),
            (#"{"expression": "$.flag", "equalTo": "false"}"#, true),
            (#"{"expression": "$.tags", "equalTo": "b"}"#, true),
            (#"{"expression": "$.tags", "equalTo": "[ \"a\", \"b\" ]"}"#, false),
            (#"{"expression": "$.customer", "equalTo": "{\n  \"since\" : 2019,\n  \"tier\" : \"gold\"\n}"}"#, true),
            (#"{"expression": "$.customer.tier", "matches": "g.*"}"#, true),
            (#"{"expression": "$.missing", "absent": true}"#, true),
            (#"{"expression": "$.none", "absent": true}"#, true),
            (#"{"expression": "$.tags[?(@ == 'z')]", "absent": true}"#, true),
            (#"{"expression": "$.name", "absent": true}"#, false),
            (#"{"expression": "$.name", "contains": "error"}"#, true),
            (#"{"expression": "$.name", "equalTo": "other"}"#, false),
        ]
        for (form, expected) in cases {
            XCTAssertEqual(try pattern(#"{"matchesJsonPath": \#(form)}"#).match(order).isExactMatch, expected, form)
        }
    }

    func test_siblingOperator_isIgnoredAsWireMockIgnoresIt() throws {
        // Given the slip real folders hold: the sub-matcher beside the expression, not inside it
        let slip = try pattern(#"{"matchesJsonPath": "$.name", "contains": "nothing like it"}"#)
        // Then it is the plain expression, as in WireMock 2.35
        XCTAssertTrue(slip.match(order).isExactMatch)
        XCTAssertEqual(slip.json, ["matchesJsonPath": "$.name"])
        XCTAssertThrowsError(try pattern(#"{"contains": "a", "matches": "b"}"#), "other pairs stay refused")
    }

    func test_mappingJSON_roundTrips() throws {
        let plain = try pattern(#"{"matchesJsonPath": "$.a"}"#)
        XCTAssertEqual(plain.json, ["matchesJsonPath": "$.a"])
        let advanced = try pattern(#"{"matchesJsonPath": {"expression": "$.a", "equalTo": "x"}}"#)
        XCTAssertEqual(advanced.json, ["matchesJsonPath": ["expression": "$.a", "equalTo": "x"]])
    }

    func test_badExpression_isRefusedNamingTheField() {
        XCTAssertThrowsError(try pattern(#"{"matchesJsonPath": "$.a[?(@.b == )]"}"#)) { error in
            XCTAssertEqual((error as? StubError)?.field, "bodyPatterns[0].matchesJsonPath")
            XCTAssertTrue("\(error)".contains("invalid JSONPath"), "\(error)")
        }
        XCTAssertThrowsError(try pattern(#"{"matchesJsonPath": {"equalTo": "x"}}"#)) { error in
            XCTAssertEqual((error as? StubError)?.field, "bodyPatterns[0].matchesJsonPath.expression")
        }
    }

    func test_javaNumberText() {
        for (text, java) in [("1.50", "1.5"), ("100.0", "100.0"), ("1e21", "1.0E21"), ("0.00001", "1.0E-5"), ("12345678.9", "1.23456789E7"),
            ("2e3", "2000.0"), ("-0", "0"), ("18446744073709551615", "18446744073709551615"), ("0.001", "0.001")] {
            XCTAssertEqual(JSONNumber(text)?.javaText, java, text)
        }
    }

    func test_everyRealWorldExpression_compiles() throws {
        // The expressions the shared real folders use (wiremock_census.py), as Jayway reads them.
        for expression in [
            "$[?(@.query =~ /.*CVE-2024-52577.*/)]", #"$[?(@.path == '/wc/v3/orders/\u0026_method\u003dpost')]"#,
            #"$[?(@.body =~ /.*\"product_id\":2129.*/)]"#, #"$[?(@.body =~ /.*"line_items":\[\].*/)]"#,
            "$.things[?(@.name == 'RequiredThing')]", #"$.query[?(@.query =~ /.*Deployment ID:"dep-1".*/)]"#,
            "$.messages[?(@.role == 'user')]", "$.messages[2].content[*].text", "$.messages[1]",
        ] {
            XCTAssertNoThrow(try JSONPath(expression, dialect: .jayway), expression)
        }
        let body = #"{"path": "/wc/v3/orders/&_method=post", "body": "{\"line_items\":[],\"product_id\":2129}"}"#
        XCTAssertTrue(try pattern(#"{"matchesJsonPath": "$[?(@.path == '/wc/v3/orders/\\u0026_method\\u003dpost')]"}"#).match(body).isExactMatch)
        XCTAssertTrue(try pattern(#"{"matchesJsonPath": "$[?(@.body =~ /.*\\\"product_id\\\":2129.*/)]"}"#).match(body).isExactMatch)
    }
}
