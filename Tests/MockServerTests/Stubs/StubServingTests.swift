import Foundation
import XCTest

@testable import MockServer

/// Stubs served end to end over HTTP (curl): matching before the catalog, every response field,
/// delays, dribble, near miss.
final class StubServingTests: ServerTestCase {
    private func add(_ json: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try server.addStubs(json: Data(json.utf8)), file: file, line: line)
    }

    private func request(_ method: String, _ path: String, headers: [String] = [], body: Data? = nil) -> CurlResult {
        CurlClient().request(server.url(path), method: method, headers: headers, body: body)
    }

    func test_stub_isMatchedBeforeTheCatalog_forAnyMethod() {
        add(#"{"request": {"method": "GET", "urlPath": "/health"}, "response": {"status": 200, "body": "stubbed"}}"#)
        add(#"{"request": {"method": "DELETE", "urlPath": "/api/items/1"}, "response": {"status": 204}}"#)
        XCTAssertEqual(String(decoding: get("/health").body, as: UTF8.self), "stubbed")
        XCTAssertEqual(request("DELETE", "/api/items/1").status, 204)
        XCTAssertEqual(get("/images/1.png").status, 200, "the catalog still answers what no stub takes")
    }

    func test_response_statusHeadersAndEachBodyKind() {
        add(#"{"request": {"urlPath": "/text"}, "response": {"status": 418, "headers": {"Content-Type": "text/plain", "X-One": "1"}, "body": "teapot"}}"#)
        add(#"{"request": {"urlPath": "/json"}, "response": {"jsonBody": {"items": [1, 2]}, "headers": {"Content-Type": "application/json"}}}"#)
        add(#"{"request": {"urlPath": "/bytes"}, "response": {"base64Body": "AAECAw=="}}"#)
        let text = get("/text")
        XCTAssertEqual(text.status, 418)
        XCTAssertEqual(text.headers["content-type"], "text/plain")
        XCTAssertEqual(text.headers["x-one"], "1")
        XCTAssertEqual(String(decoding: text.body, as: UTF8.self), "teapot")
        XCTAssertNotNil(text.headers["matched-stub-id"], "WireMock's Matched-Stub-Id header")
        let json = get("/json")
        XCTAssertEqual((json.json?["items"] as? [Int]), [1, 2])
        let bytes = get("/bytes")
        XCTAssertEqual(bytes.body, Data([0, 1, 2, 3]))
        XCTAssertNil(bytes.headers["content-type"], "no Content-Type unless the stub gives one, as in WireMock")
    }

    func test_cacheControl_noStoreUnlessTheStubSetsItsOwn() {
        add(#"{"request": {"urlPath": "/cached"}, "response": {"headers": {"Cache-Control": "max-age=60"}}}"#)
        add(#"{"request": {"urlPath": "/plain"}}"#)
        XCTAssertEqual(get("/cached").headers["cache-control"], "max-age=60")
        XCTAssertEqual(get("/plain").headers["cache-control"], "no-store")
    }

    func test_repeatedHeader_isSentOncePerValue() {
        add(#"{"request": {"urlPath": "/cookies"}, "response": {"headers": {"Set-Cookie": ["a=1", "b=2"]}}}"#)
        let raw = try? RawConnection(port: server.port, get: "/cookies")
        let text = String(decoding: raw?.readAll(timeout: 2).data ?? Data(), as: UTF8.self)
        XCTAssertTrue(text.contains("Set-Cookie: a=1\r\n") && text.contains("Set-Cookie: b=2\r\n"), text)
    }

    func test_queryAndHeaderMatchers_overHTTP() {
        add(#"{"request": {"urlPath": "/search", "queryParameters": {"q": {"equalTo": "cats"}}, "headers": {"Accept": {"contains": "json"}}}, "response": {"status": 200, "body": "found"}}"#)
        XCTAssertEqual(get("/search?q=cats", headers: ["Accept: application/json"]).status, 200)
        XCTAssertEqual(get("/search?q=dogs", headers: ["Accept: application/json"]).status, 404)
        XCTAssertEqual(get("/search?q=cats", headers: ["Accept: text/html"]).status, 404)
    }

    func test_noMatch_404NamesTheClosestStubAndWhatDiffered() {
        add(#"{"name": "list items", "request": {"method": "GET", "urlPath": "/api/items", "queryParameters": {"page": {"equalTo": "2"}}}, "response": {"status": 200}}"#)
        let miss = get("/api/items?page=3")
        XCTAssertEqual(miss.status, 404)
        XCTAssertEqual(miss.headers["content-type"], "text/plain", "plain text, as WireMock's report")
        let text = String(decoding: miss.body, as: UTF8.self)
        XCTAssertTrue(text.contains("Request was not matched"), text)
        XCTAssertTrue(text.contains("list items"), text)
        XCTAssertTrue(text.contains("Query does not match"), text)
        let post = request("POST", "/api/items?page=2")
        XCTAssertEqual(post.status, 404, "a method the catalog does not serve gets the near miss too")
        XCTAssertTrue(String(decoding: post.body, as: UTF8.self).contains("HTTP method does not match"))
    }

    func test_scenario_firstCallFails_secondWorks_resetStartsOver() throws {
        add(#"{"scenarioName": "retry", "requiredScenarioState": "Started", "newScenarioState": "ok", "request": {"urlPath": "/flaky"}, "response": {"status": 503}}"#)
        add(#"{"scenarioName": "retry", "requiredScenarioState": "ok", "request": {"urlPath": "/flaky"}, "response": {"status": 200}}"#)
        XCTAssertEqual(get("/flaky").status, 503)
        XCTAssertEqual(get("/flaky").status, 200)
        XCTAssertEqual(server.scenarioStates["retry"], "ok")
        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/scenarios/reset"), json: "").status, 200)
        XCTAssertEqual(get("/flaky").status, 503)
    }

    func test_fixedDelay_andUniformDistribution_addUp() {
        add(#"{"request": {"urlPath": "/slow"}, "response": {"fixedDelayMilliseconds": 300, "delayDistribution": {"type": "uniform", "lower": 100, "upper": 200}}}"#)
        add(#"{"request": {"urlPath": "/fast"}}"#)
        let slow = get("/slow")
        XCTAssertEqual(slow.status, 200)
        XCTAssertGreaterThanOrEqual(slow.elapsed, 0.395, "300 ms fixed + at least 100 ms drawn")
        XCTAssertLessThan(slow.elapsed, 3.0)
        XCTAssertLessThan(get("/fast").elapsed, 0.3)
    }

    func test_lognormalDelay_isApplied() {
        add(#"{"request": {"urlPath": "/log"}, "response": {"delayDistribution": {"type": "lognormal", "median": 300, "sigma": 0.01}}}"#)
        let result = get("/log")
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.28)
        XCTAssertLessThan(result.elapsed, 3.0)
    }

    func test_delayedStubs_doNotHoldAThread() {
        add(#"{"request": {"urlPath": "/slow"}, "response": {"fixedDelayMilliseconds": 1500}}"#)
        let waiting = (0..<20).map { _ in Background { [server] in HTTP.get(server!.url("/slow")) } }
        XCTAssertTrue(eventually { self.server.suspendedConnections >= 20 }, "all 20 wait suspended")
        XCTAssertEqual(get("/health").status, 200, "others are served meanwhile")
        XCTAssertTrue(waiting.allSatisfy { $0.wait().status == 200 })
    }

    func test_chunkedDribbleDelay_sendsPiecesOverTheDuration() {
        let body = String(repeating: "x", count: 1000)
        add(#"{"request": {"urlPath": "/dribble"}, "response": {"body": "\#(body)", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 1000}}}"#)
        let result = get("/dribble")
        XCTAssertEqual(result.body.count, 1000)
        XCTAssertEqual(result.headers["transfer-encoding"], "chunked")
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.99, "the last piece goes out at 1,000 ms")
        XCTAssertLessThan(result.elapsed, 3.0)
        // The pieces arrive spread: after 500 ms (two pieces due) not all of the body is there.
        let raw = try? RawConnection(port: server.port, get: "/dribble")
        let early = raw?.readAll(timeout: 0.5).data ?? Data()
        XCTAssertFalse(String(decoding: early, as: UTF8.self).contains(body), "not all at once")
        XCTAssertTrue(String(decoding: early, as: UTF8.self).contains("200 OK"))
    }

    func test_testbedFaultsInMetadata_applyToEveryMatch_andPrefixedQueryFaultsToo() {
        add(#"{"request": {"urlPath": "/meta"}, "response": {"body": "0123456789"}, "metadata": {"testbed": {"faults": "truncate=4"}}}"#)
        let cut = get("/meta")
        XCTAssertEqual(cut.code, CurlCode.partialFile)
        XCTAssertEqual(cut.body.count, 4)
        add(#"{"request": {"urlPath": "/plain"}, "response": {"body": "fine"}}"#)
        XCTAssertEqual(get("/plain?fault.status=503").status, 503, "the request's fault.NAME parameters apply to stubs")
        XCTAssertEqual(get("/plain?status=503").status, 200, "a bare one is the app's")
        let delayed = get("/plain?fault.delay=300")
        XCTAssertGreaterThanOrEqual(delayed.elapsed, 0.295)
        XCTAssertEqual(get("/plain?fault.delay=-1").status, 400)
        XCTAssertEqual(get("/plain?delay=-1").status, 200)
    }

    func test_bodyShapers_applyToStubs_butEmptyIsRefused() {
        add(#"{"request": {"urlPath": "/shape"}, "response": {"jsonBody": {"a": 1}, "headers": {"Content-Type": "application/json"}}}"#)
        let malformed = get("/shape?fault.malformed=1")
        XCTAssertEqual(malformed.status, 200)
        XCTAssertNil(try? JSONSerialization.jsonObject(with: malformed.body), "invalid JSON")
        XCTAssertEqual(get("/shape?fault.bytes=100").body.count, 100)
        XCTAssertEqual(get("/shape?fault.type=text/html").headers["content-type"], "text/html")
        let empty = get("/shape?fault.empty=1")
        XCTAssertEqual(empty.status, 400)
        XCTAssertEqual(empty.json?["parameter"] as? String, "fault.empty")
    }

    func test_aStubsOwnQueryParameter_isNotReadAsAFault() {
        add(#"{"request": {"urlPath": "/orders", "queryParameters": {"status": {"equalTo": "open"}}}, "response": {"body": "open orders"}}"#)
        let result = get("/orders?status=open")
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(String(decoding: result.body, as: UTF8.self), "open orders")
    }

    func test_headRequest_getsHeadersWithoutBody() {
        add(#"{"request": {"method": "ANY", "urlPath": "/any"}, "response": {"body": "body"}}"#)
        let head = request("HEAD", "/any")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(request("PUT", "/any").status, 200)
    }

    func test_adminPort_doesNotServeStubs() {
        add(#"{"request": {"urlPath": "/x"}}"#)
        XCTAssertEqual(HTTP.get(server.adminURL.appendingPathComponent("x")).status, 404)
    }

    func test_swiftBuilder_jsonLiterals() throws {
        try server.addStub(
            Stub(
                request: .get(urlPath: "/lit").withQueryParameter("page", .equalTo("2")).withHeader("Accept", .contains("json")),
                response: .json(status: 201, body: ["items": [1, "two", true, nil], "ratio": 0.5])))
        let result = get("/lit?page=2", headers: ["Accept: application/json"])
        XCTAssertEqual(result.status, 201)
        XCTAssertEqual(result.json?["ratio"] as? Double, 0.5)
        XCTAssertEqual((result.json?["items"] as? [Any])?.count, 4)
        XCTAssertEqual(get("/lit?page=3", headers: ["Accept: application/json"]).status, 404)
    }

    func test_swiftBuilder_servesAndRemoves() throws {
        let id = try server.addStub(Stub(request: .get(urlPath: "/api/items"), response: .json(body: .array([.integer(1)]))))
        let result = get("/api/items")
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(String(decoding: result.body, as: UTF8.self), "[1]")
        XCTAssertEqual(result.headers["content-type"], "application/json")
        XCTAssertEqual(server.stubs.map(\.id), [id])
        XCTAssertTrue(server.removeStub(id))
        XCTAssertFalse(server.removeStub(id))
        XCTAssertEqual(get("/api/items").status, 404)
        XCTAssertThrowsError(
            try server.addStub(Stub(request: .get(urlPath: "/m"), response: .text("x"), metadata: ["testbed": .object(["faults": .string("delay=x")])])))
    }
}
