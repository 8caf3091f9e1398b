import Foundation
import TestSupport
import XCTest

/// The request fields beyond method, URL, headers and query, the URL fields' percent-encoding,
/// and what WireMock reads leniently (Tests/Fixtures/WireMockShared/mappings/fields, URLs under
/// `/wm/fields/`): each probe is checked against real WireMock 2.35 first.
extension WireMockComparisonTests {
    /// WireMock compares `url`, `urlPattern`, `urlPath` and `urlPathPattern` with the URL as the
    /// client sent it, percent-encoding included; query parameters with their decoded values.
    func test_fields_percentEncodedURLs_matchTheBytesSent() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/wm/fields/repos/x/contents/?ref=refs%2Fpull%2F2%2Fhead",
                body: "url, percent-encoded as the recorder writes it"),
            StubProbe("GET", "/wm/fields/repos/x/contents/?ref=refs/pull/2/head", status: 404),
            StubProbe("GET", "/wm/fields/plain/contents/?ref=refs/pull/2/head", body: "url, written plain"),
            StubProbe("GET", "/wm/fields/plain/contents/?ref=refs%2Fpull%2F2%2Fhead", status: 404),
            StubProbe("GET", "/wm/fields/pattern/a%20b?x=1%2F2", body: "urlPattern, percent-encoded"),
            StubProbe("GET", "/wm/fields/pattern/a%20b?x=1/2", status: 404),
            StubProbe("GET", "/wm/fields/path/a%20b?page=1", body: "urlPath, percent-encoded"),
            StubProbe("GET", "/wm/fields/path/a+b", status: 404),
            StubProbe("GET", "/wm/fields/path-pattern/a%20bc", body: "urlPathPattern, percent-encoded"),
            StubProbe("GET", "/wm/fields/decoded-query?ref=refs%2Fpull", body: "queryParameters see decoded values"),
            StubProbe("GET", "/wm/fields/decoded-query?ref=refs/pull", body: "queryParameters see decoded values"),
            StubProbe("GET", "/wm/fields/decoded-query?ref=refs%2Fpush", status: 404),
        ])
    }

    /// What WireMock reads leniently: numbers as strings, a non-string `body`, `basicAuth`, and
    /// a mapping naming a transformer neither server has (both load it; the answers differ on
    /// purpose, see the next test).
    func test_fields_whatWireMockReadsLeniently_answersAsItDoes() throws {
        var numbers = StubProbe("GET", "/wm/fields/lenient/numbers", status: 201, body: "numbers given as strings")
        numbers.elapsed = 0.09...3
        try assertAnswers([
            numbers,
            StubProbe("GET", "/wm/fields/lenient/body-true", body: "true"),
            StubProbe("GET", "/wm/fields/lenient/body-integer", body: "42"),
            StubProbe("GET", "/wm/fields/lenient/body-decimal", body: "12.5"),
            StubProbe(
                "GET", "/wm/fields/basic-auth/old-name", headers: ["Authorization: Basic YWRhOnMzY3JldA=="],
                body: "basicAuth, the older name"),
            StubProbe("GET", "/wm/fields/basic-auth/old-name", headers: ["Authorization: Basic YWRhOndyb25n"], status: 404),
            StubProbe("GET", "/wm/fields/basic-auth/old-name", status: 404),
            StubProbe(
                "GET", "/wm/fields/basic-auth/credentials", headers: ["Authorization: Basic YWRhOnMzY3JldA=="],
                body: "basicAuthCredentials"),
            StubProbe("GET", "/wm/fields/basic-auth/credentials", headers: ["Authorization: Bearer YWRhOnMzY3JldA=="], status: 404),
        ])
    }

    /// A transformer neither server has (a project's own extension): WireMock 2.35 sends the
    /// body as written, a wrong answer that looks right; mockserver answers 500 naming the
    /// transformer, on purpose. Both load the mapping.
    func test_fields_unknownTransformer_wireMockSendsTheBodyAsWritten_weAnswer500NamingIt() throws {
        for server in try running() {
            let answer = CurlClient().request(server.url("/wm/fields/lenient/unknown-transformer"), timeout: 10)
            let body = String(decoding: answer.body, as: UTF8.self)
            switch server.kind {
            case .wireMock:
                XCTAssertEqual(answer.status, 200, "WireMock 2.35: \(body)")
                XCTAssertEqual(body, "served untransformed")
            case .mockServer:
                XCTAssertEqual(answer.status, 500, body)
                XCTAssertTrue(body.contains("'a-projects-own-extension'"), body)
            }
        }
    }

    /// `cookies`, `host`, `port` and `scheme` (WireMock 2.35). Host and port are the `Host`
    /// header's, so a probe names them to reach both servers alike.
    func test_fields_cookiesHostPortAndScheme_matchAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/wm/fields/cookies", headers: ["Cookie: theme=dark; session=abc"], body: "cookies matched"),
            StubProbe("GET", "/wm/fields/cookies", headers: ["Cookie: session=abc", "Cookie: theme=light"], body: "cookies matched"),
            StubProbe("GET", "/wm/fields/cookies", headers: ["Cookie: session=abd; theme=dark"], status: 404),
            StubProbe("GET", "/wm/fields/cookies", headers: ["Cookie: session=abc"], status: 404),
            StubProbe("GET", "/wm/fields/cookies/absent", headers: ["Cookie: session=abc"], body: "no tracking cookie"),
            StubProbe("GET", "/wm/fields/cookies/absent", body: "no tracking cookie"),
            StubProbe("GET", "/wm/fields/cookies/absent", headers: ["Cookie: session=abc; tracking=1"], status: 404),
            StubProbe("GET", "/wm/fields/host", headers: ["Host: api.example.com"], body: "host matched"),
            StubProbe("GET", "/wm/fields/host", headers: ["Host: api.example.com:8443"], body: "host matched"),
            StubProbe("GET", "/wm/fields/host", headers: ["Host: example.com"], status: 404),
            StubProbe("GET", "/wm/fields/host", status: 404),
            StubProbe("GET", "/wm/fields/port", headers: ["Host: api.example.com:8443"], body: "port matched"),
            StubProbe("GET", "/wm/fields/port", headers: ["Host: api.example.com"], status: 404),
            StubProbe("GET", "/wm/fields/port", status: 404),
            StubProbe("GET", "/wm/fields/scheme", body: "plain http"),
            StubProbe("GET", "/wm/fields/scheme/secure", status: 404),
        ])
    }

    /// `before`, `after` and `equalToDateTime` (WireMock 2.35), with `actualFormat`, `now`
    /// offsets, `expectedOffset` and `truncateExpected`. `truncateActual` is left to the unit
    /// tests: WireMock 2.35 answers 500 to every request that reaches such a stub without the
    /// value (a NullPointerException), which would break every other probe here. WireMock reads
    /// local times and truncates `now` in the machine's time zone, this server in UTC: the probes
    /// keep clear of both (a local time far from the boundary; `truncateExpected` beside a fixed
    /// moment, which WireMock 2.35 leaves untruncated).
    func test_fields_dateTimeOperators_matchAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/wm/fields/date/before", headers: ["X-Date: 2024-12-31T23:59:59Z"], body: "before 2025"),
            StubProbe("GET", "/wm/fields/date/before", headers: ["X-Date: 2025-01-01T01:00:00+02:00"], body: "before 2025"),
            StubProbe("GET", "/wm/fields/date/before", headers: ["X-Date: 2024-12-30T12:00:00"], body: "before 2025"),
            StubProbe("GET", "/wm/fields/date/before", headers: ["X-Date: Tue, 31 Dec 2024 10:00:00 GMT"], body: "before 2025"),
            StubProbe("GET", "/wm/fields/date/before", headers: ["X-Date: 2025-01-01T00:00:00Z"], status: 404),
            StubProbe("GET", "/wm/fields/date/before", headers: ["X-Date: not a date"], status: 404),
            StubProbe("GET", "/wm/fields/date/before", status: 404),
            StubProbe("GET", "/wm/fields/date/after-now", headers: ["X-Date: 2099-01-01T00:00:00Z"], body: "after three days ago"),
            StubProbe("GET", "/wm/fields/date/after-now", headers: ["X-Date: 2020-01-01T00:00:00Z"], status: 404),
            StubProbe(
                "GET", "/wm/fields/date/equal-formatted", headers: ["X-Date: 14/06/2021 14:13:14 +02:00"],
                body: "the same moment, in another format"),
            StubProbe(
                "GET", "/wm/fields/date/equal-formatted", headers: ["X-Date: 14/06/2021 12:13:14 Z"],
                body: "the same moment, in another format"),
            StubProbe("GET", "/wm/fields/date/equal-formatted", headers: ["X-Date: 14/06/2021 12:13:14 +02:00"], status: 404),
            StubProbe("GET", "/wm/fields/date/equal-formatted", headers: ["X-Date: 2021-06-14T12:13:14Z"], status: 404),
            StubProbe(
                "GET", "/wm/fields/date/first-of-month", headers: ["X-Date: 2021-06-14T12:13:14Z"],
                body: "truncateExpected leaves a fixed moment alone"),
            StubProbe("GET", "/wm/fields/date/first-of-month", headers: ["X-Date: 2021-06-01T00:00:00Z"], status: 404),
            StubProbe("GET", "/wm/fields/date/offset", headers: ["X-Date: 2020-02-27T00:00:00Z"], body: "before three days ago"),
            StubProbe("GET", "/wm/fields/date/offset", headers: ["X-Date: 2099-03-01T00:00:00Z"], status: 404),
            StubProbe("GET", "/wm/fields/date/query?since=2019-12-31T23:00:00Z", body: "since after new year in UTC+2"),
            StubProbe("GET", "/wm/fields/date/query?since=2019-12-31T21:00:00Z", status: 404),
        ])
    }
}
