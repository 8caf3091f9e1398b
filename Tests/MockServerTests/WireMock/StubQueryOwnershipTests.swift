import Foundation
import XCTest

@testable import MockServer

/// A stub that matches with `url` or `urlPattern` matched the whole query, so none of its
/// parameters is read as one of MockServer's query faults (found by the WireMock comparison: a
/// recorded mapping for `/api/v2/orders?status=all` answered 400 "'all' is not a whole number").
final class StubQueryOwnershipTests: ServerTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try server.addStubs(json: Data(#"""
            {"mappings": [
              {"request": {"method": "GET", "url": "/orders?status=all&type=open"}, "response": {"body": "orders"}},
              {"request": {"method": "GET", "urlPattern": "/search\\?delay=[0-9]+"}, "response": {"body": "search"}},
              {"request": {"method": "GET", "urlPath": "/plain"}, "response": {"body": "plain"}}
            ]}
            """#.utf8))
    }

    func test_url_ownsItsQuery() {
        let answer = get("/orders?status=all&type=open")
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
        XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "orders")
    }

    func test_urlPattern_ownsTheQueryItMatched() {
        let answer = get("/search?delay=5000", timeout: 4)
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "search")
        XCTAssertLessThan(answer.elapsed, 3, "delay=5000 is the stub's parameter, not a delay")
    }

    func test_urlPath_leavesTheQueryToFaults() {
        XCTAssertEqual(get("/plain?status=503").status, 503)
    }
}
