import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The faults that need the whole body (`bytes`, `corrupt`, `conditional`, `ranges`,
/// `malformed`, `empty`) on proxied answers: from the query, a proxy stub's metadata and a fault
/// rule, each applied to the upstream's bytes as to a stub's.
final class ProxyWholeBodyFaultTests: ProxyTestCase {
    private let json = #"{"items": [1, 2, 3], "name": "\#(String(repeating: "n", count: 200))", "total": 3}"#

    override func setUpWithError() throws {
        try super.setUpWithError()
        let body = json.replacingOccurrences(of: "\"", with: "\\\"")
        try upstreamStubs(
            #"{"request": {"urlPath": "/data"}, "response": {"body": "\#(body)", "headers": {"Content-Type": "application/json", "ETag": "\"up\"", "Cache-Control": "max-age=60"}}}"#)
    }

    func test_bytes_padsTheUpstreamsBody_toTheDeclaredLength() throws {
        // Given
        let proxy = try proxyAll()

        // When
        let result = HTTP.get(proxy.url("/data?fault.bytes=1000"))

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.headers["content-length"], "1000")
        XCTAssertEqual(result.body.count, 1000)
        XCTAssertEqual(result.body.prefix(json.utf8.count), Data(json.utf8))
        XCTAssertTrue(result.body.dropFirst(json.utf8.count).allSatisfy { $0 == 0 })
        XCTAssertEqual(result.headers["cache-control"], "max-age=60", "the upstream's caching headers stay")
        XCTAssertEqual(upstream.requests.filter { $0.path == "/data" }.count, 1)
    }

    func test_corrupt_damagesTheUpstreamsBody_sameLengthAndType() throws {
        // Given
        let proxy = try proxyAll()

        // When
        let result = HTTP.get(proxy.url("/data?fault.corrupt=1"))

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.body.count, json.utf8.count)
        XCTAssertNotEqual(result.body, Data(json.utf8))
        XCTAssertEqual(result.headers["content-type"], "application/json")
        XCTAssertNil(try? JSONSerialization.jsonObject(with: result.body))
    }

    func test_conditional_givesValidators_andA304ForAMatchingETag() throws {
        // Given
        let proxy = try proxyAll()
        let first = HTTP.get(proxy.url("/data?fault.conditional=1"))
        let etag = try XCTUnwrap(first.headers["etag"])

        // When
        let again = HTTP.get(proxy.url("/data?fault.conditional=1"), headers: ["If-None-Match: \(etag)"])

        // Then
        XCTAssertEqual(first.status, 200)
        XCTAssertNotEqual(etag, "\"up\"", "the validator names the bytes sent, not the upstream's")
        XCTAssertNotNil(first.headers["last-modified"])
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
    }

    func test_ranges_answers206WithTheAskedBytes() throws {
        // Given
        let proxy = try proxyAll()

        // When
        let part = HTTP.get(proxy.url("/data?fault.ranges=1"), headers: ["Range: bytes=2-11"])
        let outside = HTTP.get(proxy.url("/data?fault.ranges=1"), headers: ["Range: bytes=90000-"])

        // Then
        XCTAssertEqual(part.status, 206)
        XCTAssertEqual(part.body, Data(json.utf8).subdata(in: 2..<12))
        XCTAssertEqual(part.headers["content-range"], "bytes 2-11/\(json.utf8.count)")
        XCTAssertEqual(outside.status, 416)
    }

    func test_malformed_fromAFaultRule_breaksTheUpstreamsJSON() throws {
        // Given
        let proxy = try proxyAll()
        let rule = try FaultRule(name: "bad JSON", request: StubRequest(url: .urlPathPattern(try StubRegex("/data"))), faults: "malformed=1")
        _ = try proxy.addFaultRule(rule)

        // When
        let result = HTTP.get(proxy.url("/data"))

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertFalse(result.body.isEmpty)
        XCTAssertNil(try? JSONSerialization.jsonObject(with: result.body), "every parser rejects it")
        XCTAssertTrue(result.body.starts(with: Data(json.utf8).prefix(10)), "made from the upstream's body")
    }

    func test_empty_fromAProxyStubsMetadata_emptiesTheUpstreamsArrays() throws {
        // Given
        let proxy = try proxyStubs(
            #"{"request": {"urlPath": "/data"}, "response": {"proxyBaseUrl": "UPSTREAM"}, "metadata": {"testbed": {"faults": "empty=1"}}}"#)

        // When
        let result = HTTP.get(proxy.url("/data"))

        // Then
        XCTAssertEqual(result.status, 200)
        let object = try XCTUnwrap(result.json)
        XCTAssertEqual((object["items"] as? [Any])?.count, 0)
        XCTAssertEqual(object["total"] as? Int, 3, "other members stay")
    }

    func test_empty_ofANonJSONBody_isNoBytes_andOfAnArray_isEmptyArray() {
        XCTAssertEqual(ServerCore.emptied(Data("plain text".utf8)), Data())
        XCTAssertEqual(ServerCore.emptied(Data("[1, 2]".utf8)), Data("[]".utf8))
    }

    func test_answerOverTheWholeBodyLimit_is502SayingWhy() throws {
        // Given: the upstream's catalog declares 100 MB (zeros after the JSON)
        let proxy = try proxyAll()

        // When
        let result = HTTP.get(proxy.url("/gallery.json?bytes=100000000&fault.corrupt=1"), timeout: 30)

        // Then
        XCTAssertEqual(result.status, 502)
        let error = try XCTUnwrap(result.json?["error"] as? String)
        XCTAssertTrue(error.contains("over \(ProxyExchange.wholeLimit) bytes"), error)
        XCTAssertTrue(error.contains("corrupt"), error)
    }
}
