import Foundation
import TestSupport
import XCTest

/// Response templating's engine (mappings under `mappings/templating-engine/`, URLs under
/// `/tmpl-engine/`, each naming the `response-template` transformer): the request model,
/// Handlebars' syntax and built-ins, the date and extraction helpers, the places a template
/// may stand, and failures. Every probe sends `Host: example.com:8080`, so both servers see the
/// same host and port. The helper families (random values, lists, logic, math, strings) have
/// their own file and fixtures.
extension WireMockComparisonTests {
    func test_templating_requestModel_answersAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/tmpl-engine/escaping?v=%3C%22%27%60%3D%26%3E", headers: ["Host: example.com:8080"], body: #"&lt;&quot;&#x27;&#x60;&#x3D;&amp;&gt;|<"'`=&>|<"'`=&>"#),
            StubProbe("GET", "/tmpl-engine/url/x/a%20b?q=1&q=2", headers: ["Host: example.com:8080"], body: "/tmpl-engine/url/x/a%20b?q=1&q=2|/tmpl-engine/url/x/a b|url|x|/tmpl-engine/url/x/a b"),
            StubProbe("GET", "/tmpl-engine/query?q=1&q=2&e", headers: ["Host: example.com:8080"], body: "1|2|[]|{q=1, e=}"),
            StubProbe("GET", "/tmpl-engine/headers", headers: ["Host: example.com:8080", "X-One: 1", "X-Two: a", "X-Two: b", "Cookie: c=1; d=2", "Cookie: c=3"], body: "1|1|b|1|3|2"),
            StubProbe("GET", "/tmpl-engine/host", headers: ["Host: example.com:8080"], body: "GET|http|example.com|8080|http://example.com:8080"),
            StubProbe("GET", "/tmpl-engine/request-line?x=1", headers: ["Host: example.com:8080"], body: "http://example.com:8080|/tmpl-engine/request-line|tmpl-engine|{x=1}|1|GET|http|example.com|8080|/tmpl-engine/request-line?x=1"),
            Self.engineProbe(StubProbe("POST", "/tmpl-engine/body", headers: ["Host: example.com:8080"], body: "[a&#x3D;&lt;1&gt;&amp;b&#x3D;2]|a=<1>&b=2"), sending: "a=<1>&b=2"),
            StubProbe("GET", "/tmpl-engine/parameters", headers: ["Host: example.com:8080"], body: "hello 3|hello"),
        ])
    }

    func test_templating_handlebarsSyntaxAndBuiltIns_answerAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/tmpl-engine/if-else?b=1", headers: ["Host: example.com:8080"], body: "B|U"),
            StubProbe("GET", "/tmpl-engine/truth?zero=0&no=false&empty=", headers: ["Host: example.com:8080"], body: "tTE"),
            StubProbe("GET", "/tmpl-engine/each/a/b", headers: ["Host: example.com:8080"], body: "0:tmpl-engineF;1:each;2:a;3:bL;|none"),
            StubProbe("GET", "/tmpl-engine/each-object", headers: ["Host: example.com:8080"], body: "only=one |only:one "),
            StubProbe("GET", "/tmpl-engine/with-lookup/p/q?k=v", headers: ["Host: example.com:8080"], body: "GET-GET|v|with-lookup|E"),
            StubProbe("GET", "/tmpl-engine/sections", headers: ["Host: example.com:8080"], body: "GET|inverse"),
            StubProbe("GET", "/tmpl-engine/comments", headers: ["Host: example.com:8080"], body: "abc"),
            StubProbe("GET", "/tmpl-engine/whitespace", headers: ["Host: example.com:8080"], body: #"a\#n\#nz\#n\#nb"#),
            StubProbe("GET", "/tmpl-engine/unclosed-is-text", headers: ["Host: example.com:8080"], body: "{{request.method"),
        ])
    }

    func test_templating_dateAndExtractionHelpers_answerAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/tmpl-engine/dates", headers: ["Host: example.com:8080"], body: "2021-03-05T05:06:07Z|2021-03-04|2021-03-04T05:06:07Z|[]|1614834367000|2021-03-04T05:06:07Z|2021-02-28T00:00:00Z|2021-03-04 05:06:07.000+0000 Thu Mar AM UTC"),
            Self.engineProbe(StubProbe("POST", "/tmpl-engine/json-path", headers: ["Host: example.com:8080"], body: #"str|2.5|[]|true|12345678901234|[]|[1,2.5,{"c":"x<y"}]|<0><1><2>|N|[ERROR: bad[[ is not a valid JSONPath expression]|{\#n  "c" : "x<y"\#n}|str"#), sending: #"{"a":{"b":[1,2.5,{"c":"x<y"}],"s":"str","arr":[],"n":null,"t":true,"big":12345678901234}}"#),
            Self.engineProbe(StubProbe("POST", "/tmpl-engine/xpath", headers: ["Host: example.com:8080"], body: #"stuff &amp; more|7|<inner id="7">stuff &amp; more</inner>\#n|[]|[ERROR: bad[[ is not a valid XPath expression]|<7><8>"#), sending: #"<outer><inner id="7">stuff &amp; more</inner><inner id="8">two</inner></outer>"#),
            Self.engineProbe(StubProbe("POST", "/tmpl-engine/regex", headers: ["Host: example.com:8080"], body: "DEF|abc/DEF/123|[ERROR: Nothing matched NOPE]|dflt|[ERROR: Invalid regex string (]"), sending: "abc-DEF-123 xyz"),
            Self.engineProbe(StubProbe("POST", "/tmpl-engine/form", headers: ["Host: example.com:8080"], body: "a%20b|y+z|a b|<|{f1&#x3D;a%20b, f2&#x3D;x, f3&#x3D;%3C}"), sending: "f1=a%20b&f2=x&f2=y+z&f3=%3C"),
            Self.engineProbe(StubProbe("POST", "/tmpl-engine/parse-json", headers: ["Host: example.com:8080"], body: "v-2|v"), sending: #"{"k":[1,2],"s":"v"}"#),
        ])
    }

    func test_templating_headerValuesAndJSONBody_areRendered_asWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/tmpl-engine/header-values?h=v1", headers: ["Host: example.com:8080"], body: "ok", expectedHeaders: ["x-method": "GET", "x-query": "v1"]),
            Self.engineProbe(StubProbe("GET", "/tmpl-engine/json-body?id=7", headers: ["Host: example.com:8080"], body: #"{"id":"7","path":"/tmpl-engine/json-body","fixed":3}"#), json: true),
        ])
    }

    /// `now` depends on the clock: the year (the same for both servers but across New Year's
    /// midnight), and the shape of the default ISO 8601 text.
    func test_templating_now_hasWireMocksShape() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let year = calendar.component(.year, from: Date())
        try assertAnswers([StubProbe("GET", "/tmpl-engine/now-year", headers: ["Host: example.com:8080"], body: "\(year)|\(year + 1)|\(year)")])
        let shape = try NSRegularExpression(pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#)
        for server in try running() {
            let answer = CurlClient().request(server.url("/tmpl-engine/now-shape"), timeout: 10)
            let text = String(decoding: answer.body, as: UTF8.self)
            XCTAssertEqual(shape.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)), 1, "\(server.kind.rawValue): \(text)")
        }
    }

    /// A template that fails answers 500 on both servers: WireMock with Jetty's error page, ours
    /// with the reason in a JSON body, in Handlebars' words.
    func test_templating_failures_answer500_withTheReason() throws {
        let failures: [(path: String, reason: String)] = [
            ("/tmpl-engine/unknown-helper", "could not find helper: 'nope'"),
            ("/tmpl-engine/syntax-error", "found: '<EOF>', expected: '{{/'"),
            ("/tmpl-engine/bad-offset", "DateTimeUnit.D"),
        ]
        var probes: [StubProbe] = []
        for failure in failures {
            var probe = StubProbe("GET", failure.path, headers: ["Host: example.com:8080"], status: 500)
            probe.expectedBody = nil
            probe.comparesContentType = false
            probes.append(probe)
        }
        try assertAnswers(probes, compareBodies: false)
        for server in try running() {
            for failure in failures {
                let answer = CurlClient().request(server.url(failure.path), timeout: 10)
                let text = answer.json?["error"] as? String ?? String(decoding: answer.body, as: UTF8.self)
                // Jetty's error page escapes the message as HTML.
                let reason =
                    server.kind == .wireMock
                    ? failure.reason.replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "<", with: "&lt;")
                        .replacingOccurrences(of: ">", with: "&gt;") : failure.reason
                XCTAssertTrue(text.contains(reason), "\(server.kind.rawValue) \(failure.path): \(text.prefix(300))")
            }
        }
    }

    /// `probe` posting `body` (and, with `json`, comparing the answer as JSON).
    private static func engineProbe(_ probe: StubProbe, sending body: String? = nil, json: Bool = false) -> StubProbe {
        var probe = probe
        if let body { probe.body = Data(body.utf8) }
        probe.isJSONBody = json
        return probe
    }
}
