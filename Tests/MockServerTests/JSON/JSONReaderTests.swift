import Foundation
import XCTest

@testable import MockServer

/// Our JSON reader: comments as WireMock's Jackson takes them, numbers served exactly as a
/// mapping writes them, and errors that say where.
final class JSONReaderTests: ServerTestCase {
    func test_sevenHundredRandomDoubles_roundTripByteExactThroughAStub() throws {
        // Given 700 doubles written the shortest way (the issue's measure: 151 changed before)
        var generator = SplitMix64(seed: 27)
        var texts: [String] = ["24.742268041237114"]
        while texts.count < 700 {
            // Half ordinary values (prices, ratios), half any bit pattern (1e-300, 5e+307…)
            let value = texts.count.isMultiple(of: 2) ? Double.random(in: -1000..<1000, using: &generator) : Double(bitPattern: generator.next())
            if value.isFinite { texts.append("\(value)") }
        }
        let body = "[" + texts.joined(separator: ",") + "]"
        try server.addStubs(json: Data(#"{"request": {"urlPath": "/json/doubles"}, "response": {"jsonBody": \#(body)}}"#.utf8))
        // When it is served, then every byte is as written
        XCTAssertEqual(String(decoding: get("/json/doubles").body, as: UTF8.self), body)
    }

    func test_integersFrom2To63_andUInt64Max_doNotWrap() throws {
        let body = #"{"a":9223372036854775807,"b":9223372036854775808,"c":18446744073709551615,"d":-9223372036854775809,"e":1e400}"#
        try server.addStubs(json: Data(#"{"request": {"urlPath": "/json/big"}, "response": {"jsonBody": \#(body)}}"#.utf8))
        XCTAssertEqual(String(decoding: get("/json/big").body, as: UTF8.self), body)
    }

    func test_adminPost_readsCommentsAndKeepsNumbers_andListsThemExactly() throws {
        // Given a mapping posted with both kinds of comment and a number beyond Int64
        let mapping = """
            // a comment before the mapping
            {"request": {"urlPath": "/json/posted"}, /* inline */
             "response": {"jsonBody": {"id": 18446744073709551615, "ratio": 0.30000000000000004}},
             "metadata": {"rank": 12345678901234567890}}
            """
        let posted = CurlClient().request(server.url("/__admin/mappings"), method: "POST", body: Data(mapping.utf8))
        XCTAssertEqual(posted.status, 201, String(decoding: posted.body, as: UTF8.self))
        // Then the stub serves them as written, and the admin listing shows them as written
        XCTAssertEqual(String(decoding: get("/json/posted").body, as: UTF8.self), #"{"id":18446744073709551615,"ratio":0.30000000000000004}"#)
        let listing = String(decoding: get("/__admin/mappings").body, as: UTF8.self)
        XCTAssertTrue(listing.contains(#""rank":12345678901234567890"#), listing)
    }

    func test_comments_areSkippedWhereWhitespaceMayBe() throws {
        let value = try JSONReader.parse("/* head */ {\"a\" // key\n : [1, /* two */ 2] } // tail")
        XCTAssertEqual(value, ["a": [1, 2]])
    }

    func test_requestBodyOptions_takeSingleQuotesAndTrailingText_whichAMappingFileMayNotHave() throws {
        let quoted = #"{'a': 'it\'s', "b": ['x', "y"]} trailing"#
        XCTAssertEqual(try JSONReader.parse(Data(quoted.utf8), options: .requestBody), ["a": "it's", "b": ["x", "y"]])
        XCTAssertThrowsError(try JSONReader.parse(quoted)) { error in
            XCTAssertEqual((error as? JSONReader.Error)?.reason, "expected a member name in double quotes, found '''")
        }
        XCTAssertThrowsError(try JSONReader.parse(#"{"a": 1} trailing"#)) { error in
            XCTAssertEqual((error as? JSONReader.Error)?.reason, "unexpected 't' after the value")
        }
        // A double quote inside single quotes is plain text; an unclosed single quote is still an error.
        XCTAssertEqual(try JSONReader.parse(Data(#"'say "hi"'"#.utf8), options: .singleQuotes), "say \"hi\"")
        XCTAssertThrowsError(try JSONReader.parse(Data("{'a': 'open}".utf8), options: .requestBody))
    }

    func test_badJSON_namesLineAndColumn() {
        XCTAssertThrowsError(try JSONReader.parse("{\n  \"a\": 1,\n  \"b\" 2\n}")) { error in
            XCTAssertEqual(error as? JSONReader.Error, JSONReader.Error(reason: "expected ':' after a member name, found '2'", line: 3, column: 7))
        }
        XCTAssertThrowsError(try server.addStubs(json: Data("{\"request\": {\"urlPath\": \"/x\"},\n \"response\": {\"status\": 01}}".utf8))) { error in
            XCTAssertTrue("\(error)".contains("'01' is not a JSON number at line 2, column 25"), "\(error)")
        }
        XCTAssertThrowsError(try JSONReader.parse("[1, 2 /* open")) { error in
            XCTAssertEqual((error as? JSONReader.Error)?.reason, "a /* comment is not closed")
        }
        for bad in ["", "[1,]", "{\"a\":1,}", "\"\\x\"", "tru", "[1] [2]", "\"\u{01}\"", "1.", "-", "\"\\ud800\""] {
            XCTAssertThrowsError(try JSONReader.parse(bad), bad)
        }
    }

    func test_nestingBeyondTheLimit_isAnError_notAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONReader.parse(deep)) { error in
            XCTAssertEqual((error as? JSONReader.Error)?.reason, "nested more than 512 levels deep")
        }
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONReader.parse(allowed))
    }

    func test_numbers_keepTheirTextAndOfferViews() throws {
        let value = try JSONReader.parse(#"[1.50, -0, 2e3, 12345678901234567890]"#)
        XCTAssertEqual(value.text, "[1.50,-0,2e3,12345678901234567890]")
        guard case .array(let items) = value, case .number(let first) = items[0], case .number(let third) = items[2],
            case .number(let big) = items[3]
        else { return XCTFail("\(value)") }
        XCTAssertEqual(first.doubleValue, 1.5)
        XCTAssertEqual(third.intValue, 2000)
        XCTAssertNil(big.intValue, "beyond Int: no Int view, the text stays")
        XCTAssertTrue(first.numericallyEquals(JSONNumber(1.5)))
        XCTAssertEqual(JSONValue.double(3).text, "3")
    }

    func test_strings_escapesAndUnicode_roundTrip() throws {
        let value = try JSONReader.parse(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00\u0001"]"#)
        XCTAssertEqual(value, ["a\"b\\c/d\né😀\u{01}"])
        XCTAssertEqual(value.text, #"["a\"b\\c/d\né😀\u0001"]"#)
    }
}
