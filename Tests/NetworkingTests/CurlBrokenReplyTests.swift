import Foundation
import MockServer
import Networking
import XCTest

/// ``CurlHTTPClient`` against MockServer's answers that are not HTTP (`empty_reply`, `garbage`,
/// `bad_chunk`) and WireMock's stub faults: what an app sees.
final class CurlBrokenReplyTests: MockServerTestCase {
    private func error(_ pathAndQuery: String) async -> NetworkError? {
        let timeouts = RequestTimeouts(connect: .seconds(1), stall: .seconds(2), total: .seconds(3))
        do {
            _ = try await CurlHTTPClient().send(HTTPRequest(url: server.url(pathAndQuery), timeouts: timeouts))
            return nil
        } catch {
            return error
        }
    }

    func test_emptyReply_isConnectionLost() async {
        let result = await error("/health?empty_reply=1")
        XCTAssertEqual(result, .connectionLost)
    }

    func test_badChunk_isConnectionLost() async {
        let result = await error("/health?bad_chunk=1")
        XCTAssertEqual(result, .connectionLost)
    }

    func test_garbage_isInvalidResponse() async {
        let result = await error("/health?garbage=1")
        XCTAssertEqual(result, .invalidResponse)
    }

    func test_stubFaults_areSeenLikeTheQueryOnes() async throws {
        try server.addStub(Stub(request: .get(urlPath: "/empty"), response: .fault(.emptyResponse)))
        try server.addStub(Stub(request: .get(urlPath: "/random"), response: .fault(.randomDataThenClose)))
        let empty = await error("/empty")
        let random = await error("/random")
        XCTAssertEqual(empty, .connectionLost)
        XCTAssertEqual(random, .invalidResponse)
    }
}
