import Foundation
import XCTest

@testable import MockServer

/// Fault rules: `/__admin/faults` and the in-process API, and how their faults apply to stubbed
/// and catalog requests, together with a stub's own faults and the request's.
final class FaultRuleTests: ServerTestCase {
    private func admin(_ path: String) -> URL { server.adminURL.appendingPathComponent(path) }

    private func send(_ method: String, _ path: String, json: String? = nil) -> CurlResult {
        CurlClient().request(
            admin(path), method: method, headers: json == nil ? [] : ["Content-Type: application/json"], body: json.map { Data($0.utf8) })
    }

    /// Adds a rule through the admin API and returns its id.
    private func addRule(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let created = send("POST", "__admin/faults", json: json)
        XCTAssertEqual(created.status, 201, String(decoding: created.body, as: UTF8.self), file: file, line: line)
        return try XCTUnwrap(created.json?["id"] as? String, file: file, line: line)
    }

    /// The `detail` of the first error of a refused call.
    private func detail(_ result: CurlResult) -> String {
        ((result.json?["errors"] as? [[String: Any]])?.first?["detail"] as? String) ?? String(decoding: result.body, as: UTF8.self)
    }

    // MARK: - The API

    func test_api_roundTrip_postListGetPutDelete() throws {
        let slow = try addRule(#"{"name": "slow images", "request": {"urlPathPattern": "/images/.*"}, "faults": "delay=2000&drip=20000", "enabled": true}"#)
        XCTAssertNotNil(UUID(uuidString: slow))
        let down = try addRule(#"{"name": "API down", "request": {"method": "GET", "urlPathPattern": "/api/.*"}, "faults": "reset=1"}"#)

        let list = send("GET", "__admin/faults")
        XCTAssertEqual(list.status, 200)
        let rules = try XCTUnwrap(list.json?["faults"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, [slow, down], "in the order added")
        XCTAssertEqual(rules.map { $0["name"] as? String }, ["slow images", "API down"])
        XCTAssertEqual(rules[1]["enabled"] as? Bool, true, "enabled unless said otherwise")
        XCTAssertEqual((rules[0]["request"] as? [String: Any])?["urlPathPattern"] as? String, "/images/.*")
        XCTAssertEqual((list.json?["meta"] as? [String: Any])?["total"] as? Int, 2)

        let one = send("GET", "__admin/faults/\(down)")
        XCTAssertEqual(one.status, 200)
        XCTAssertEqual(one.json?["faults"] as? String, "reset=1")

        let put = send("PUT", "__admin/faults/\(down)", json: #"{"name": "API slow", "request": {"urlPathPattern": "/api/.*"}, "faults": "delay=10", "enabled": false}"#)
        XCTAssertEqual(put.status, 200, detail(put))
        XCTAssertEqual(server.faultRules.map(\.name), ["slow images", "API slow"], "replaced in its place")
        XCTAssertEqual(server.faultRule(try XCTUnwrap(UUID(uuidString: down)))?.enabled, false)

        XCTAssertEqual(send("DELETE", "__admin/faults/\(slow)").status, 200)
        XCTAssertEqual(send("DELETE", "__admin/faults/\(slow)").status, 404)
        XCTAssertEqual(send("GET", "__admin/faults/\(slow)").status, 404)
        XCTAssertEqual(server.faultRules.count, 1)
        XCTAssertEqual(send("DELETE", "__admin/faults").status, 200)
        XCTAssertTrue(server.faultRules.isEmpty)
    }

    func test_api_badInput_is400NamingFieldAndWhy_andLosesNothing() throws {
        _ = try addRule(#"{"name": "kept", "request": {"urlPath": "/kept"}, "faults": "status=503"}"#)
        let cases: [(json: String, field: String, says: String)] = [
            ("not json", "", "not valid JSON"),
            (#"{"request": {"urlPathPattern": "/items/(["}, "faults": "delay=1"}"#, "/request/urlPathPattern", "urlPathPattern"),
            (#"{"request": {}, "faults": "slow=1"}"#, "/faults", "'slow' is not a fault"),
            (#"{"request": {}, "faults": "fault.slow=1"}"#, "/faults", "'fault.slow' is not a fault"),
            (#"{"request": {}, "faults": "delay=-5"}"#, "/faults", "delay"),
            (#"{"request": {}, "faults": ""}"#, "/faults", "names no fault"),
            (#"{"request": {}}"#, "/faults", "is required"),
            (#"{"faults": "delay=1"}"#, "/request", "is required"),
            (#"{"request": {}, "faults": "delay=1", "enabled": "yes"}"#, "/enabled", "true or false"),
            (#"{"request": {}, "faults": "delay=1", "colour": "red"}"#, "/colour", "colour"),
            (#"{"request": {"bodyPatterns": [{"contains": "x"}]}, "faults": "delay=1"}"#, "/request/bodyPatterns", "body"),
        ]
        for item in cases {
            let refused = send("POST", "__admin/faults", json: item.json)
            XCTAssertEqual(refused.status, 400, item.json)
            let error = (refused.json?["errors"] as? [[String: Any]])?.first
            XCTAssertEqual((error?["source"] as? [String: Any])?["pointer"] as? String, item.field.isEmpty ? "/" : item.field, item.json)
            XCTAssertTrue(detail(refused).contains(item.says), "\(item.json): \(detail(refused))")
        }
        XCTAssertEqual(send("GET", "__admin/faults/not-a-uuid").status, 400)
        let unknown = UUID().uuidString.lowercased()
        XCTAssertEqual(send("PUT", "__admin/faults/\(unknown)", json: #"{"request": {}, "faults": "delay=1"}"#).status, 404)
        XCTAssertEqual(send("PATCH", "__admin/faults").status, 405)
        XCTAssertEqual(server.faultRules.map(\.name), ["kept"])
    }

    func test_swiftAPI_refusesBadFaults_andDuplicateIDs() throws {
        XCTAssertThrowsError(try FaultRule(name: "x", request: StubRequest(), faults: "delay=abc")) { error in
            XCTAssertEqual((error as? StubError)?.field, "faults")
        }
        let rule = try FaultRule(name: "x", request: StubRequest(), faults: "fault.status=503")
        try server.addFaultRule(rule)
        XCTAssertThrowsError(try server.addFaultRule(rule)) { error in
            XCTAssertEqual((error as? StubError)?.kind, .duplicateID)
        }
        XCTAssertTrue(server.setFaultRule(rule.id, enabled: false))
        XCTAssertFalse(server.setFaultRule(UUID(), enabled: false))
        XCTAssertTrue(server.removeFaultRule(rule.id))
        XCTAssertFalse(server.removeFaultRule(rule.id))
    }

    // MARK: - How rules apply

    func test_delayRule_onCatalogImages_slowsOnlyThem() throws {
        XCTAssertEqual(get("/images/1.png").status, 200, "warm, so rendering is not measured")
        _ = try addRule(#"{"name": "slow images", "request": {"urlPathPattern": "/images/.*"}, "faults": "delay=400"}"#)

        let image = get("/images/1.png")
        XCTAssertEqual(image.code, CurlCode.ok, image.message)
        XCTAssertEqual(image.status, 200)
        XCTAssertGreaterThanOrEqual(image.elapsed, 0.400)
        XCTAssertLessThan(image.elapsed, 0.900)
        let health = get("/health")
        XCTAssertEqual(health.status, 200)
        XCTAssertLessThan(health.elapsed, 0.350, "a path the rule does not match is not delayed")
    }

    func test_rule_onStubPath_appliesToTheStubsAnswer_andJournalsTheRule() throws {
        try server.addStub(Stub(request: .get(urlPath: "/api/items"), response: .text("items")))
        let id = try addRule(#"{"name": "items fail", "request": {"urlPath": "/api/items"}, "faults": "status=503"}"#)

        XCTAssertEqual(get("/api/items").status, 503)
        XCTAssertEqual(get("/api/items?fault.status=200").status, 200, "the request's own fault wins over the rule's")
        XCTAssertEqual(get("/api/other").status, 404, "unmatched paths are untouched")

        let records = server.requests
        XCTAssertEqual(records.first?.faultRules, [id])
        XCTAssertEqual(records.first?.fault, "status=503")
        XCTAssertNotNil(records.first?.stub)
        XCTAssertEqual(records.last?.faultRules, [])
        let journal = HTTP.get(admin("__admin/requests"))
        let entries = try XCTUnwrap(journal.json?["requests"] as? [[String: Any]])
        XCTAssertEqual(entries.first?["faultRules"] as? [String], [id])
        XCTAssertNil(entries.last?["faultRules"], "written only when some rule applied")
    }

    func test_stubsOwnFaults_winOverARule() throws {
        try server.addStubs(json: Data(#"{"request": {"urlPath": "/api/own"}, "response": {"body": "x"}, "metadata": {"testbed": {"faults": "status=504"}}}"#.utf8))
        _ = try addRule(#"{"request": {"urlPathPattern": "/api/.*"}, "faults": "status=503"}"#)
        XCTAssertEqual(get("/api/own").status, 504)
    }

    func test_twoRules_applyInTheOrderAdded_theLaterWinningAFaultGivenTwice() throws {
        let first = try addRule(#"{"name": "first", "request": {"urlPathPattern": "/images/.*"}, "faults": "status=503&type=text/plain"}"#)
        let second = try addRule(#"{"name": "second", "request": {"urlPath": "/images/1.png"}, "faults": "status=502"}"#)
        let result = get("/images/1.png")
        XCTAssertEqual(result.status, 502)
        XCTAssertEqual(server.requests.last?.faultRules, [first, second])
        XCTAssertEqual(server.requests.last?.fault, "status=502,type=text/plain")
        XCTAssertEqual(get("/images/2.png").status, 503, "only the first matches")
    }

    func test_disabledRule_doesNothing_untilEnabled() throws {
        let rule = try FaultRule(name: "off", request: StubRequest(url: .urlPath("/health")), faults: "status=500", enabled: false)
        try server.addFaultRule(rule)
        XCTAssertEqual(get("/health").status, 200)
        XCTAssertEqual(server.requests.last?.faultRules, [])
        server.setFaultRule(rule.id, enabled: true)
        XCTAssertEqual(get("/health").status, 500)
        XCTAssertEqual(server.requests.last?.faultRules, [rule.id.uuidString.lowercased()])
    }

    func test_ruleMethodAndHeaders_mustMatch() throws {
        _ = try addRule(#"{"request": {"method": "GET", "urlPath": "/health", "headers": {"X-Variant": {"equalTo": "slow"}}}, "faults": "status=500"}"#)
        XCTAssertEqual(get("/health").status, 200)
        XCTAssertEqual(get("/health", headers: ["X-Variant: slow"]).status, 500)
        XCTAssertEqual(CurlClient().request(server.url("/health"), method: "HEAD", headers: ["X-Variant: slow"]).status, 200)
    }

    func test_rulesNeverTouchTheAdminAPI() throws {
        _ = try addRule(#"{"request": {}, "faults": "reset=1"}"#)
        XCTAssertEqual(HTTP.get(server.url("/__admin/faults")).status, 200)
        XCTAssertEqual(send("GET", "__admin/faults").status, 200)
    }

    // MARK: - Per-path offline

    func test_resetRule_onAPIPaths_takesOnlyThemDown() throws {
        try server.addStub(Stub(request: .get(urlPath: "/api/items"), response: .text("items")))
        try server.addStub(Stub(request: .get(urlPath: "/site/page"), response: .text("page")))
        let down = try FaultRule(name: "API down", request: StubRequest(url: .urlPathPattern(try StubRegex("/api/.*"))), faults: "reset=1")
        try server.addFaultRule(down)

        XCTAssertEqual(get("/api/items").code, CurlCode.receiveError, "reset: curl 56")
        XCTAssertEqual(get("/api/anything").code, CurlCode.receiveError, "an unstubbed path under /api too")
        XCTAssertEqual(get("/site/page").status, 200)
        XCTAssertEqual(get("/images/1.png").status, 200)
        XCTAssertEqual(get("/health").status, 200)

        try server.addFaultRule(try FaultRule(name: "API empty", request: StubRequest(url: .urlPathPattern(try StubRegex("/api/.*"))), faults: "empty_reply=1"))
        server.setFaultRule(down.id, enabled: false)
        XCTAssertEqual(get("/api/items").code, CurlCode.emptyReply, "empty reply: curl 52")
        XCTAssertEqual(get("/site/page").status, 200)
    }
}
