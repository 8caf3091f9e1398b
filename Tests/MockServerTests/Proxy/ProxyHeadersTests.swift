import XCTest

@testable import MockServer

/// The proxy's header and URL rules, without a network.
final class ProxyHeadersTests: XCTestCase {
    func test_upstreamURL_removesThePrefix_andJoinsOneSlash() {
        var target = ProxyTarget(base: "https://api.example.com/v1/")
        target.prefixToRemove = "/api"
        XCTAssertEqual(target.upstreamURL(for: "/api/users?x=1"), "https://api.example.com/v1/users?x=1")
        XCTAssertEqual(target.upstreamURL(for: "/other"), "https://api.example.com/v1/other")
        XCTAssertEqual(target.trimmedBase, "https://api.example.com/v1")
    }

    func test_request_hostRewritten_orPreserved() {
        let target = ProxyTarget(base: "http://up:81")
        let sent = ProxyHeaders.request([("Host", "app:8080"), ("Content-Length", "3")], target: target, upstreamHost: "up:81", preserveHost: false)
        XCTAssertEqual(sent.map(\.name), ["Host"])
        XCTAssertEqual(sent.first?.value, "up:81")
        let kept = ProxyHeaders.request([("Host", "app:8080")], target: target, upstreamHost: "up:81", preserveHost: true)
        XCTAssertEqual(kept.first?.value, "app:8080")
    }

    func test_response_dropsHopByHopAndLength() {
        let headers = ProxyHeaders.response([
            ("Connection", "X-Private"), ("X-Private", "1"), ("Transfer-Encoding", "chunked"), ("Content-Length", "9"), ("ETag", "\"a\""),
        ])
        XCTAssertEqual(headers.map(\.name), ["ETag"])
        XCTAssertNil(ProxyHeaders.contentLength([("Transfer-Encoding", "chunked"), ("Content-Length", "9")]))
        XCTAssertEqual(ProxyHeaders.contentLength([("content-length", " 12 ")]), 12)
    }
}
