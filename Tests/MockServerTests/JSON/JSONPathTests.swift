import Foundation
import XCTest

@testable import MockServer

/// JSONPath beyond the compliance suite: Jayway's extensions as WireMock users write them, the
/// results Jayway gives, and the bounds on hostile queries and documents.
final class JSONPathTests: XCTestCase {
    private let store: JSONValue = try! JSONReader.parse(
        #"""
        {"store": {"book": [
            {"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95, "tags": ["a", "b"]},
            {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword", "price": 12.99, "tags": []},
            {"category": "fiction", "author": "Herman Melville", "isbn": "0-553-21311-3", "price": 8.99}
          ], "bicycle": {"color": "red", "price": 19.95}, "user-id": 7}}
        """#)

    private func select(_ query: String, _ dialect: JSONPath.Dialect = .jayway) throws -> [JSONValue] {
        try JSONPath(query, dialect: dialect).select(store)
    }

    func test_rfcFilter_comparesNothingWithNothing() throws {
        let document = try JSONReader.parse(#"{"c": "cd", "values": [{"a": "ab"}, {"c": "d"}, {"a": null}]}"#)
        let selected = try JSONPath("$.values[?length(@.a) == value($..c)]").select(document)
        XCTAssertEqual(selected, [["c": "d"], ["a": nil]])
    }

    func test_jaywayRegex_matchesWholeValue_withFlags() throws {
        XCTAssertEqual(try select("$.store.book[?(@.author =~ /.*rees/i)].title"), ["Sayings"])
        XCTAssertEqual(try select("$.store.book[?(@.author =~ /Rees/)].title"), [], "=~ matches the whole value, as Java's matches()")
    }

    func test_jaywayListOperators() throws {
        XCTAssertEqual(try select("$.store.book[?(@.category in ['reference', 'poetry'])].title"), ["Sayings"])
        XCTAssertEqual(try select("$.store.book[?(@.category nin ['reference'])].price"), [.double(12.99), .double(8.99)])
        XCTAssertEqual(try select("$.store.book[?(@.tags size 2)].title"), ["Sayings"])
        XCTAssertEqual(try select("$.store.book[?(@.tags empty true)].title"), ["Sword"])
        XCTAssertEqual(try select("$.store.book[?(@.tags anyof ['b', 'z'])].title"), ["Sayings"])
        XCTAssertEqual(try select("$.store.book[?(@.tags contains 'a')].title"), ["Sayings"])
    }

    func test_jaywayEquality_readsANumberInAString_butRFCDoesNot() throws {
        let document = try JSONReader.parse(#"[{"id": 5}, {"id": "5"}, {"id": 6}]"#)
        XCTAssertEqual(try JSONPath("$[?(@.id == '5.0')]", dialect: .jayway).select(document), [["id": 5]], "two strings still compare as text")
        XCTAssertEqual(try JSONPath("$[?@.id == '5.0']").select(document), [])
        XCTAssertEqual(try JSONPath("$[?(@.id =~ /5/)]", dialect: .jayway).select(document).count, 2, "=~ reads the number as text")
    }

    func test_jaywayPathFunctions_andNamesWithDashes() throws {
        XCTAssertEqual(try JSONPath("$.store.book.length()", dialect: .jayway).evaluate(store), .integer(3))
        XCTAssertEqual(try JSONPath("$..price.length()", dialect: .jayway).evaluate(store), .integer(4))
        XCTAssertEqual(try JSONPath("$.store.book[?(@.tags.length() > 1)].title", dialect: .jayway).evaluate(store), ["Sayings"])
        XCTAssertEqual(try JSONPath("$.store.user-id", dialect: .jayway).evaluate(store), .integer(7))
        XCTAssertEqual(try JSONPath("store.bicycle.color", dialect: .jayway).evaluate(store), "red")
        XCTAssertThrowsError(try JSONPath("$.store.user-id"), "RFC 9535 has no '-' in a dotted name")
        XCTAssertThrowsError(try JSONPath("$.store.book.length()"), "nor path functions")
    }

    func test_evaluate_definitePathGivesItsValue_indefiniteGivesAList() throws {
        XCTAssertEqual(try JSONPath("$.store.bicycle.color", dialect: .jayway).evaluate(store), "red")
        XCTAssertNil(try JSONPath("$.store.car", dialect: .jayway).evaluate(store))
        XCTAssertEqual(try JSONPath("$..color", dialect: .jayway).evaluate(store), ["red"])
        XCTAssertEqual(try JSONPath("$..wheels", dialect: .jayway).evaluate(store), [])
    }

    func test_syntaxError_saysWhereAndWhy() {
        XCTAssertThrowsError(try JSONPath("$.store[?(@.price < )]")) { error in
            guard case .syntax(let reason, let offset) = error as? JSONPath.Error else { return XCTFail("\(error)") }
            XCTAssertEqual(offset, 20, reason)
            XCTAssertTrue("\(error)".contains("at character 21"), "\(error)")
        }
    }

    func test_iRegexp_dotDoesNotMatchLineBreaks_andNonIRegexpIsFalse() throws {
        let document: JSONValue = ["a\nb", "axb", "7"]
        XCTAssertEqual(try JSONPath("$[?match(@, 'a.b')]").select(document), ["axb"])
        XCTAssertEqual(try JSONPath(#"$[?match(@, '\\d')]"#).select(document), [], "\\d is not I-Regexp: no match")
        XCTAssertEqual(try JSONPath("$[?search(@, '[0-9]')]").select(document), ["7"])
    }

    func test_descendants_overTenThousandLevels_endQuicklyWithoutRecursion() throws {
        // Given a document nested 10,000 levels deep (built in code: the reader stops at 512)
        var deep: JSONValue = ["leaf": 1]
        for _ in 0..<10_000 { deep = ["a": [deep]] }
        let start = ContinuousClock.now
        // When every descendant is selected
        let selected = try JSONPath("$..*").select(deep)
        // Then each array, object and the leaf come back, quickly
        XCTAssertEqual(selected.count, 20_001)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func test_quadraticQuery_overAHugeDocument_stopsAtTheWorkLimit() throws {
        // Given 5,000 nested-filter candidates, each searched whole by `$..x`
        let wide = JSONValue.array((0..<5_000).map { ["x": .integer($0), "y": ["z": .integer($0)]] })
        let start = ContinuousClock.now
        XCTAssertThrowsError(try JSONPath("$..[?@..[?$..x]]").select(wide)) { error in
            XCTAssertEqual(error as? JSONPath.Error, .tooMuchWork(limit: JSONPath.maximumWork))
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
    }

    func test_nestingLimit_isASyntaxError() {
        let query = "$[?" + String(repeating: "(", count: 100) + "@" + String(repeating: ")", count: 100) + "]"
        XCTAssertThrowsError(try JSONPath(query)) { error in
            XCTAssertTrue("\(error)".contains("nested more than"), "\(error)")
        }
    }
}
