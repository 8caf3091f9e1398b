import Foundation
import TestSupport
import XCTest

/// `matchesJsonPath` (mappings under `mappings/jsonpath/`): each form and Jayway operator with a
/// body it accepts and one it must refuse; and a mapping file with comments.
extension WireMockComparisonTests {
    private static let order = #"""
        {"name": "shelly", "price": 1.50, "active": false, "tags": ["a", "b"],
         "owner": {"id": 1, "team": {"name": "core"}},
         "items": [{"name": "apple", "price": 3, "size": "S"}, {"name": "pear", "price": 12, "size": "XL"},
                   {"name": "fig", "price": 15, "size": "L", "sku": "F-1"}],
         "query": "Is CVE-2021-44228 fixed?"}
        """#

    func test_matchesJsonPath_plainExpressions_answerAsWireMockDoes() throws {
        let order = Self.order
        try assertAnswers([
            body("/wm/jsonpath/plain", order, answer: "has a name"),
            body("/wm/jsonpath/plain", #"{"title": "x"}"#, status: 404),
            body("/wm/jsonpath/plain", #"{"name": null}"#, status: 404),
            body("/wm/jsonpath/plain", "name=shelly", status: 404),
            body("/wm/jsonpath/plain", "<name>shelly</name>", status: 404),
            // Single quotes and trailing text, as WireMock's body reader takes them.
            body("/wm/jsonpath/plain", "{'name': 'shelly'}", answer: "has a name"),
            body("/wm/jsonpath/plain", #"{"name": "shelly"} and more"#, answer: "has a name"),
            body("/wm/jsonpath/not-empty", order, answer: "has items"),
            body("/wm/jsonpath/not-empty", #"{"items": []}"#, status: 404),
            body("/wm/jsonpath/not-empty", #"{"items": {}}"#, status: 404),
            body("/wm/jsonpath/index", order, answer: "has a second item"),
            body("/wm/jsonpath/index", #"{"items": [{"name": "apple"}]}"#, status: 404),
            body("/wm/jsonpath/filter", order, answer: "something under 10"),
            body("/wm/jsonpath/filter", #"{"items": [{"price": 10}, {"price": "5"}]}"#, status: 404),
            body("/wm/jsonpath/filter-and", order, answer: "10 or more and not a pear"),
            body("/wm/jsonpath/filter-and", #"{"items": [{"name": "pear", "price": 12}]}"#, status: 404),
            body("/wm/jsonpath/descendants", order, answer: "a sku somewhere"),
            body("/wm/jsonpath/descendants", #"{"items": [{"name": "apple"}]}"#, status: 404),
            body("/wm/jsonpath/length", order, answer: "items can be counted"),
            body("/wm/jsonpath/length", #"{"things": []}"#, status: 404),
            // A sub-matcher beside the expression (not inside it) is ignored by WireMock 2.35.
            body("/wm/jsonpath/sibling", #"{"name": "shelly"}"#, answer: "contains beside the expression is ignored"),
            body("/wm/jsonpath/sibling", #"{"title": "zzz"}"#, status: 404),
        ])
    }

    func test_matchesJsonPath_jaywayOperators_answerAsWireMockDoes() throws {
        let order = Self.order
        try assertAnswers([
            // Jayway tests a filter on an object against the object itself.
            body("/wm/jsonpath/regex", order, answer: "asks about log4shell"),
            body("/wm/jsonpath/regex", #"{"query": "Is CVE-2021-4422 fixed?"}"#, status: 404),
            body("/wm/jsonpath/in", order, answer: "a small or medium item"),
            body("/wm/jsonpath/in", #"{"items": [{"size": "L"}, {"size": "s"}]}"#, status: 404),
            body("/wm/jsonpath/nin", order, answer: "an odd size"),
            body("/wm/jsonpath/nin", #"{"items": [{"size": "S"}, {"size": "L"}]}"#, status: 404),
            body("/wm/jsonpath/size", order, answer: "two tags"),
            body("/wm/jsonpath/size", #"{"tags": ["a"]}"#, status: 404),
            body("/wm/jsonpath/empty", order, answer: "some tags"),
            body("/wm/jsonpath/empty", #"{"tags": []}"#, status: 404),
            // Jayway compares a number with a string holding a number by value, and =~ reads
            // numbers, booleans and even a missing value as text.
            body("/wm/jsonpath/loose-equal", #"{"id": 5}"#, answer: "id five, however written"),
            body("/wm/jsonpath/loose-equal", #"{"id": "5.00"}"#, status: 404),
            body("/wm/jsonpath/loose-equal", #"{"id": 6}"#, status: 404),
            body("/wm/jsonpath/loose-in", #"{"id": 7}"#, answer: "id seven as text"),
            body("/wm/jsonpath/loose-in", #"{"id": 8}"#, status: 404),
            body("/wm/jsonpath/regex-number", #"{"price": 1.50}"#, answer: "price 1.5 as text"),
            body("/wm/jsonpath/regex-number", #"{"price": 1.51}"#, status: 404),
            body("/wm/jsonpath/regex-missing", #"{"id": 1}"#, answer: "nothing is the empty text"),
            // length() counts items and members, not a string's characters.
            body("/wm/jsonpath/length-string", #"{"name": "abc"}"#, status: 404),
        ])
    }

    func test_matchesJsonPath_subMatchers_seeTheValueAsWireMockWritesIt() throws {
        let order = Self.order
        try assertAnswers([
            body("/wm/jsonpath/sub-equal", order, answer: "named shelly"),
            body("/wm/jsonpath/sub-equal", #"{"name": "shelly2"}"#, status: 404),
            // 1.50 reaches the sub-matcher as Java prints the double: 1.5.
            body("/wm/jsonpath/sub-number", order, answer: "costs 1.5"),
            body("/wm/jsonpath/sub-number", #"{"price": 1.51}"#, status: 404),
            body("/wm/jsonpath/sub-boolean", order, answer: "inactive"),
            body("/wm/jsonpath/sub-boolean", #"{"active": true}"#, status: 404),
            // An array is compared item by item (the best decides), except by equalToJson;
            // an object reaches it pretty-printed, as Jackson writes it.
            body("/wm/jsonpath/sub-array", order, answer: "a tag b"),
            body("/wm/jsonpath/sub-array", #"{"tags": ["a", "c"]}"#, status: 404),
            body("/wm/jsonpath/sub-array", #"{"tags": []}"#, status: 404),
            body("/wm/jsonpath/sub-array-json", order, answer: "tags a and b"),
            body("/wm/jsonpath/sub-array-json", #"{"tags": ["a", "b", "c"]}"#, status: 404),
            // Items that are arrays or objects reach it as Java prints what Jayway read.
            body("/wm/jsonpath/sub-nested-array", #"{"matrix": [[1, 2], [3, {"k": "v/w", "n": 1.50}, "q/r", 2.50]]}"#, answer: "a row as json-smart writes it"),
            body("/wm/jsonpath/sub-nested-array", #"{"matrix": [[3, {"k": "v/w", "n": 1.50}, "q/r", 2.51]]}"#, status: 404),
            body("/wm/jsonpath/sub-object-item", #"{"rows": [{"a": [1, "s"], "b": "x/y", "c": null, "d": {"e": 1.50}}]}"#, answer: "a row as Java prints a map"),
            body("/wm/jsonpath/sub-object-item", #"{"rows": [{"a": [1, "s"], "b": "x/y", "c": null, "d": {"e": 1.51}}]}"#, status: 404),
            body("/wm/jsonpath/sub-empty", order, answer: "no z tag"),
            body("/wm/jsonpath/sub-empty", #"{"tags": ["z"]}"#, status: 404),
            body("/wm/jsonpath/sub-object", order, answer: "owner 1 of core"),
            body("/wm/jsonpath/sub-object", #"{"owner": {"id": 2, "team": {"name": "core"}}}"#, status: 404),
            body("/wm/jsonpath/sub-object-json", order, answer: "owner as JSON"),
            body("/wm/jsonpath/sub-object-json", #"{"owner": {"id": 1}}"#, status: 404),
            body("/wm/jsonpath/sub-absent", order, answer: "nothing missing"),
            body("/wm/jsonpath/sub-absent", #"{"missing": 0}"#, status: 404),
            body("/wm/jsonpath/sub-contains", order, answer: "a pear among the names"),
            body("/wm/jsonpath/sub-contains", #"{"items": [{"name": "apple"}]}"#, status: 404),
            body("/wm/jsonpath/sub-length", order, answer: "three items"),
            body("/wm/jsonpath/sub-length", #"{"items": [1, 2]}"#, status: 404),
            body("/wm/jsonpath/sub-matches", order, answer: "a team like core"),
            body("/wm/jsonpath/sub-matches", #"{"owner": {"team": {"name": "ops"}}}"#, status: 404),
        ])
    }

    func test_mappingWithComments_loads_andItsNumbersComeBackAsWritten() throws {
        var probe = StubProbe("GET", "/wm/jsonpath/comments", body: "[24.742268041237114,9223372036854775808,0.30000000000000004]")
        probe.isJSONBody = true
        try assertAnswers([probe])
    }
}
