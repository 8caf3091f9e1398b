import Foundation
import ImageCache
import ImageCodec
import Networking
import XCTest

/// ``ImagePipeline`` keeps a disk copy's validators and revalidates it once stale: a 304 keeps
/// it, a 200 replaces it, a failure still delivers it.
final class ImagePipelineRevalidationTests: XCTestCase {
    private let url = URL(string: "http://images.test/1.png")!
    private var key: String { url.absoluteString }
    private var folder: URL!
    private static let etag = "\"v1\""
    private static let lastModified = "Tue, 24 Nov 2026 10:00:00 GMT"

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("RevalidationTests-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func png(seed: Int) throws -> Data {
        let pixels = (0..<4 * 3 * 4).map { UInt8(truncatingIfNeeded: $0 * 7 + seed) }
        return try ImageCodec.encodePNG(DecodedImage(width: 4, height: 3, pixels: pixels))
    }

    /// A 200 with `body` and the validators, and `Cache-Control` when given.
    private static func ok(_ request: HTTPRequest, _ body: Data, cacheControl: String?, etag: String = etag) -> Result<HTTPResponse, NetworkError> {
        var headers = ["Content-Type": "image/png", "ETag": etag, "Last-Modified": lastModified]
        headers["Cache-Control"] = cacheControl
        return .success(HTTPResponse(url: request.url, status: 200, headers: headers, body: body))
    }

    /// A server that answers a matching `If-None-Match` with 304, anything else with `body`.
    private static func server(_ body: Data, cacheControl: String?) -> MockHTTPClient {
        MockHTTPClient { request in
            if request.headers["If-None-Match"] == etag {
                return .success(HTTPResponse(url: request.url, status: 304, headers: ["ETag": etag], body: Data()))
            }
            return ok(request, body, cacheControl: cacheControl)
        }
    }

    /// A first pipeline loads the image; a second on the same disk folder (a restart, so
    /// nothing in memory) is returned.
    private func loadThenRestart(
        _ client: MockHTTPClient, disk: any DataCaching, configuration: ImagePipeline.Configuration = .init()
    ) async throws -> ImagePipeline {
        let first = ImagePipeline(client: client, memory: MemoryImageCache(), disk: disk, configuration: configuration)
        let loaded = try await first.image(for: url)
        XCTAssertEqual(loaded.source, .network)
        return ImagePipeline(client: client, memory: MemoryImageCache(), disk: disk, configuration: configuration)
    }

    func test_staleCopy_isRevalidatedWithItsValidators_andA304DeliversIt() async throws {
        // Given: an answer that is stale at once
        let body = try Self.png(seed: 1)
        let client = Self.server(body, cacheControl: "max-age=0")
        let disk = DiskCache(folder: folder)
        let restarted = try await loadThenRestart(client, disk: disk)
        let before = await disk.entry(for: key)?.metadata?.validatedAt
        // When
        let again = try await restarted.image(for: url)
        // Then
        XCTAssertEqual(again.source, .disk)
        XCTAssertEqual(again.image, try ImageCodec.decode(body))
        XCTAssertEqual(client.requests.count, 2)
        let revalidation = try XCTUnwrap(client.requests.last)
        XCTAssertEqual(revalidation.headers["If-None-Match"], Self.etag)
        XCTAssertEqual(revalidation.headers["If-Modified-Since"], Self.lastModified)
        XCTAssertTrue(revalidation.acceptableStatus.contains(304), "a 304 is an answer, not an error")
        let entry = await disk.entry(for: key)
        XCTAssertEqual(entry?.data, body, "the copy is kept")
        XCTAssertGreaterThan(try XCTUnwrap(entry?.metadata?.validatedAt), try XCTUnwrap(before), "a 304 refreshes the copy's date")
    }

    func test_freshCopy_isDeliveredWithoutAsking() async throws {
        // Given
        let client = Self.server(try Self.png(seed: 1), cacheControl: "max-age=600")
        let restarted = try await loadThenRestart(client, disk: DiskCache(folder: folder))
        // When
        let again = try await restarted.image(for: url)
        // Then
        XCTAssertEqual(again.source, .disk)
        XCTAssertEqual(client.requests.count, 1)
    }

    func test_withoutMaxAge_theDefaultFreshnessDecides() async throws {
        // Given: no Cache-Control (no-store alone says nothing about freshness)
        let client = Self.server(try Self.png(seed: 1), cacheControl: "no-store")
        let disk = DiskCache(folder: folder)
        // When: the default of one hour
        let fresh = try await loadThenRestart(client, disk: disk)
        _ = try await fresh.image(for: url)
        // Then
        XCTAssertEqual(client.requests.count, 1)
        // When: a default of zero
        let zero = ImagePipeline.Configuration(defaultFreshness: .zero)
        let stale = ImagePipeline(client: client, memory: MemoryImageCache(), disk: disk, configuration: zero)
        let again = try await stale.image(for: url)
        // Then
        XCTAssertEqual(again.source, .disk)
        XCTAssertEqual(client.requests.count, 2)
        XCTAssertEqual(client.requests.last?.headers["If-None-Match"], Self.etag)
    }

    func test_noCache_revalidatesEveryTime() async throws {
        let client = Self.server(try Self.png(seed: 1), cacheControl: "no-cache, max-age=600")
        let restarted = try await loadThenRestart(client, disk: DiskCache(folder: folder))
        _ = try await restarted.image(for: url)
        XCTAssertEqual(client.requests.count, 2)
        XCTAssertEqual(client.requests.last?.headers["If-None-Match"], Self.etag)
    }

    func test_staleCopy_a200ReplacesIt() async throws {
        // Given
        let old = try Self.png(seed: 1)
        let new = try Self.png(seed: 2)
        let client = Self.server(old, cacheControl: "max-age=0")
        let disk = DiskCache(folder: folder)
        let restarted = try await loadThenRestart(client, disk: disk)
        client.setReply { request in Self.ok(request, new, cacheControl: "max-age=600", etag: "\"v2\"") }
        // When
        let again = try await restarted.image(for: url)
        // Then
        XCTAssertEqual(again.source, .network)
        XCTAssertEqual(again.image, try ImageCodec.decode(new))
        let entry = await disk.entry(for: key)
        XCTAssertEqual(entry?.data, new)
        XCTAssertEqual(entry?.metadata?.etag, "\"v2\"")
        XCTAssertEqual(entry?.metadata?.maxAge, 600)
    }

    func test_failedRevalidation_stillDeliversTheStaleCopy() async throws {
        for failure in [NetworkError.offline, .timedOut, .httpStatus(503)] {
            // Given
            try? FileManager.default.removeItem(at: folder)
            let body = try Self.png(seed: 1)
            let client = Self.server(body, cacheControl: "max-age=0")
            let noRetry = ImagePipeline.Configuration(retry: .never)
            let restarted = try await loadThenRestart(client, disk: DiskCache(folder: folder), configuration: noRetry)
            client.setReply { _ in .failure(failure) }
            // When
            let again = try await restarted.image(for: url)
            // Then
            XCTAssertEqual(again.source, .disk, "\(failure)")
            XCTAssertEqual(again.image, try ImageCodec.decode(body), "\(failure)")
        }
    }

    func test_failedRevalidation_with404_fails() async throws {
        let client = Self.server(try Self.png(seed: 1), cacheControl: "max-age=0")
        let restarted = try await loadThenRestart(client, disk: DiskCache(folder: folder))
        client.setReply { _ in .failure(.httpStatus(404)) }
        do {
            _ = try await restarted.image(for: url)
            XCTFail("a 404 says the image is gone")
        } catch {
            XCTAssertEqual(error, .network(.httpStatus(404)))
        }
    }

    func test_entryWithoutMetadata_countsAsFresh() async throws {
        // Given: a cache that keeps no metadata
        let client = Self.server(try Self.png(seed: 1), cacheControl: "max-age=0")
        let restarted = try await loadThenRestart(client, disk: MockDataCache())
        // When
        let again = try await restarted.image(for: url)
        // Then
        XCTAssertEqual(again.source, .disk)
        XCTAssertEqual(client.requests.count, 1)
    }
}
