import Foundation
import XCTest

@testable import MockServer

/// The request fields matched beyond method, URL, headers and query parameters, and the URL as
/// sent (percent-encoded) that the URL fields compare.
final class StubRequestFieldTests: XCTestCase {
    private func stub(_ json: String) throws -> Stub { try Stub(json: Data(json.utf8)) }

    private func matches(_ stub: Stub, _ info: StubRequestInfo) -> Bool {
        StubMatcher(stub).match(RequestMatchInput(request: info, scenarios: [:]), explain: false).isExactMatch
    }

    private func request(
        _ rawURL: String, headers: [(String, String)] = [], query: [(String, String?)] = []
    ) -> StubRequestInfo {
        let path = rawURL.prefix { $0 != "?" }.removingPercentEncoding ?? ""
        return StubRequestInfo(
            method: "GET", path: path, query: QueryParameters(pairs: query.map { (name: $0.0, value: $0.1) }),
            headers: headers.map { (name: $0.0, value: $0.1) }, rawURL: rawURL)
    }

    // MARK: - The URL as sent

    func test_url_comparesThePercentEncodedBytesSent() throws {
        let encoded = try stub(#"{"request": {"url": "/contents/?ref=refs%2Fpull%2F2%2Fhead"}}"#)
        XCTAssertTrue(matches(encoded, request("/contents/?ref=refs%2Fpull%2F2%2Fhead", query: [("ref", "refs/pull/2/head")])))
        XCTAssertFalse(matches(encoded, request("/contents/?ref=refs/pull/2/head", query: [("ref", "refs/pull/2/head")])))
    }

    func test_urlPath_comparesTheEncodedPath_whateverTheQuery() throws {
        let encoded = try stub(#"{"request": {"urlPath": "/a%20b"}}"#)
        XCTAssertTrue(matches(encoded, request("/a%20b?x=%2F", query: [("x", "/")])))
        XCTAssertFalse(matches(try stub(#"{"request": {"urlPath": "/a b"}}"#), request("/a%20b")))
    }

    func test_withoutTheRawURL_theDecodedPathAndQueryAreCompared() throws {
        let info = StubRequestInfo(method: "GET", path: "/a b", query: QueryParameters(pairs: [(name: "x", value: "1")]), headers: [])
        XCTAssertEqual(info.pathAndQuery, "/a b?x=1")
        XCTAssertTrue(matches(try stub(#"{"request": {"url": "/a b?x=1"}}"#), info))
    }

    // MARK: - Date-time operators (WireMock 2.35)

    private func header(_ name: String, _ value: String, path: String = "/d") -> StubRequestInfo {
        request(path, headers: [(name, value)])
    }

    func test_truncateActual_comparesTheRequestsMomentTruncated() throws {
        // WireMock 2.35 answers 500 (a NullPointerException) when the value is absent; here it is no match.
        let stub = try stub(
            #"{"request": {"urlPath": "/d", "headers": {"D": {"equalToDateTime": "2021-06-01T00:00:00Z", "truncateActual": "first day of month"}}}}"#)
        XCTAssertTrue(matches(stub, header("D", "2021-06-14T12:13:14Z")))
        XCTAssertFalse(matches(stub, header("D", "2021-07-01T00:00:00Z")))
        XCTAssertFalse(matches(stub, request("/d")))
    }

    func test_truncations_landOnWireMocksMoments() throws {
        let moment = try XCTUnwrap(StubDateTime.parse("2024-02-14T13:45:30.250Z"))
        let expected: [DateTimeExpectation.Truncation: String] = [
            .firstMinuteOfHour: "2024-02-14T13:00:00Z", .firstHourOfDay: "2024-02-14T00:00:00Z",
            .firstDayOfMonth: "2024-02-01T00:00:00Z", .firstDayOfNextMonth: "2024-03-01T00:00:00Z",
            .lastDayOfMonth: "2024-02-29T00:00:00Z", .firstDayOfYear: "2024-01-01T00:00:00Z",
            .firstDayOfNextYear: "2025-01-01T00:00:00Z", .lastDayOfYear: "2024-12-31T00:00:00Z",
        ]
        for (truncation, text) in expected {
            XCTAssertEqual(truncation.apply(moment), StubDateTime.parse(text), truncation.rawValue)
        }
    }

    func test_nowOffsets_moveTheExpectedMoment() throws {
        let stub = try stub(#"{"request": {"urlPath": "/d", "headers": {"D": {"before": "now +3 days"}}}}"#)
        let format = ISO8601DateFormatter()
        XCTAssertTrue(matches(stub, header("D", format.string(from: Date().addingTimeInterval(2 * 86400)))))
        XCTAssertFalse(matches(stub, header("D", format.string(from: Date().addingTimeInterval(4 * 86400)))))
        let months = try DateTimeExpectation(json: ["after": "now", "expectedOffset": 1, "expectedOffsetUnit": "months"], operatorName: "after", at: "")
        let endOfJanuary = Date(timeIntervalSince1970: try XCTUnwrap(StubDateTime.parse("2024-01-31T10:00:00Z")))
        XCTAssertEqual(months.expected(now: endOfJanuary), StubDateTime.parse("2024-02-29T10:00:00Z"), "Java clamps to the month's last day")
        XCTAssertEqual(months.json(operatorName: "after"), .object(["after": .string("now +1 months")]))
        let fixed = try DateTimeExpectation(
            json: ["before": "2021-01-31T00:00:00Z", "expectedOffset": 1, "expectedOffsetUnit": "months"], operatorName: "before", at: "")
        XCTAssertEqual(fixed.expected(), StubDateTime.parse("2021-01-31T00:00:00Z"), "WireMock 2.35 offsets now only")
        let truncated = try DateTimeExpectation(
            json: ["equalToDateTime": "now -1 days", "truncateExpected": "first day of month"], operatorName: "equalToDateTime", at: "")
        XCTAssertEqual(truncated.expected(now: endOfJanuary), StubDateTime.parse("2024-01-01T00:00:00Z"), "offset, then truncated")
    }

    func test_actualFormat_unixAndEpoch() throws {
        let unix = try stub(#"{"request": {"urlPath": "/d", "headers": {"D": {"equalToDateTime": "2021-06-14T12:13:14Z", "actualFormat": "unix"}}}}"#)
        XCTAssertTrue(matches(unix, header("D", "1623672794")))
        let epoch = try stub(#"{"request": {"urlPath": "/d", "headers": {"D": {"after": "2021-06-14T12:13:14Z", "actualFormat": "epoch"}}}}"#)
        XCTAssertTrue(matches(epoch, header("D", "1623672794001")))
        XCTAssertFalse(matches(epoch, header("D", "1623672794000")))
    }

    func test_hostileDateText_isNoMatch() throws {
        let stub = try stub(#"{"request": {"urlPath": "/d", "headers": {"D": {"before": "2025-01-01T00:00:00Z"}}}}"#)
        for text in [String(repeating: "9", count: 100_000), "2024-13-01T00:00:00Z", "2024-02-30", "2024-01-01T24:00:00Z", "", "2024-01-01T00:00:00+99:00"] {
            XCTAssertFalse(matches(stub, header("D", text)), String(text.prefix(40)))
        }
    }

    // MARK: - hasExactly and includes (WireMock 3; WireMock 2.35 refuses the mapping)

    func test_hasExactly_wantsEveryPatternMatched_andAsManyValues() throws {
        let stub = try stub(#"{"request": {"urlPath": "/q", "queryParameters": {"id": {"hasExactly": [{"equalTo": "1"}, {"matches": "[a-z]"}]}}}}"#)
        XCTAssertTrue(matches(stub, request("/q?id=x&id=1", query: [("id", "x"), ("id", "1")])))
        XCTAssertFalse(matches(stub, request("/q?id=1&id=x&id=2", query: [("id", "1"), ("id", "x"), ("id", "2")])))
        XCTAssertFalse(matches(stub, request("/q?id=1&id=2", query: [("id", "1"), ("id", "2")])))
        XCTAssertFalse(matches(stub, request("/q")))
    }

    func test_includes_wantsEveryPatternMatched_othersMayCome() throws {
        let stub = try stub(#"{"request": {"urlPath": "/q", "headers": {"X-Tag": {"includes": [{"equalTo": "a"}, {"contains": "z"}]}}}}"#)
        XCTAssertTrue(matches(stub, request("/q", headers: [("X-Tag", "b"), ("X-Tag", "a"), ("X-Tag", "xyz")])))
        XCTAssertFalse(matches(stub, request("/q", headers: [("X-Tag", "a"), ("X-Tag", "b")])))
        XCTAssertFalse(matches(stub, request("/q")))
    }

    // MARK: - urlPathTemplate (WireMock 3; WireMock 2.35 refuses the mapping)

    func test_urlPathTemplate_matchesSegments_andPathParametersTheirValues() throws {
        let stub = try stub(#"""
            {"request": {"urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}",
                         "pathParameters": {"contactId": {"equalTo": "12345"}, "addressId": {"matches": "[0-9]+"}}}}
            """#)
        XCTAssertTrue(matches(stub, request("/contacts/12345/addresses/99?x=1")))
        XCTAssertFalse(matches(stub, request("/contacts/12345/addresses/abc")))
        XCTAssertFalse(matches(stub, request("/contacts/1/addresses/99")))
        XCTAssertFalse(matches(stub, request("/contacts/12345/addresses/99/more")))
        XCTAssertFalse(matches(stub, request("/contacts//addresses/99")), "a parameter is one or more characters")
    }

    func test_urlPathTemplate_backtracksOverLiterals_andWildcards() throws {
        let template = try URLPathTemplatePattern(text: "/files/{name}.json/**/end", at: "t")
        XCTAssertEqual(template.parameters(of: "/files/a.b.json/x/y/end"), ["name": "a.b"])
        XCTAssertNil(template.parameters(of: "/files/a.b.xml/x/end"))
        let crowded = try URLPathTemplatePattern(text: "/{a}{b}{c}{d}{e}{f}{g}{h}x", at: "t")
        let started = Date()
        XCTAssertNil(crowded.parameters(of: "/" + String(repeating: "a", count: 16_000)), "bounded: a step budget, then no match")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(crowded.parameters(of: "/abcdefghx")?["h"], "h", "a short path still matches")
    }

    // MARK: - The near-miss report

    func test_explain_namesEachNewFieldThatDiffered() throws {
        let stub = try stub(#"""
            {"request": {"urlPath": "/r", "cookies": {"session": {"equalTo": "abc"}}, "host": {"equalTo": "api.example.com"},
                         "port": 8443, "scheme": "https", "basicAuth": {"username": "u", "password": "p"}}}
            """#)
        let info = request("/r", headers: [("Host", "example.com:80"), ("Cookie", "session=abd"), ("Authorization", "Basic eDp5")])
        let result = StubMatcher(stub).match(RequestMatchInput(request: info, scenarios: [:]), explain: true)
        XCTAssertFalse(result.isExactMatch)
        XCTAssertEqual(
            Set(result.differences.map(\.path)), ["cookies.session", "host", "port", "scheme", "basicAuthCredentials"])
        XCTAssertGreaterThan(result.distance, 0)
        let matching = request(
            "/r", headers: [("Host", "api.example.com:8443"), ("Cookie", "a=1; session=abc"), ("Authorization", "Basic dTpw")])
        let https = StubRequestInfo(
            method: "GET", path: "/r", query: QueryParameters(pairs: []), headers: matching.headers, rawURL: "/r", scheme: "https")
        XCTAssertTrue(matches(stub, https))
    }
}
