import Foundation
import Synchronization
import TestSupport
import XCTest

/// The same WireMock mapping files (Tests/Fixtures/WireMockShared) served by real WireMock and by
/// our `mockserver --root-dir`: every probe is checked against what WireMock's documentation says
/// (so the fixtures are proven against WireMock itself), then our answer is compared with
/// WireMock's: status, the headers the mapping sets plus Content-Type, body bytes, timing, and the
/// fault on the wire (libcurl's result code). The JVM starts once for the class (about 2 s).
final class WireMockComparisonTests: XCTestCase {
    /// The servers compared, in this order; the first is WireMock, the reference.
    static let kinds: [StubServerProcess.Kind] = [.wireMock, .mockServer]

    private static let servers = Mutex<Result<[StubServerProcess], StubServerProcess.StartError>?>(nil)

    override class func setUp() {
        super.setUp()
        var started: [StubServerProcess] = []
        do {
            for kind in kinds { started.append(try StubServerProcess.start(kind, fixtures: WireMockJar.fixtures)) }
            servers.withLock { $0 = .success(started) }
        } catch {
            started.forEach { $0.stop() }
            let reason = (error as? StubServerProcess.StartError) ?? .init(description: "\(error)")
            servers.withLock { $0 = .failure(reason) }
        }
    }

    override class func tearDown() {
        let running = servers.withLock { state -> [StubServerProcess] in
            defer { state = nil }
            return (try? state?.get()) ?? []
        }
        running.forEach { $0.stop() }
        super.tearDown()
    }

    /// The running servers, or a failure naming why they did not start.
    func running() throws -> [StubServerProcess] {
        guard let state = Self.servers.withLock({ $0 }) else {
            throw StubServerProcess.StartError(description: "the servers were not started")
        }
        return try state.get()
    }

    // MARK: - Request matching

    func test_requestMatching_answersAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe("GET", "/wm/url?page=2&sort=asc", body: "url matched, query included"),
            StubProbe("GET", "/wm/url?sort=asc&page=2", status: 404),  // url is the exact path and query
            StubProbe("GET", "/wm/any", body: "any method"),
            StubProbe("DELETE", "/wm/any", body: "any method"),
            StubProbe("PATCH", "/wm/any", body: "any method"),
            StubProbe("GET", "/wm/path?anything=1", body: "urlPath ignores the query"),
            StubProbe("POST", "/wm/path", status: 404),
            StubProbe("GET", "/wm/users/1234", body: "user by numeric id"),
            StubProbe("GET", "/wm/users/12a", status: 404),  // patterns match the whole path
            StubProbe("GET", "/wm/search?q=cats", body: "search with a lowercase query"),
            StubProbe("GET", "/wm/search?q=Cats", status: 404),
            StubProbe("GET", "/wm/query?kind=cat&name=shelly&id=42", body: "query parameters matched"),
            StubProbe("GET", "/wm/query?id=42&name=hello&kind=cat", body: "query parameters matched"),
            StubProbe("GET", "/wm/query?kind=dog&name=shelly&id=42", status: 404),
            StubProbe("GET", "/wm/query?kind=cat&name=bob&id=42", status: 404),
            StubProbe("GET", "/wm/query?kind=cat&name=shelly&id=x42", status: 404),
            StubProbe("GET", "/wm/query?kind=cat&name=shelly&id=42&debug=1", status: 404),
            StubProbe(
                "POST", "/wm/headers", headers: ["X-Equal: yes", "X-Contains: in the middle", "X-Matches: v12"],
                body: "headers matched"),
            StubProbe(
                "POST", "/wm/headers", headers: ["x-equal: yes", "x-contains: amid", "x-matches: v1"],
                body: "headers matched"),  // header names are case-insensitive
            StubProbe("POST", "/wm/headers", headers: ["X-Equal: YES", "X-Contains: mid", "X-Matches: v1"], status: 404),
            StubProbe("POST", "/wm/headers", headers: ["X-Equal: yes", "X-Contains: mi-d", "X-Matches: v1"], status: 404),
            StubProbe("POST", "/wm/headers", headers: ["X-Equal: yes", "X-Contains: mid", "X-Matches: w1"], status: 404),
            StubProbe(
                "POST", "/wm/headers", headers: ["X-Equal: yes", "X-Contains: mid", "X-Matches: v1", "X-Absent: here"],
                status: 404),
            StubProbe("GET", "/wm/priority/special", body: "specific (priority 1)"),
            StubProbe("GET", "/wm/priority/other", body: "general (priority 10)"),
        ])
    }

    func test_noMatch_isA404NamingTheClosestStubAndWhatDiffered() throws {
        for server in try running() {
            let answer = CurlClient().request(server.url("/wm/query?kind=cat&name=hello&id=12&debug=1"))
            let report = String(decoding: answer.body, as: UTF8.self)
            XCTAssertEqual(answer.status, 404, server.kind.rawValue)
            XCTAssertEqual(answer.headers["content-type"], "text/plain", server.kind.rawValue)
            for line in ["Request was not matched", "Closest stub", "[path] /wm/query", "<<<<< Query does not match"] {
                XCTAssertTrue(report.contains(line), "\(server.kind.rawValue): '\(line)' in\n\(report)")
            }
        }
    }

    // MARK: - Responses

    func test_responseFields_answerAsWireMockDoes() throws {
        var json = StubProbe(
            "GET", "/wm/json", body: #"{"id":42,"name":"Ada","tags":["a","b"],"active":true,"manager":null}"#,
            expectedHeaders: ["content-type": "application/json"])
        json.isJSONBody = true
        var base64 = StubProbe("GET", "/wm/base64", expectedHeaders: ["content-type": "application/octet-stream"])
        base64.expectedBody = Data([0, 1, 2, 3, 0xFE, 0xFF] + Array("Hello".utf8))
        try assertAnswers([
            StubProbe(
                "GET", "/wm/teapot", status: 418, body: "I'm a teapot",
                expectedHeaders: [
                    "content-type": "text/plain; charset=utf-8", "x-custom": "custom value", "cache-control": "max-age=60",
                ]),
            json,
            base64,
            StubProbe(
                "GET", "/wm/file",
                body: #"{"id":7,"name":"Ada Lovelace","email":"ada@example.com","roles":["admin","author"]}"# + "\n",
                expectedHeaders: ["content-type": "application/json"]),
            StubProbe("POST", "/wm/created", status: 201, expectedHeaders: ["location": "/wm/created/7"]),
        ])
    }

    func test_statusMessage_isWireMocksReasonPhrase_andNotOurs() throws {
        for server in try running() {
            let connection = try RawConnection(port: server.base.port ?? 0, get: "/wm/teapot")
            let answer = String(decoding: connection.readAll(timeout: 5).data, as: UTF8.self)
            let statusLine = answer.components(separatedBy: "\r\n").first ?? ""
            switch server.kind {
            case .wireMock: XCTAssertEqual(statusLine, "HTTP/1.1 418 Short and Stout")
            // A difference docs/STUBS.md lists: libmicrohttpd sends its own reason phrase.
            case .mockServer: XCTAssertTrue(statusLine.hasPrefix("HTTP/1.1 418 "), statusLine)
            }
        }
    }

    // MARK: - Files shaped as other projects write them

    func test_otherProjectsMappingFiles_answerAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(  // a recorded mapping: id, uuid, name, persistent, insertionIndex, a recorded body file
                "GET", "/api/v2/orders?status=all",
                body: #"{"orders":[{"id":"A-1001","total":19.99,"currency":"EUR","status":"shipped"},{"id":"A-1002","total":5.00,"currency":"EUR","status":"pending"}],"next":null}"#
                    + "\n",
                expectedHeaders: ["content-type": "application/json;charset=UTF-8", "x-request-id": "b7e0c1d2"]),
            jsonBody(StubProbe(
                "GET", "/shop/v1/products?category=books", headers: ["Accept: application/json"],
                body: #"[{"sku":"B-1","title":"Dune"},{"sku":"B-2","title":"Emma"}]"#,
                expectedHeaders: ["content-type": "application/json"])),
            StubProbe(
                "GET", "/shop/v1/products/B-1", body: #"{"sku":"B-1","title":"Dune"}"#,
                expectedHeaders: ["content-type": "application/json"]),
            jsonBody(StubProbe(  // no Accept header: the listing's stub misses, the low-priority fallback answers
                "GET", "/shop/v1/products?category=books", status: 503, body: #"{"error":"maintenance"}"#,
                expectedHeaders: ["content-type": "application/json", "retry-after": "30"])),
            jsonBody(StubProbe(
                "POST", "/shop/v1/orders", status: 503, body: #"{"error":"maintenance"}"#,
                expectedHeaders: ["content-type": "application/json", "retry-after": "30"])),
            StubProbe("DELETE", "/shop/v1/cart/12", status: 204),
            StubProbe(
                "PUT", "/shop/v1/cart", headers: ["Content-Type: application/json; charset=utf-8"], body: #"{"items":0}"#,
                expectedHeaders: ["content-type": "application/json"]),
        ])
    }

    // MARK: - Delays

    func test_delays_holdTheAnswerAsWireMockDoes() throws {
        var fixed = StubProbe("GET", "/wm/delay/fixed", body: "after 300 ms")
        fixed.elapsed = 0.29...3
        var uniform = StubProbe("GET", "/wm/delay/uniform", body: "after 200 to 400 ms")
        uniform.elapsed = 0.19...3
        var lognormal = StubProbe("GET", "/wm/delay/lognormal", body: "after about 200 ms")
        lognormal.elapsed = 0.11...3  // median 200 ms, sigma 0.1: below 120 ms is 5 sigma away
        var dribble = StubProbe(
            "GET", "/wm/delay/dribble", body: "0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        dribble.elapsed = 0.28...3  // 4 chunks over 400 ms: at least 3 gaps of 100 ms
        try assertAnswers([fixed, uniform, lognormal, dribble])
    }

    // MARK: - Faults

    func test_faults_breakTheWireAsWireMockDoes() throws {
        func fault(_ name: String, status: Int = 0, codes: Set<Int>, body: Data? = Data()) -> StubProbe {
            var probe = StubProbe("GET", "/wm/fault/\(name)", status: status)
            probe.curlCodes = codes
            probe.expectedBody = body
            probe.comparesContentType = false
            return probe
        }
        try assertAnswers([
            fault("connection-reset-by-peer", codes: [CurlCode.receiveError]),
            fault("empty-response", codes: [CurlCode.emptyReply]),
            // Headers of a 200, then a chunk that is not one.
            fault("malformed-response-chunk", status: 200, codes: [CurlCode.receiveError], body: nil),
            // Garbage where the status line belongs: "unsupported protocol" (1) or "weird server reply" (8).
            fault("random-data-then-close", codes: [1, 8], body: nil),
        ], compareBodies: false)
    }

    // MARK: - Scenarios

    func test_scenario_failsFirstThenWorks_andResetStartsItOver() throws {
        let unavailable = StubProbe(
            "POST", "/wm/login", status: 503, body: "try again", expectedHeaders: ["retry-after": "1"])
        let recovered = StubProbe(
            "POST", "/wm/login", body: #"{"token":"abc"}"#, expectedHeaders: ["content-type": "application/json"])
        try resetScenarios()
        try assertAnswers([unavailable, recovered, recovered])
        try resetScenarios()
        try assertAnswers([unavailable, recovered])
    }

    // MARK: - Helpers

    private func jsonBody(_ probe: StubProbe) -> StubProbe {
        var probe = probe
        probe.isJSONBody = true
        return probe
    }

    /// Whether both are the same JSON value (objects compared without regard to key order).
    static func sameJSON(_ one: Data, _ other: Data) -> Bool {
        guard let first = try? JSONSerialization.jsonObject(with: one, options: .fragmentsAllowed),
              let second = try? JSONSerialization.jsonObject(with: other, options: .fragmentsAllowed)
        else { return false }
        return same(first, second)
    }

    private static func same(_ one: Any, _ other: Any) -> Bool {
        switch (one, other) {
        case let (left as [String: Any], right as [String: Any]):
            return Set(left.keys) == Set(right.keys) && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        case (is NSNull, is NSNull):
            return true
        case let (left as String, right as String):
            return left == right
        default:
            return "\(one)" == "\(other)"  // numbers and booleans, as parsed by the same parser
        }
    }

    private func resetScenarios() throws {
        for server in try running() {
            let reset = CurlClient().request(server.url("/__admin/scenarios/reset"), method: "POST", body: Data())
            XCTAssertEqual(reset.status, 200, "\(server.kind.rawValue): POST /__admin/scenarios/reset")
        }
    }

    /// Sends each probe to every server, in order; checks each answer against the probe, then
    /// ours against WireMock's.
    func assertAnswers(
        _ probes: [StubProbe], compareBodies: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let servers = try running()
        for probe in probes {
            var answers: [StubServerProcess.Kind: CurlResult] = [:]
            for server in servers {
                let answer = CurlClient().request(
                    server.url(probe.path), method: probe.method, headers: probe.headers, body: probe.body, timeout: 10)
                answers[server.kind] = answer
                check(answer, of: server.kind, against: probe, file: file, line: line)
            }
            if let reference = answers[.wireMock], let ours = answers[.mockServer] {
                compare(ours, with: reference, for: probe, bodies: compareBodies, file: file, line: line)
            }
        }
    }

    private func check(
        _ answer: CurlResult, of kind: StubServerProcess.Kind, against probe: StubProbe, file: StaticString, line: UInt
    ) {
        let who = "\(kind.rawValue), \(probe)"
        XCTAssertTrue(
            probe.curlCodes.contains(answer.code), "\(who): curl \(answer.code) (\(answer.message)), expected \(probe.curlCodes.sorted())",
            file: file, line: line)
        XCTAssertEqual(answer.status, probe.status, "\(who): status", file: file, line: line)
        if probe.status != 404, let body = probe.expectedBody, probe.isJSONBody, kind == .mockServer {
            XCTAssertTrue(Self.sameJSON(answer.body, body), "\(who): JSON body \(String(decoding: answer.body, as: UTF8.self))", file: file, line: line)
        } else if probe.status != 404, let body = probe.expectedBody {
            XCTAssertEqual(
                answer.body, body,
                "\(who): body \(String(decoding: answer.body, as: UTF8.self)) ≠ \(String(decoding: body, as: UTF8.self))",
                file: file, line: line)
        }
        for (name, value) in probe.expectedHeaders {
            XCTAssertEqual(answer.headers[name], value, "\(who): header \(name)", file: file, line: line)
        }
        XCTAssertTrue(
            probe.elapsed.contains(answer.elapsed), "\(who): took \(answer.elapsed) s, expected \(probe.elapsed)",
            file: file, line: line)
    }

    /// Ours against WireMock's answer to the same request: the same status, body bytes, the
    /// mapping's headers and Content-Type, and the same kind of wire failure.
    private func compare(
        _ ours: CurlResult, with reference: CurlResult, for probe: StubProbe, bodies: Bool, file: StaticString, line: UInt
    ) {
        let who = "mockserver vs WireMock, \(probe)"
        XCTAssertEqual(ours.code, reference.code, "\(who): curl result", file: file, line: line)
        XCTAssertEqual(ours.status, reference.status, "\(who): status", file: file, line: line)
        if bodies, probe.status != 404, probe.isJSONBody {
            XCTAssertTrue(Self.sameJSON(ours.body, reference.body), "\(who): JSON body", file: file, line: line)
        } else if bodies, probe.status != 404 {
            XCTAssertEqual(ours.body, reference.body, "\(who): body", file: file, line: line)
        }
        for name in Set(probe.expectedHeaders.keys).union(probe.comparesContentType ? ["content-type"] : []) {
            XCTAssertEqual(ours.headers[name], reference.headers[name], "\(who): header \(name)", file: file, line: line)
        }
    }
}
