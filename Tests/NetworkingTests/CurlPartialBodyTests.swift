import Foundation
import MockServer
import Networking
import Synchronization
import XCTest

/// ``CurlHTTPClient`` as a ``PartialBodyKeeping`` client: a cut body hands over what arrived,
/// and a `Range` request gets the rest.
final class CurlPartialBodyTests: MockServerTestCase {
    private static let quick = RequestTimeouts(connect: .seconds(1), stall: .seconds(2), total: .seconds(3))
    private let path = "/images/1.png?w=64&h=64&ranges=1"

    /// The partial responses handed over.
    private final class Kept: Sendable {
        private let responses = Mutex<[HTTPResponse]>([])
        func keep(_ response: HTTPResponse) { responses.withLock { $0.append(response) } }
        var all: [HTTPResponse] { responses.withLock { $0 } }
    }

    private func send(_ pathAndQuery: String, headers: [String: String] = [:], kept: Kept) async -> Result<HTTPResponse, NetworkError> {
        let request = HTTPRequest(url: server.url(pathAndQuery), headers: headers, timeouts: Self.quick)
        do {
            return .success(try await CurlHTTPClient().send(request, keepingPartialBody: { kept.keep($0) }))
        } catch {
            return .failure(error)
        }
    }

    func test_cutBody_handsOverTheHeadAndTheBytesThatArrived() async throws {
        // Given the whole body, read over a plain socket
        let whole = try RawHTTP.get(port: server.port, path: path).body
        let kept = Kept()
        // When
        let result = await send("\(path)&truncate=100", kept: kept)
        // Then
        XCTAssertEqual(result.failure, .connectionLost)
        XCTAssertEqual(kept.all.count, 1)
        let partial = try XCTUnwrap(kept.all.first)
        XCTAssertEqual(partial.status, 200)
        XCTAssertEqual(partial.body, whole.prefix(100))
        XCTAssertEqual(partial.header("accept-ranges"), "bytes")
        XCTAssertNotNil(partial.header("etag"))
    }

    func test_rangeWithIfRange_getsTheRest() async throws {
        // Given
        let whole = try RawHTTP.get(port: server.port, path: path).body
        let kept = Kept()
        guard case .failure = await send("\(path)&truncate=100", kept: kept), let etag = kept.all.first?.header("etag") else {
            return XCTFail("the cut transfer handed over no ETag")
        }
        // When
        let rest = await send(path, headers: ["Range": "bytes=100-", "If-Range": etag], kept: kept)
        // Then
        let response = try rest.get()
        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.header("content-range"), "bytes 100-\(whole.count - 1)/\(whole.count)")
        XCTAssertEqual(try XCTUnwrap(kept.all.first).body + response.body, whole)
        XCTAssertEqual(kept.all.count, 1, "a complete answer hands nothing over")
    }

    func test_errorStatus_handsNothingOver() async {
        let kept = Kept()
        let result = await send("/images/missing.png?truncate=10", kept: kept)
        XCTAssertEqual(result.failure, .httpStatus(404))
        XCTAssertTrue(kept.all.isEmpty)
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
