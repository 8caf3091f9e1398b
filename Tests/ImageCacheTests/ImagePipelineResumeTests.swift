import Foundation
import ImageCache
import ImageCodec
import Networking
import XCTest

/// ``ImagePipeline`` resumes a cut download with `Range` when the server allows it, and starts
/// over otherwise.
final class ImagePipelineResumeTests: XCTestCase {
    private let url = URL(string: "http://images.test/1.png")!
    private static let etag = "\"s1\""

    private static func png() throws -> Data {
        let pixels = (0..<16 * 16 * 4).map { UInt8(truncatingIfNeeded: $0 * 7) }
        return try ImageCodec.encodePNG(DecodedImage(width: 16, height: 16, pixels: pixels))
    }

    private func response(status: Int, _ headers: [String: String], _ body: Data) -> HTTPResponse {
        HTTPResponse(url: url, status: status, headers: ["Content-Type": "image/png"].merging(headers) { $1 }, body: body)
    }

    /// A cut 200 of `whole` after `cut` bytes, with `headers`.
    private func cut(_ whole: Data, at cut: Int, _ headers: [String: String]) -> PartialBodyClient.Answer {
        .cut(partial: response(status: 200, headers, whole.prefix(cut)), error: .connectionLost)
    }

    private func pipeline(_ client: PartialBodyClient, disk: MockDataCache = MockDataCache()) -> ImagePipeline {
        ImagePipeline(
            client: client, memory: MemoryImageCache(), disk: disk,
            configuration: .init(retry: RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(5))))
    }

    func test_cutBody_isResumedWithRangeAndIfRange() async throws {
        // Given
        let whole = try Self.png()
        let at = whole.count / 2
        let client = PartialBodyClient([
            cut(whole, at: at, ["ETag": Self.etag, "Accept-Ranges": "bytes"]),
            .response(response(status: 206, ["Content-Range": "bytes \(at)-\(whole.count - 1)/\(whole.count)"], whole.suffix(from: at))),
        ])
        let disk = MockDataCache()
        // When
        let loaded = try await pipeline(client, disk: disk).image(for: url)
        // Then
        XCTAssertEqual(loaded.image, try ImageCodec.decode(whole))
        XCTAssertEqual(client.requests.count, 2)
        let retry = try XCTUnwrap(client.requests.last)
        XCTAssertEqual(retry.headers["Range"], "bytes=\(at)-")
        XCTAssertEqual(retry.headers["If-Range"], Self.etag)
        XCTAssertEqual(retry.maxBytes, HTTPRequest.defaultMaxBytes - at, "the byte limit counts what already arrived")
        let stored = await disk.peek(url.absoluteString)
        XCTAssertEqual(stored, whole, "the joined bytes are stored")
    }

    func test_cutTwice_resumesFromTheLatestByte() async throws {
        let whole = try Self.png()
        let (first, second) = (whole.count / 3, 2 * whole.count / 3)
        let client = PartialBodyClient([
            cut(whole, at: first, ["ETag": Self.etag, "Accept-Ranges": "bytes"]),
            .cut(
                partial: response(status: 206, ["Content-Range": "bytes \(first)-\(whole.count - 1)/\(whole.count)"], whole[first..<second]),
                error: .connectionLost),
            .response(response(status: 206, ["Content-Range": "bytes \(second)-\(whole.count - 1)/\(whole.count)"], whole.suffix(from: second))),
        ])
        let loaded = try await pipeline(client).image(for: url)
        XCTAssertEqual(loaded.image, try ImageCodec.decode(whole))
        XCTAssertEqual(client.requests.map { $0.headers["Range"] }, [nil, "bytes=\(first)-", "bytes=\(second)-"])
    }

    func test_resumeAnswered200_startsOver() async throws {
        // Given: the image changed, so If-Range fails and the server sends it whole
        let whole = try Self.png()
        let client = PartialBodyClient([
            cut(Data(repeating: 7, count: 500), at: 100, ["ETag": Self.etag, "Accept-Ranges": "bytes"]),
            .response(response(status: 200, ["ETag": "\"s2\""], whole)),
        ])
        // When
        let loaded = try await pipeline(client).image(for: url)
        // Then
        XCTAssertEqual(loaded.image, try ImageCodec.decode(whole))
        XCTAssertEqual(client.requests.last?.headers["Range"], "bytes=100-")
    }

    func test_withoutAcceptRangesOrAStrongETag_theRetryStartsOver() async throws {
        let whole = try Self.png()
        for headers in [["ETag": Self.etag], ["ETag": "W/\"s1\"", "Accept-Ranges": "bytes"], ["Accept-Ranges": "bytes"]] {
            let client = PartialBodyClient([cut(whole, at: 100, headers), .response(response(status: 200, [:], whole))])
            let loaded = try await pipeline(client).image(for: url)
            XCTAssertEqual(loaded.image, try ImageCodec.decode(whole))
            XCTAssertNil(client.requests.last?.headers["Range"], "\(headers)")
        }
    }

    func test_206OfOtherBytes_failsTheLoad() async throws {
        let whole = try Self.png()
        let client = PartialBodyClient([
            cut(whole, at: 100, ["ETag": Self.etag, "Accept-Ranges": "bytes"]),
            .response(response(status: 206, ["Content-Range": "bytes 0-\(whole.count - 1)/\(whole.count)"], whole)),
        ])
        do {
            _ = try await pipeline(client).image(for: url)
            XCTFail("bytes that do not continue the prefix must not be joined to it")
        } catch {
            XCTAssertEqual(client.requests.count, 2, "an invalid answer is not retried")
        }
    }
}
