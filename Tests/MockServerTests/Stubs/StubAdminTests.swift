import Foundation
import XCTest

@testable import MockServer

/// WireMock's admin API for stubs, on both ports.
final class StubAdminTests: ServerTestCase {
    private func admin(_ path: String) -> URL { server.adminURL.appendingPathComponent(path) }
    private func main(_ path: String) -> URL { server.baseURL.appendingPathComponent(path) }

    func test_postMapping_answers201WithIDAndUUID_andServesIt() throws {
        let created = HTTP.post(admin("__admin/mappings"), json: #"{"request": {"method": "GET", "urlPath": "/api/ping"}, "response": {"status": 200, "body": "pong"}}"#)
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.json?["id"] as? String)
        XCTAssertEqual(created.json?["uuid"] as? String, id)
        XCTAssertNotNil(UUID(uuidString: id))
        XCTAssertEqual(String(decoding: HTTP.get(main("api/ping")).body, as: UTF8.self), "pong")
        let one = HTTP.get(admin("__admin/mappings/\(id)"))
        XCTAssertEqual(one.status, 200)
        XCTAssertEqual(one.json?["id"] as? String, id)
    }

    func test_listedMapping_keepsEveryFieldAsWritten() throws {
        let json = #"{"name": "n", "priority": 3, "metadata": {"team": ["a"]}, "request": {"method": "PUT", "urlPattern": "/x.*"}, "response": {"status": 202, "statusMessage": "Queued", "fixedDelayMilliseconds": 5}}"#
        let id = try XCTUnwrap(HTTP.post(admin("__admin/mappings"), json: json).json?["id"] as? String)
        let listed = try XCTUnwrap(HTTP.get(admin("__admin/mappings/\(id)")).json)
        XCTAssertEqual(listed["name"] as? String, "n")
        XCTAssertEqual(listed["priority"] as? Int, 3)
        XCTAssertEqual((listed["metadata"] as? [String: Any])?["team"] as? [String], ["a"])
        XCTAssertEqual((listed["request"] as? [String: Any])?["urlPattern"] as? String, "/x.*")
        XCTAssertEqual((listed["response"] as? [String: Any])?["statusMessage"] as? String, "Queued")
        XCTAssertEqual((listed["response"] as? [String: Any])?["fixedDelayMilliseconds"] as? Int, 5)
    }

    func test_listMappings_hasWireMocksShape_onBothPorts() {
        XCTAssertEqual(HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/a"}}"#).status, 201)
        XCTAssertEqual(HTTP.post(main("__admin/mappings"), json: #"{"request": {"urlPath": "/b"}}"#).status, 201, "the main port serves the admin API too")
        for url in [admin("__admin/mappings"), main("__admin/mappings")] {
            let list = HTTP.get(url)
            XCTAssertEqual(list.status, 200)
            XCTAssertEqual((list.json?["mappings"] as? [[String: Any]])?.count, 2)
            XCTAssertEqual((list.json?["meta"] as? [String: Any])?["total"] as? Int, 2)
        }
    }

    func test_deleteMapping_removesIt_and404WhenUnknown() throws {
        let created = HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/gone"}}"#)
        let id = try XCTUnwrap(created.json?["id"] as? String)
        let delete = CurlClient().request(admin("__admin/mappings/\(id)"), method: "DELETE")
        XCTAssertEqual(delete.status, 200)
        XCTAssertEqual(CurlClient().request(admin("__admin/mappings/\(id)"), method: "DELETE").status, 404)
        XCTAssertEqual(HTTP.get(admin("__admin/mappings/\(id)")).status, 404)
        XCTAssertEqual(HTTP.get(admin("__admin/mappings/not-a-uuid")).status, 400)
        XCTAssertTrue(server.stubs.isEmpty)
    }

    func test_badMapping_gets422InWireMocksShape_andLosesNothing() {
        XCTAssertEqual(HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/kept"}}"#).status, 201)
        let refused = HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPathPattern": "/items/(["}}"#)
        XCTAssertEqual(refused.status, 422)
        let errors = refused.json?["errors"] as? [[String: Any]]
        XCTAssertEqual(errors?.first?["code"] as? Int, 10)
        XCTAssertEqual((errors?.first?["source"] as? [String: Any])?["pointer"] as? String, "/request/urlPathPattern")
        XCTAssertEqual(errors?.first?["title"] as? String, "Error parsing JSON")
        XCTAssertTrue((errors?.first?["detail"] as? String)?.contains("request.urlPathPattern: invalid regular expression") ?? false)
        let unsupported = HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/x", "multipartPatterns": []}}"#)
        XCTAssertEqual(unsupported.status, 422)
        XCTAssertTrue(String(decoding: unsupported.body, as: UTF8.self).contains("not supported by mockserver"))
        XCTAssertEqual(server.stubs.count, 1, "the stub already there stays")
        XCTAssertEqual(HTTP.get(main("kept")).status, 200)
    }

    func test_duplicateID_is422WithWireMocksCode() {
        let json = #"{"id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "request": {"urlPath": "/d"}}"#
        XCTAssertEqual(HTTP.post(admin("__admin/mappings"), json: json).status, 201)
        let again = HTTP.post(admin("__admin/mappings"), json: json)
        XCTAssertEqual(again.status, 422)
        XCTAssertEqual((again.json?["errors"] as? [[String: Any]])?.first?["code"] as? Int, 109)
    }

    func test_largeMapping_isAccepted_upTo10MB_then413() {
        let body = String(repeating: "a", count: 1_000_000)
        let big = HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/big"}, "response": {"body": "\#(body)"}}"#)
        XCTAssertEqual(big.status, 201, "well above the 64 KB other admin bodies get")
        let huge = String(repeating: "a", count: 11 * 1024 * 1024)
        let tooBig = HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/huge"}, "response": {"body": "\#(huge)"}}"#, timeout: 30)
        XCTAssertEqual(tooBig.status, 413)
        XCTAssertEqual(server.stubs.count, 1)
    }

    func test_deleteAll_removesEveryStub() {
        XCTAssertEqual(HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/r"}}"#).status, 201)
        XCTAssertEqual(CurlClient().request(admin("__admin/mappings"), method: "DELETE").status, 200)
        XCTAssertTrue(server.stubs.isEmpty)
    }

    func test_reset_removesRuntimeStubs() {
        XCTAssertEqual(HTTP.post(admin("__admin/mappings"), json: #"{"request": {"urlPath": "/r"}}"#).status, 201)
        XCTAssertEqual(HTTP.post(admin("__admin/mappings/reset"), json: "").status, 200)
        XCTAssertTrue(server.stubs.isEmpty)
    }

    func test_scenarios_listWireMocksShape() {
        XCTAssertEqual(
            HTTP.post(admin("__admin/mappings"), json: #"{"scenarioName": "s", "requiredScenarioState": "Started", "newScenarioState": "next", "request": {"urlPath": "/s"}}"#).status,
            201)
        _ = HTTP.get(main("s"))
        let list = HTTP.get(admin("__admin/scenarios"))
        XCTAssertEqual(list.status, 200)
        let scenario = (list.json?["scenarios"] as? [[String: Any]])?.first
        XCTAssertEqual(scenario?["id"] as? String, "s")
        XCTAssertEqual(scenario?["name"] as? String, "s")
        XCTAssertEqual(scenario?["state"] as? String, "next")
        XCTAssertEqual(scenario?["possibleStates"] as? [String], ["Started", "next"])
    }

    func test_adminGuard_refusesCrossSiteStubChanges() {
        let refused = CurlClient().request(
            admin("__admin/mappings"), method: "POST", headers: ["Content-Type: application/json", "Origin: http://evil.example"],
            body: Data(#"{"request": {"urlPath": "/x"}}"#.utf8))
        XCTAssertEqual(refused.status, 403)
        XCTAssertTrue(server.stubs.isEmpty)
    }

    func test_wrongMethod_is405() {
        XCTAssertEqual(CurlClient().request(admin("__admin/mappings/reset"), method: "GET").status, 405)
    }
}
