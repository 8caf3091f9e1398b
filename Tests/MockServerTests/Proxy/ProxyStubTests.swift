import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A mapping's `proxyBaseUrl` with WireMock's proxy fields: what goes upstream and what comes back.
final class ProxyStubTests: ProxyTestCase {
    func test_get_forwardsWithoutPrefixAndFaultParameters_andJournalsTheUpstream() throws {
        // Given
        try upstreamStubs(#"{"request": {"urlPath": "/users/1"}, "response": {"status": 203, "jsonBody": {"id": 1}, "headers": {"X-Up": "yes"}}}"#)
        let proxy = try proxyStubs(#"{"request": {"urlPathPattern": "/api/.*"}, "response": {"proxyBaseUrl": "UPSTREAM", "proxyUrlPrefixToRemove": "/api"}}"#)

        // When
        let result = HTTP.get(proxy.url("/api/users/1?x=1&fault.delay=10"))

        // Then
        XCTAssertEqual(result.status, 203)
        XCTAssertEqual(String(decoding: result.body, as: UTF8.self), #"{"id":1}"#)
        XCTAssertEqual(result.headers["x-up"], "yes")
        let seen = try XCTUnwrap(upstreamRecord("/users/1"))
        XCTAssertEqual(seen.query, "x=1", "the server's fault parameters stay here")
        let record = try XCTUnwrap(proxy.requests.last)
        XCTAssertEqual(record.proxiedTo, upstream.baseURL.absoluteString + "/users/1?x=1")
        XCTAssertEqual(record.fault, "delay=10")
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        XCTAssertTrue(json.contains(#""proxiedTo":"#), json)
    }

    func test_post_sendsTheWholeBodyUpstream() throws {
        // Given
        try upstreamStubs(#"{"request": {"method": "POST", "urlPath": "/orders"}, "response": {"status": 201, "body": "made"}}"#)
        let proxy = try proxyStubs(#"{"request": {"urlPath": "/orders"}, "response": {"proxyBaseUrl": "UPSTREAM"}}"#)
        let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

        // When
        let result = CurlClient().request(proxy.url("/orders"), method: "POST", headers: ["Content-Type: application/octet-stream"], body: body)

        // Then
        XCTAssertEqual(result.status, 201)
        XCTAssertEqual(String(decoding: result.body, as: UTF8.self), "made")
        let seen = try XCTUnwrap(upstreamRecord("/orders"))
        XCTAssertEqual(seen.method, "POST")
        XCTAssertEqual(seen.bodySize, body.count)
        XCTAssertEqual(seen.body, body.prefix(RequestRecord.bodyLimit))
    }

    func test_headers_addedRemovedHopByHopDropped_hostIsTheUpstreams() throws {
        // Given
        try upstreamStubs(#"{"request": {"urlPath": "/h"}, "response": {"status": 200, "headers": {"Keep-Alive": "timeout=5", "X-Kept": "1"}}}"#)
        let proxy = try proxyStubs(
            #"{"request": {"urlPath": "/h"}, "response": {"proxyBaseUrl": "UPSTREAM", "additionalProxyRequestHeaders": {"X-Key": "k", "X-Replaced": "new"}, "removeProxyRequestHeaders": ["x-secret"]}}"#)

        // When
        let result = CurlClient().request(
            proxy.url("/h"), headers: ["X-Secret: s", "X-Keep: 1", "X-Replaced: old", "Connection: keep-alive, X-Hop", "X-Hop: 1", "TE: trailers"])

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertNil(result.headers["keep-alive"], "hop-by-hop headers of the answer are dropped")
        XCTAssertEqual(result.headers["x-kept"], "1")
        let seen = try XCTUnwrap(upstreamRecord("/h"))
        XCTAssertEqual(seen.header("X-Key"), "k")
        XCTAssertEqual(seen.header("X-Replaced"), "new")
        XCTAssertEqual(seen.headers.filter { $0.name.lowercased() == "x-replaced" }.count, 1)
        XCTAssertEqual(seen.header("X-Keep"), "1")
        XCTAssertNil(seen.header("X-Secret"))
        XCTAssertNil(seen.header("X-Hop"), "a header the Connection header names is hop-by-hop")
        XCTAssertNil(seen.header("TE"))
        XCTAssertEqual(seen.header("Host"), "127.0.0.1:\(upstream.port)")
    }

    /// A server proxying `/x` to a port nothing listens on, and that port.
    private func proxyToNowhere() throws -> (proxy: MockServer, port: Int) {
        let gone = try MockServer.start(MockServer.Configuration())
        let port = gone.port
        gone.stop()
        return (try proxyStubs(#"{"request": {"urlPath": "/x"}, "response": {"proxyBaseUrl": "http://127.0.0.1:\#(port)"}}"#), port)
    }

    func test_upstreamRefused_answersAsWireMockDoes() throws {
        // Given: a port nothing listens on
        let (proxy, port) = try proxyToNowhere()

        // When
        let result = HTTP.get(proxy.url("/x?a=1"))

        // Then
        XCTAssertEqual(result.status, 500)
        let text = String(decoding: result.body, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Network failure trying to make a proxied request from WireMock to http://127.0.0.1:\(port)/x?a=1\r\n"), text)
        XCTAssertTrue(
            text.hasSuffix("\r\nConnect to http://127.0.0.1:\(port) [/127.0.0.1] failed: Connection refused"),
            "the reason follows, in WireMock 2.35's words: \(text)")
        XCTAssertNil(result.headers["cache-control"], "WireMock 2.35 sends no Cache-Control on this 500, and neither does the server")
        XCTAssertNil(result.headers["content-type"], "nor a Content-Type")
    }

    func test_upstreamRefused_cacheFault_stillSetsCacheControl() throws {
        // Given: a port nothing listens on
        let (proxy, _) = try proxyToNowhere()

        // When
        let result = HTTP.get(proxy.url("/x?fault.cache=max-age%3D5"))

        // Then
        XCTAssertEqual(result.status, 500)
        XCTAssertEqual(result.headers["cache-control"], "max-age=5")
    }

    func test_stubAimedAtThisServer_isRefusedWithTheReason() throws {
        // Given
        let proxy = try proxyStubs(#"{"request": {"urlPath": "/loop"}, "response": {"proxyBaseUrl": "http://127.0.0.1:1"}}"#)
        _ = try proxy.addStubs(json: Data(#"{"request": {"urlPath": "/self"}, "response": {"proxyBaseUrl": "\#(proxy.baseURL.absoluteString)"}}"#.utf8))

        // When
        let result = HTTP.get(proxy.url("/self"))

        // Then
        XCTAssertEqual(result.status, 400)
        XCTAssertTrue(String(decoding: result.body, as: UTF8.self).contains("loop"), String(decoding: result.body, as: UTF8.self))
    }
}
