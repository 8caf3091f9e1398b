import Foundation
import XCTest

/// Response templating (`"transformers": ["response-template"]`, mappings under
/// `mappings/templating-helpers/`, URLs under `/tmpl-helpers/`): the request model, Handlebars'
/// own helpers and each of WireMock's helper families, checked against real WireMock 2.35 first.
/// Random and time-dependent values are compared by shape (`assertShapes`).
extension WireMockComparisonTests {
    // MARK: - The request model

    func test_templating_requestModel_rendersAsWireMockDoes() throws {
        var body = StubProbe("PUT", "/tmpl-helpers/request/body", body: "method=PUT\nbody=the body, as sent")
        body.body = Data("the body, as sent".utf8)
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/request/path/one/two?x=1&y=a%20b",
                body: templatedLines(
                    "url=/tmpl-helpers/request/path/one/two?x=1&y=a%20b",
                    "url, escaped=/tmpl-helpers/request/path/one/two?x&#x3D;1&amp;y&#x3D;a%20b",
                    "path=/tmpl-helpers/request/path/one/two",
                    "pathSegments=/tmpl-helpers/request/path/one/two",
                    "pathSegments.[0]=tmpl-helpers",
                    "pathSegments.[3]=one",
                    "path.[2]=path")),
            StubProbe(
                "GET", "/tmpl-helpers/request/query?name=ada&tag=a&tag=b&spaced=a%20b+c",
                body: templatedLines("name=ada", "tag=a", "tag.[0]=a", "tag.[1]=b", "spaced=a b c", "missing=[]")),
            StubProbe(
                "POST", "/tmpl-helpers/request/headers",
                headers: ["X-Trace: t-1", "X-Multi: m1", "X-Multi: m2", "Cookie: session=abc; theme=dark"],
                body: templatedLines(
                    "X-Trace=t-1", "x-trace=t-1", "[X-Trace]=t-1", "X-Multi=m1 and m2", "session=abc", "theme=dark",
                    "no-cookie=[]")),
            body,
            StubProbe(
                "GET", "/tmpl-helpers/request/parameters",
                body: templatedLines("greeting=hello", "nested.name=Ada", "list.[1]=one", "missing=[]")),
        ])
    }

    /// The base URL, host and port are each server's own.
    func test_templating_requestModel_baseUrlAndRequestLine_nameTheServer() throws {
        try assertShapes([
            TemplatedShapeProbe(
                "GET", "/tmpl-helpers/request/base",
                lines: [.text("baseUrl=http://127.0.0.1:{port}"), .text("host=127.0.0.1"), .text("port={port}"), .text("scheme=http")]),
            TemplatedShapeProbe(
                "GET", "/tmpl-helpers/request/line/a/b?q=1&r=2",
                lines: [
                    .text("baseUrl=http://127.0.0.1:{port}"), .text("path=/tmpl-helpers/request/line/a/b"),
                    .text("pathSegments.[3]=a"), .text("query.q=1"), .text("method=GET"), .text("scheme=http"),
                    .text("host=127.0.0.1"), .text("port={port}"), .text("url=/tmpl-helpers/request/line/a/b?q=1&r=2"),
                ]),
        ])
    }

    /// Templates in header values, `jsonBody` strings and `bodyFileName` (its path and the file).
    func test_templating_headersJsonBodyAndBodyFile_areRendered() throws {
        var json = StubProbe(
            "GET", "/tmpl-helpers/where/headers-and-json?id=7",
            body: #"{"id":"7","count":2,"flag":true,"nested":{"path":"/tmpl-helpers/where/headers-and-json","list":["GET",1]}}"#,
            expectedHeaders: ["content-type": "application/json", "x-echo": "id 7 on /tmpl-helpers/where/headers-and-json"])
        json.isJSONBody = true
        try assertAnswers([
            json,
            StubProbe("GET", "/tmpl-helpers/where/body-file?id=7", body: "item 7, from a file named by the request\n"),
        ])
    }

    // MARK: - Handlebars' own helpers

    func test_templating_handlebarsBuiltIns_renderAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/handlebars?flag=on&item=a&item=b&item=c&markup=%3Cb%3E%26%22",
                body: templatedLines(
                    "if: flag set", "if: no none", "unless: none absent", "unless: flag present",
                    "each: 0=a first; 1=b; 2=c last; ", "each, empty: nothing", "each, block parameters: 0:x 1:y ",
                    "with: on/c", "lookup: on handlebars", #"escaped: &lt;b&gt;&amp;&quot; raw: <b>&""#)),
        ])
    }

    // MARK: - Random values

    func test_templating_randomValues_haveWireMocksShapes() throws {
        let symbols = #"[!-}]"#  // ASCII 33 to 125, as WireMock's ALPHANUMERIC_AND_SYMBOLS draws them
        try assertShapes([
            TemplatedShapeProbe(
                "GET", "/tmpl-helpers/random/values",
                lines: [
                    .shape("default=[a-z0-9]{36}"), .shape("length=[a-z0-9]{10}"), .shape("ALPHANUMERIC=[a-z0-9]{12}"),
                    .shape("ALPHANUMERIC uppercase=[A-Z0-9]{12}"), .shape("ALPHABETIC=[a-z]{8}"),
                    .shape("ALPHABETIC uppercase=[A-Z]{8}"), .shape("NUMERIC=[0-9]{6}"),
                    .shape("ALPHANUMERIC_AND_SYMBOLS=(?:(?![A-Z])\(symbols)){20}"), .shape("HEXADECIMAL=[0-9a-f]{16}"),
                    .shape("HEXADECIMAL uppercase=[0-9A-F]{16}"),
                    .shape("UUID=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
                    .shape("UUID uppercase=[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}"),
                    .text("empty=[]"),
                ]),
            TemplatedShapeProbe(
                "GET", "/tmpl-helpers/random/numbers?tag=x&tag=y",
                lines: [
                    .shape("randomInt=-?[0-9]{1,10}"), .shape("randomInt, bounded=[5-8]"), .shape("randomInt, negative=-[1-3]"),
                    .shape("randomInt, text bounds=1[01]"),
                    // Any leading digit: a draw within 0.001 of zero prints as 9.5E-4 (the range is checked below).
                    .shape(#"randomDecimal, bounded=-?[0-9]\.[0-9]+(E-[0-9]+)?"#),
                    .shape(#"randomDecimal=[1-9]\.[0-9]+E30[0-8]|[1-9]\.[0-9]+E(29[0-9]|2[0-8][0-9])"#),
                    .shape("pickRandom=(red|green|blue)"), .shape("pickRandom, list=[123]"), .shape("pickRandom, query=[xy]"),
                ],
                check: { lines in
                    let decimal = TemplatedShapeChecks.value("randomDecimal, bounded", in: lines).flatMap(Double.init) ?? .nan
                    return (-2.5..<1.25).contains(decimal) ? nil : "randomDecimal \(decimal) is outside [-2.5, 1.25)"
                }),
        ])
    }

    // MARK: - Lists and variables

    func test_templating_listsAndVariables_renderAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/lists?name=ada&tag=a&tag=b",
                body: templatedLines(
                    "range=[1, 2, 3, 4, 5]", "range, text=[2, 3, 4]", "range, each=0;1;2;3;", "array=[1, two, 3.5]",
                    "array, empty=[]", "assign=[hello ada]", "assign, reused=6", "size, text=5", "size, list=3",
                    "size, query=2", "size, path=2", "join=a, b, c", "join, values=x-y-z", "join, query=a|b",
                    "join, prefix and suffix=[1, 2]", "join, empty=[]")),
        ])
    }

    func test_templating_split_isWireMock3s_andWireMock235Lacks() throws {
        try assertHelperNewerThanWireMock235("split", path: "/tmpl-helpers/lists/split", expected: "[a][b][c]")
    }

    // MARK: - Comparisons and logic

    func test_templating_comparisonsAndLogic_renderAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/logic/inline",
                body: templatedLines(
                    "contains, text=true false", "contains, list=true false", "matches=true false true",
                    "eq=true false false true true", "neq=true false", "gt=true true false true true false", "gte=true false",
                    "lt=true false", "lte=false true", "and=false true false", "or=true false", "not=false true false true",
                    "yes/no=Y N false")),
            StubProbe(
                "GET", "/tmpl-helpers/logic/blocks?kind=x",
                body: templatedLines(
                    "eq: yes", "neq: no", "gt: no", "gte: yes", "lt: yes", "lte: no", "and: yes", "or: no", "not: yes",
                    "contains: yes", "[]", "matches: yes", "[]", "if eq: no")),
            // A query or header value is a list to eq and contains (WireMock's ListOrSingle): never
            // equal to a string, and containing its values, not their substrings.
            StubProbe(
                "GET", "/tmpl-helpers/logic/request?kind=book&n=41", headers: ["Accept: application/json"],
                body: templatedLines(
                    "eq, query=false", "eq, path=false", "contains, query=true", "contains, header=false",
                    "matches, query=true", "math, query=42")),
        ])
    }

    // MARK: - math

    func test_templating_math_printsNumbersAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/math",
                body: templatedLines(
                    "+=3 3.5 0.3 2.0", "-=-10 1.5", "*=42 5.0 12", "/=4 3 0 2 3.3 0.8 3", "%=1 1.5 0.0", "text=15 1.1 1001 2",
                    "large=2147483648 7766279611452241921", "bad operator=[ERROR: ^ is not a valid mathematical operator]",
                    "missing operand=[ERROR: All maths functions require two operands and an operator as parameters e.g. 3 &#x27;+&#x27; 2]")),
        ])
    }

    // MARK: - Strings

    func test_templating_stringHelpers_renderAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/strings?word=MiXeD",
                body: templatedLines(
                    "trim=[a b] [block]", "upper=ABC STRASSE [] fallback", "lower=abc mixed",
                    "capitalize=Hello World HELLO WORLD Hello World", "base64=aGVsbG8= aMOpbGxv aGVsbG8 aGkgdGhlcmU=",
                    "base64, decode=hello héllo", "urlEncode=a+b%26c%3Dd%2F%C3%A9%7E* %E9", "urlEncode, decode=a b&c=d")),
        ])
    }

    // MARK: - Failures

    /// Where WireMock's helper throws, both answer 500; where it prints `[ERROR: …]`, both print it.
    func test_templating_failingHelpers_answer500AsWireMockDoes() throws {
        let failing = [
            "divide-by-zero", "empty-int-range", "backwards-range", "compare-text-and-number", "bad-base64", "bad-regex",
            "unknown-helper",
        ]
        try assertAnswers(
            failing.map { name in
                var probe = StubProbe("GET", "/tmpl-helpers/fail/\(name)", status: 500)
                probe.expectedBody = nil  // WireMock's is Jetty's HTML page; ours names the reason
                probe.comparesContentType = false
                return probe
            }, compareBodies: false)
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/fail/range-one-bound",
                body: "[ERROR: The range helper requires both lower and upper bounds as integer parameters]"),
        ])
    }

    // MARK: - Helpers

    /// The lines joined as the mapping files write a body: with `\n`.
    func templatedLines(_ lines: String...) -> String {
        lines.joined(separator: "\n")
    }

    /// A POST of `body` to `path`, answered with `answer`.
    func templatedPost(_ path: String, _ body: String, headers: [String] = [], answer: String) -> StubProbe {
        var probe = StubProbe("POST", path, headers: headers, body: answer)
        probe.body = Data(body.utf8)
        return probe
    }
}
