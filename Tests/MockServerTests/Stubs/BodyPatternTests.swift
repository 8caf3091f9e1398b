import Foundation
import XCTest

@testable import MockServer

/// `bodyPatterns` in a running server: the body kept for matching (up to 10 MB, apart from the
/// journal's 64 KB), what happens past that, and the operators WireMock 2.35 cannot check for us.
final class BodyPatternTests: ServerTestCase {
    private func add(_ json: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try server.addStubs(json: Data(json.utf8)), file: file, line: line)
    }

    private func post(_ path: String, _ body: Data, headers: [String] = [], timeout: Double = 30) -> CurlResult {
        CurlClient().request(server.url(path), method: "POST", headers: headers, body: body, timeout: timeout)
    }

    private func text(_ result: CurlResult) -> String { String(decoding: result.body, as: UTF8.self) }

    func test_bodyLongerThanTheJournalKeeps_isMatchedWhole() {
        // Given a stub that looks for text past the journal's 64 KB
        add(#"{"request": {"method": "POST", "urlPath": "/tail", "bodyPatterns": [{"contains": "the-end"}]}, "response": {"body": "found"}}"#)
        // When the body carries it at 1 MB
        let found = post("/tail", Data(repeating: UInt8(ascii: "a"), count: 1 << 20) + Data("the-end".utf8))
        // Then the stub answers, and without it the near miss names the body
        XCTAssertEqual(found.status, 200)
        XCTAssertEqual(text(found), "found")
        let missed = post("/tail", Data(repeating: UInt8(ascii: "a"), count: 1 << 20))
        XCTAssertEqual(missed.status, 404)
        XCTAssertTrue(text(missed).contains("Body does not match"), text(missed))
    }

    func test_bodyOverTenMegabytes_matchesNoBodyPattern_theNearMissSaysWhy_andTheServerServesOn() {
        // Given a stub whose patterns any body would meet
        add(#"{"request": {"method": "POST", "urlPath": "/big", "bodyPatterns": [{"doesNotContain": "zzz"}]}, "response": {"body": "small enough"}}"#)
        // When 10 MB and one byte arrive
        let big = post("/big", Data(repeating: UInt8(ascii: "a"), count: StubRequestBody.matchLimit + 1))
        // Then no body pattern matches, and the report says why
        XCTAssertEqual(big.status, 404)
        XCTAssertTrue(text(big).contains("over 10 MB"), text(big))
        // And exactly 10 MB, or less, still match
        XCTAssertEqual(post("/big", Data(repeating: UInt8(ascii: "a"), count: StubRequestBody.matchLimit)).status, 200)
        XCTAssertEqual(text(post("/big", Data("tiny".utf8))), "small enough")
    }

    func test_tenMegabyteBody_againstAThousandBodyStubs_endsInBoundedTime() throws {
        // Given 1,000 stubs on one path, each with its own body patterns (text and JSON)
        var mappings: [String] = []
        for index in 0..<1000 {
            let pattern = index.isMultiple(of: 2)
                ? #"[{"contains": "needle-\#(index)"}, {"matches": ".*\#(index)"}]"#
                : #"[{"equalToJson": {"id": \#(index), "name": "n"}, "ignoreExtraElements": true}]"#
            mappings.append(#"{"request": {"method": "POST", "urlPath": "/crowded", "bodyPatterns": \#(pattern)}, "response": {"body": "\#(index)"}}"#)
        }
        add(#"{"mappings": [\#(mappings.joined(separator: ","))]}"#)
        // When a 10 MB JSON body that none of them accepts arrives
        var json = Data(#"{"id": -1, "filler": ""#.utf8)
        json.append(Data(repeating: UInt8(ascii: "x"), count: StubRequestBody.matchLimit - 64))
        json.append(Data(#""}"#.utf8))
        let started = Date()
        let answer = post("/crowded", json, headers: ["Content-Type: application/json"], timeout: 60)
        let elapsed = Date().timeIntervalSince(started)
        // Then it is a 404 within bounded time (the figure is in the report), and the server serves on
        XCTAssertEqual(answer.status, 404)
        XCTAssertLessThan(elapsed, 20, "10 MB against 1,000 body stubs took \(elapsed) s")
        print("10 MB body against 1,000 body stubs: \(String(format: "%.2f", elapsed)) s")
        XCTAssertEqual(text(post("/crowded", Data(#"{"id": 7, "name": "n", "more": 1}"#.utf8))), "7")
        XCTAssertEqual(text(post("/crowded", Data("needle-8 8".utf8))), "8")
    }

    func test_not_invertsThePatternItHolds_asWireMock3Documents() {
        // WireMock 2.35 refuses `not` (422, checked against the jar); WireMock 3's NotPattern
        // (wiremock/wiremock#2006) returns the opposite of the pattern it wraps. So these are
        // checked here rather than against the 2.35 jar.
        add(#"{"request": {"method": "POST", "urlPath": "/not", "bodyPatterns": [{"not": {"contains": "forbidden"}}]}, "response": {"body": "allowed"}}"#)
        add(#"{"request": {"method": "POST", "urlPath": "/not-binary", "bodyPatterns": [{"not": {"binaryEqualTo": "AAE="}}]}, "response": {"body": "other bytes"}}"#)
        add(#"{"request": {"method": "GET", "urlPath": "/not-header", "headers": {"X-Mode": {"not": {"equalTo": "test"}}}}, "response": {"body": "not test"}}"#)
        XCTAssertEqual(text(post("/not", Data("fine".utf8))), "allowed")
        XCTAssertEqual(post("/not", Data("this is forbidden".utf8)).status, 404)
        XCTAssertEqual(text(post("/not-binary", Data([0, 2]))), "other bytes")
        XCTAssertEqual(post("/not-binary", Data([0, 1])).status, 404)
        XCTAssertEqual(text(get("/not-header", headers: ["X-Mode: live"])), "not test")
        XCTAssertEqual(get("/not-header", headers: ["X-Mode: test"]).status, 404)
    }

    func test_deeplyNestedJSONBody_isANonMatch_andTheServerServesOn() {
        add(#"{"request": {"method": "POST", "urlPath": "/deep", "bodyPatterns": [{"equalToJson": [[1]]}]}, "response": {"body": "deep"}}"#)
        // A million nested arrays: the parser refuses the depth, nothing recurses that far
        let depth = 1_000_000
        let hostile = Data(repeating: UInt8(ascii: "["), count: depth) + Data(repeating: UInt8(ascii: "]"), count: depth)
        XCTAssertEqual(post("/deep", hostile, headers: ["Content-Type: application/json"]).status, 404)
        XCTAssertEqual(text(post("/deep", Data("[[1]]".utf8))), "deep")
    }

    func test_equalToJson_refusesAStringThatIsNotJSON_andFlagsThatAreNotBooleans() {
        for (json, field) in [
            (#"{"request": {"bodyPatterns": [{"equalToJson": "not json"}]}}"#, "request.bodyPatterns[0].equalToJson"),
            (#"{"request": {"bodyPatterns": [{"equalToJson": {}, "ignoreArrayOrder": "yes"}]}}"#, "request.bodyPatterns[0].ignoreArrayOrder"),
            (#"{"request": {"bodyPatterns": [{"equalToJson": {"a": "${json-unit.regex}(["}}]}}"#, "request.bodyPatterns[0].equalToJson"),
            (#"{"request": {"bodyPatterns": {"equalTo": "x"}}}"#, "request.bodyPatterns"),
        ] {
            XCTAssertThrowsError(try Stub(json: Data(json.utf8)), json) { error in
                XCTAssertEqual((error as? StubError)?.field, field, json)
            }
        }
    }

    func test_equalToJson_numbers_compareAsWireMocksDoubles() {
        func same(_ expected: String, _ actual: String) -> Bool {
            guard let left = JSONTree(text: expected), let right = JSONTree(text: actual) else { return false }
            return EqualToJsonPattern.sameScalar(left, right)
        }
        XCTAssertTrue(same("1", "1.0"))
        XCTAssertTrue(same("5", "5.0"))
        XCTAssertTrue(same("0", "0.0"))
        XCTAssertTrue(same("1.5", "15e-1"))
        XCTAssertFalse(same("10", "10.0"), "10.0 is 1E+1 once its trailing zero is dropped")
        XCTAssertFalse(same("100", "1e2"))
        XCTAssertTrue(same("12345678901234567890", "12345678901234567890"))
        XCTAssertFalse(same("12345678901234567890", "12345678901234567891"))
        XCTAssertFalse(same("1", "true"))
    }

    func test_equalToJson_distance_isTheShareOfDifferingValues() throws {
        let pattern = try StringValuePatterns.parse(["equalToJson": ["a": 1, "b": 2, "c": 3]], at: "p")
        let oneWrong = pattern.match(#"{"a": 1, "b": 2, "c": 4}"#)
        let allWrong = pattern.match(#"{"a": 0, "b": 0, "c": 0}"#)
        XCTAssertFalse(oneWrong.isExactMatch)
        XCTAssertLessThan(oneWrong.distance, allWrong.distance)
        XCTAssertEqual(pattern.match("not json").distance, 1)
        XCTAssertTrue(pattern.match(#"{"c": 3, "b": 2, "a": 1}"#).isExactMatch)
    }

    func test_xmlEntityBomb_doesNotExpand_isANonMatch_andTheServerServesOn() {
        add(#"{"request": {"method": "POST", "urlPath": "/xml", "bodyPatterns": [{"matchesXPath": {"expression": "/lolz/text()", "contains": "lol"}}]}, "response": {"body": "xpath"}}"#)
        add(#"{"request": {"method": "POST", "urlPath": "/xml-equal", "bodyPatterns": [{"equalToXml": "<lolz>lol</lolz>"}]}, "response": {"body": "equal"}}"#)
        // Ten levels of ten: a billion "lol"s, 3 GB, if anything expanded them
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let bomb = Data("<?xml version=\"1.0\"?><!DOCTYPE lolz [\(declarations)]><lolz>&lol9;</lolz>".utf8)
        let started = Date()
        for path in ["/xml", "/xml-equal"] {
            XCTAssertEqual(post(path, bomb, headers: ["Content-Type: application/xml"]).status, 404, path)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        // Bytes libxml2 makes no document of (FoundationXML's XMLDocument crashes on these)
        for path in ["/xml", "/xml-equal"] {
            XCTAssertEqual(post(path, Data([0, 1, 2, 0xFE])).status, 404, path)
        }
        // And the same stubs still answer a plain document
        XCTAssertEqual(text(post("/xml", Data("<lolz>lol</lolz>".utf8))), "xpath")
        XCTAssertEqual(text(post("/xml-equal", Data("<lolz>lol</lolz>".utf8))), "equal")
    }

    func test_xmlExternalEntities_areNeverRead() throws {
        // Given a secret file, and a DTD beside it that would pull the file into the document
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("TOP-SECRET".utf8).write(to: secret)
        let dtd = folder.appendingPathComponent("x.dtd")
        try Data(#"<!ENTITY xxe SYSTEM "\#(secret.absoluteString)">"#.utf8).write(to: dtd)
        add(#"{"request": {"method": "POST", "urlPath": "/xxe", "bodyPatterns": [{"matchesXPath": {"expression": "/a", "contains": "TOP-SECRET"}}]}, "response": {"body": "leaked"}}"#)
        add(#"{"request": {"method": "POST", "urlPath": "/xxe-equal", "bodyPatterns": [{"equalToXml": "<a>TOP-SECRET</a>"}]}, "response": {"body": "leaked"}}"#)
        // When bodies name the file, inline and through the external DTD
        let inline = #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY xxe SYSTEM "\#(secret.absoluteString)">]><a>&xxe;</a>"#
        let external = #"<?xml version="1.0"?><!DOCTYPE a SYSTEM "\#(dtd.absoluteString)"><a>&xxe;</a>"#
        // Then the file's text never reaches a matcher
        for body in [inline, external] {
            for path in ["/xxe", "/xxe-equal"] {
                XCTAssertEqual(post(path, Data(body.utf8)).status, 404, "\(path): \(body)")
            }
        }
        XCTAssertEqual(text(post("/xxe", Data("<a>TOP-SECRET</a>".utf8))), "leaked", "the stub itself works")
    }

    func test_matchesXPath_refusesAnInvalidExpression_whenTheMappingIsRead() {
        for json in [
            #"{"request": {"bodyPatterns": [{"matchesXPath": "//["}]}}"#,
            #"{"request": {"bodyPatterns": [{"matchesXPath": {"expression": "/a)", "equalTo": "x"}}]}}"#,
        ] {
            XCTAssertThrowsError(try Stub(json: Data(json.utf8)), json) { error in
                XCTAssertEqual((error as? StubError)?.field, "request.bodyPatterns[0].matchesXPath", json)
                XCTAssertTrue((error as? StubError)?.reason.contains("invalid XPath") ?? false, "\(error)")
            }
        }
        // An expression that compiles but fails when run (an unknown function) is a non-match, not a crash
        add(#"{"request": {"method": "POST", "urlPath": "/xpath-fails", "bodyPatterns": [{"matchesXPath": "nosuch(/a)"}]}, "response": {"body": "x"}}"#)
        XCTAssertEqual(post("/xpath-fails", Data("<a/>".utf8)).status, 404)
        XCTAssertEqual(get("/health").status, 200)
    }

    func test_bodyStubs_areTheOnlyOnesThatMakeTheServerKeepBodies() throws {
        XCTAssertFalse(server.core.stubs.needsBodies)
        let id = try server.addStub(Stub(json: Data(#"{"request": {"bodyPatterns": [{"absent": true}]}}"#.utf8)))
        XCTAssertTrue(server.core.stubs.needsBodies)
        XCTAssertTrue(server.removeStub(id))
        XCTAssertFalse(server.core.stubs.needsBodies)
    }
}
