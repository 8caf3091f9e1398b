import Foundation
import TestSupport
import XCTest

/// `HEAD` never sends a body, whatever shapes the `GET` body: on a kept-alive connection the
/// next answer starts right after the HEAD answer's header block.
final class HeadTests: ServerTestCase {
    func test_head_sendsOnlyTheHeaderBlock_forEveryWireShape() throws {
        let queries = [
            "", "chunked=1", "bytes=5&chunked=1", "status=503&chunked=1", "drip=1000", "stall_after=0",
            "stall_after=10", "truncate=10", "bytes=100", "bytes=30000000", "corrupt=1", "type=text/html",
        ]
        for query in queries {
            // Given HEAD, then GET /health on the same connection
            let connection = try RawConnection(
                port: server.port,
                request: "HEAD /images/1.png?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    + "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")

            // When
            let (data, end) = connection.readAll(timeout: 3)

            // Then exactly two header blocks and the 2-byte body of the second
            XCTAssertEqual(end, .closed, query)
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            XCTAssertEqual(parts.count, 3, "\(query): \(text.debugDescription)")
            guard parts.count == 3 else { continue }
            XCTAssertTrue(parts[0].hasPrefix("HTTP/1.1 "), "\(query): \(parts[0])")
            XCTAssertTrue(parts[1].hasPrefix("HTTP/1.1 200 OK"), "\(query): the next answer follows at once: \(text.debugDescription)")
            XCTAssertEqual(parts[2], "ok", query)
        }
    }

    func test_head_withChunked_isCleanForCurl_andDeclaresNoChunkedBody() {
        let client = CurlClient()
        let head = client.request(server.url("/images/1.png?chunked=1&bytes=5000"), method: "HEAD")
        XCTAssertEqual(head.code, CurlCode.ok, head.message)
        XCTAssertEqual(head.status, 200)
        XCTAssertNil(head.headers["transfer-encoding"], "no chunked body follows a HEAD answer")
        XCTAssertEqual(head.headers["content-length"], "5000", "the length the GET body will have")
        let next = client.request(server.url("/health"))
        XCTAssertEqual(next.body, Data("ok".utf8))
        XCTAssertEqual(next.newConnections, 0, "the connection was kept and reused")
    }
}
