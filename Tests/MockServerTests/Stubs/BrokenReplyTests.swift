import Foundation
import XCTest

@testable import MockServer

/// The faults that are not HTTP, from the query and from WireMock's `fault`, seen by curl.
final class BrokenReplyTests: ServerTestCase {
    func test_emptyReply_closesWithoutAByte_curl52() {
        let result = get("/images/1.png?empty_reply=1")
        XCTAssertEqual(result.code, CurlCode.emptyReply, result.message)
        XCTAssertTrue(result.body.isEmpty)
    }

    func test_garbage_isNoHTTP_thenClose() {
        let result = get("/images/1.png?garbage=1")
        XCTAssertTrue([1, 8].contains(result.code), "curl \(result.code): \(result.message)")
        XCTAssertEqual(result.status, 0)
        let raw = try? RawConnection(port: server.port, get: "/health?garbage=1")
        let read = raw?.readAll(timeout: 2)
        XCTAssertEqual(read?.data.count, 64)
        XCTAssertFalse(String(decoding: read?.data ?? Data(), as: UTF8.self).hasPrefix("HTTP/"))
        XCTAssertNotEqual(read?.end, .timedOut, "the connection closes")
    }

    func test_badChunk_isAChunked200WithBrokenFraming_curl56() {
        let result = get("/health?bad_chunk=1")
        XCTAssertEqual(result.code, CurlCode.receiveError, result.message)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.headers["transfer-encoding"], "chunked")
    }

    func test_delay_comesBeforeTheBrokenReply() {
        let result = get("/health?delay=300&empty_reply=1")
        XCTAssertEqual(result.code, CurlCode.emptyReply)
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.295)
    }

    func test_wireMockFaults_onStubs() throws {
        let faults: [(String, [Int])] = [
            ("CONNECTION_RESET_BY_PEER", [CurlCode.receiveError]),
            ("EMPTY_RESPONSE", [CurlCode.emptyReply]),
            ("MALFORMED_RESPONSE_CHUNK", [CurlCode.receiveError]),
            ("RANDOM_DATA_THEN_CLOSE", [1, 8]),
        ]
        for (fault, codes) in faults {
            try server.addStubs(json: Data("{\"request\": {\"urlPath\": \"/\(fault)\"}, \"response\": {\"fault\": \"\(fault)\"}}".utf8))
            let result = get("/\(fault)")
            XCTAssertTrue(codes.contains(result.code), "\(fault): curl \(result.code) \(result.message)")
        }
        XCTAssertEqual(get("/MALFORMED_RESPONSE_CHUNK").status, 200, "headers first, as WireMock sends them")
    }

    func test_journal_recordsTheBrokenOutcome() {
        _ = get("/health?empty_reply=1")
        XCTAssertTrue(eventually { self.server.requests.contains { $0.outcome == .emptyReply } }, "\(server.requests)")
    }
}
