import Foundation
import XCTest

@testable import MockServer

/// Each record holds the request itself: headers in order, the body's first 64 KB, the stub.
final class RequestDetailTests: ServerTestCase {
    func test_record_keepsHeadersInArrivalOrder_withRepeatedNames() throws {
        // When
        let result = CurlClient().request(
            server.url("/health"), headers: ["X-Trace: one", "Accept: text/plain", "X-Trace: two", "X-Empty;"])
        XCTAssertEqual(result.status, 200)

        // Then
        let record = try XCTUnwrap(server.requests.last)
        let sent = record.headers.filter { ["X-Trace", "Accept", "X-Empty"].contains($0.name) }
        XCTAssertEqual(
            sent,
            [.init(name: "X-Trace", value: "one"), .init(name: "Accept", value: "text/plain"),
             .init(name: "X-Trace", value: "two"), .init(name: "X-Empty", value: "")])
        XCTAssertEqual(record.header("x-trace"), "one", "lookup ignores case, first value wins")
        XCTAssertEqual(record.header("Host"), "127.0.0.1:\(server.port)")
    }

    func test_record_keepsTheBodyOfAnyRequest() throws {
        // When: a body on a request that is not an admin call (answered 405 today, kept anyway)
        let result = CurlClient().request(server.url("/health"), method: "PUT", body: Data(#"{"name":"café"}"#.utf8))
        XCTAssertEqual(result.status, 405)

        // Then
        let record = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(record.method, "PUT")
        XCTAssertEqual(record.bodyText, #"{"name":"café"}"#)
        XCTAssertEqual(record.bodySize, record.body.count)
        XCTAssertFalse(record.bodyTruncated)
        XCTAssertFalse(record.bodyDropped)
    }

    func test_longBody_keepsTheFirst64KB_andCountsTheRest() throws {
        // Given a body past the cap, of bytes that are not UTF-8
        let body = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 | 0x80) })

        // When
        let result = CurlClient().request(server.url("/health"), method: "POST", body: body)

        // Then the request is answered as without a body, and the record holds the cap
        XCTAssertEqual(result.status, 405)
        let record = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(record.body, body.prefix(RequestRecord.bodyLimit))
        XCTAssertEqual(record.bodySize, 100_000)
        XCTAssertTrue(record.bodyTruncated)

        // And in JSON: base64 (not UTF-8), with the size and the cap noted
        let page = try XCTUnwrap(get("/__admin/requests").json?["requests"] as? [[String: Any]])
        let json = try XCTUnwrap(page.last)
        XCTAssertNil(json["body"])
        XCTAssertEqual((json["bodyBase64"] as? String).flatMap { Data(base64Encoded: $0) }, body.prefix(65_536))
        XCTAssertEqual(json["bodySize"] as? Int, 100_000)
        XCTAssertEqual(json["bodyTruncated"] as? Bool, true)
    }

    func test_adminUpload_pastTheCap_isStillRefused() {
        // The offline switch reads at most 64 KB of JSON; more is a 400, and nothing switches.
        let padded = #"{"offline":true}"# + String(repeating: " ", count: 70_000)
        let result = CurlClient().request(
            server.adminURL.appendingPathComponent("__admin/offline"), method: "POST", body: Data(padded.utf8))
        XCTAssertEqual(result.status, 400)
        XCTAssertFalse(server.isOffline)
    }

    func test_record_json_roundTrips_textAndBinaryBodies_andStub() throws {
        let text = RequestRecord(
            method: "POST", path: "/a", query: "", status: 200, bytes: 2, ms: 1, fault: "", connection: 1, started: 0,
            outcome: .ok, headers: [.init(name: "X", value: "1"), .init(name: "X", value: "2")],
            body: Data("héllo".utf8), stub: "3f2a")
        let binary = RequestRecord(
            method: "POST", path: "/b", query: "", status: 200, bytes: 2, ms: 1, fault: "", connection: 1, started: 0,
            outcome: .ok, body: Data([0xFF, 0x00, 0xC3]), bodySize: 70_000)
        let encoded = try JSONEncoder().encode([text, binary])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: encoded) as? [[String: Any]])
        XCTAssertEqual(json[0]["body"] as? String, "héllo")
        XCTAssertEqual(json[0]["stub"] as? String, "3f2a")
        XCTAssertNil(json[1]["stub"], "no stub, no key")
        XCTAssertEqual(json[1]["bodyBase64"] as? String, "/wDD")
        XCTAssertEqual(try JSONDecoder().decode([RequestRecord].self, from: encoded), [text, binary])
    }

    func test_recordsFromBeforeTheDetail_stillDecode() throws {
        let old = #"{"method":"GET","path":"/a","query":"","status":200,"bytes":1,"ms":2,"fault":"","connection":3,"started":4,"outcome":"ok"}"#
        let record = try JSONDecoder().decode(RequestRecord.self, from: Data(old.utf8))
        XCTAssertEqual(record.headers, [])
        XCTAssertEqual(record.body, Data())
        XCTAssertNil(record.stub)
    }
}
