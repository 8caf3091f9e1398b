import Foundation
import XCTest

@testable import MockServer

/// On a path a stub answers, the request's bare query parameters are the app's, never faults:
/// faults come as `fault.NAME` or from the stub's `metadata.testbed.faults` (found from outside:
/// `?status=publish`, a WordPress filter, got a 400 "'publish' is not a whole number" on 327 of
/// 329 stubs WireMock served). The catalog's routes take both spellings.
final class StubQueryOwnershipTests: ServerTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try server.addStubs(json: Data(#"""
            {"mappings": [
              {"request": {"method": "GET", "url": "/orders?status=all&type=open"}, "response": {"body": "orders"}},
              {"request": {"method": "GET", "urlPattern": "/search\\?delay=[0-9]+"}, "response": {"body": "search"}},
              {"request": {"method": "GET", "urlPath": "/plain"}, "response": {"body": "plain"}},
              {"request": {"method": "GET", "url": "/repos/x/contents/?ref=refs%2Fpull%2F2%2Fhead"}, "response": {"body": "recorded"}},
              {"request": {"method": "GET", "urlPath": "/wanted", "queryParameters": {"status": {"equalTo": "publish"}}},
               "response": {"body": "published"}},
              {"request": {"method": "GET", "urlPath": "/failing"}, "response": {"body": "failing"},
               "metadata": {"testbed": {"faults": "status=500"}}}
            ]}
            """#.utf8))
    }

    private func text(_ answer: CurlResult) -> String { String(decoding: answer.body, as: UTF8.self) }

    func test_url_ownsItsQuery() {
        let answer = get("/orders?status=all&type=open")
        XCTAssertEqual(answer.status, 200, text(answer))
        XCTAssertEqual(text(answer), "orders")
    }

    func test_urlPattern_ownsTheQueryItMatched() {
        let answer = get("/search?delay=5000", timeout: 4)
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(text(answer), "search")
        XCTAssertLessThan(answer.elapsed, 3, "delay=5000 is the stub's parameter, not a delay")
    }

    func test_bareParameters_areTheAppsOnAStubsPath() {
        for query in ["status=publish", "status=503", "type=post", "status=publish&type=post&delay=abc&reset=1"] {
            let answer = get("/plain?\(query)")
            XCTAssertEqual(answer.status, 200, "\(query): \(text(answer))")
            XCTAssertEqual(text(answer), "plain", query)
        }
        XCTAssertEqual(text(get("/wanted?status=publish")), "published", "a stub may match on the parameter itself")
    }

    func test_prefixedFaults_reachEveryStub() {
        XCTAssertEqual(get("/plain?fault.status=503").status, 503)
        XCTAssertEqual(get("/plain?status=publish&fault.status=503").status, 503, "the app's parameter beside the fault")
        XCTAssertEqual(get("/wanted?status=publish&fault.status=502").status, 502)
        XCTAssertEqual(get("/orders?status=all&type=open&fault.status=503").status, 503, "a url stub is matched without fault.NAME")
        XCTAssertEqual(get("/search?delay=1&fault.status=504").status, 504)
        XCTAssertEqual(text(get("/repos/x/contents/?ref=refs%2Fpull%2F2%2Fhead")), "recorded")
        XCTAssertEqual(
            get("/repos/x/contents/?fault.status=503&ref=refs%2Fpull%2F2%2Fhead").status, 503, "the URL as sent, without fault.NAME")
        XCTAssertEqual(get("/plain?fault.reset=1").code, CurlCode.receiveError, "a TCP reset")
    }

    func test_prefixedFault_winsOverTheStubsMetadata_bareOneDoesNot() {
        XCTAssertEqual(get("/failing").status, 500)
        XCTAssertEqual(get("/failing?status=200").status, 500, "a bare status is the app's")
        XCTAssertEqual(get("/failing?fault.status=503").status, 503)
    }

    func test_badOrUnknownPrefixedFault_isA400NamingIt() {
        let bad = get("/plain?fault.status=publish")
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.json?["parameter"] as? String, "fault.status")
        let unknown = get("/plain?fault.dealy=2000")
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.json?["parameter"] as? String, "fault.dealy")
    }

    func test_catalogRoutes_takeBothSpellings() {
        XCTAssertEqual(get("/images/1.png?status=503").status, 503)
        XCTAssertEqual(get("/images/1.png?fault.status=503").status, 503)
        XCTAssertEqual(get("/health?fault.status=418").status, 418)
    }

    func test_aPathNeitherAStubNorTheCatalogServes_leavesBareParametersToTheApp() {
        let miss = get("/plainn?status=publish")
        XCTAssertEqual(miss.status, 404, "the near miss, not a 400 about the app's parameter")
        XCTAssertTrue(text(miss).contains("/plain"), text(miss))
        XCTAssertEqual(get("/plainn?fault.status=503").status, 503)
    }
}
