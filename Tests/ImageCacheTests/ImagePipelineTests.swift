import Foundation
import ImageCache
import ImageCodec
import Networking
import XCTest

/// Behaviour of ``ImagePipeline`` the ImageLoading contracts do not pin down, with an
/// in-memory client and disk cache (the contracts cover the live network).
final class ImagePipelineTests: XCTestCase {
    private let url = URL(string: "http://images.test/1.png")!

    private static func png(width: Int = 4, height: Int = 3) throws -> Data {
        let pixels = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 * 7) }
        return try ImageCodec.encodePNG(DecodedImage(width: width, height: height, pixels: pixels))
    }

    private func pipeline(
        _ client: MockHTTPClient, memory: MemoryImageCache = MemoryImageCache(), disk: MockDataCache = MockDataCache(),
        // Retries as by default, with their waits scaled down to milliseconds.
        configuration: ImagePipeline.Configuration = .init(retry: RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(5)))
    ) -> ImagePipeline {
        ImagePipeline(client: client, memory: memory, disk: disk, configuration: configuration)
    }

    private static func error(loading url: URL, with pipeline: ImagePipeline, options: ImageLoadOptions = .init()) async -> ImageLoadError? {
        do throws(ImageLoadError) {
            _ = try await pipeline.image(for: url, options: options)
            return nil
        } catch {
            return error
        }
    }

    func test_load_goesMemoryThenDiskThenNetwork() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let memory = MemoryImageCache()
        let disk = MockDataCache()
        let pipeline = pipeline(client, memory: memory, disk: disk)
        // When
        let first = try await pipeline.image(for: url)
        let second = try await pipeline.image(for: url)
        pipeline.dropDecodedImage(for: url)
        let third = try await pipeline.image(for: url)
        // Then
        XCTAssertEqual([first.source, second.source, third.source], [.network, .memory, .disk])
        XCTAssertEqual(first.image, third.image)
        XCTAssertEqual(client.requests.count, 1)
        XCTAssertNotNil(memory.image(for: url.absoluteString), "a disk hit is put back in memory")
    }

    func test_dropDecodedImage_keepsTheDiskCopy() async throws {
        // Given
        let body = try Self.png()
        let memory = MemoryImageCache()
        let disk = MockDataCache()
        let pipeline = pipeline(MockHTTPClient(body: body), memory: memory, disk: disk)
        _ = try await pipeline.image(for: url)
        // When
        pipeline.dropDecodedImage(for: url)
        // Then
        XCTAssertNil(memory.image(for: url.absoluteString))
        let stored = await disk.data(for: url.absoluteString)
        XCTAssertEqual(stored, body)
    }

    func test_load_wrongContentTypeIsUnavailable() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png(), contentType: "text/html; charset=utf-8")
        let disk = MockDataCache()
        // When
        let error = await Self.error(loading: url, with: pipeline(client, disk: disk))
        // Then
        XCTAssertEqual(error, .unavailable)
        let stored = await disk.data(for: url.absoluteString)
        XCTAssertNil(stored, "a non-image answer is not cached")
    }

    func test_load_contentTypeIsCaseInsensitive() async throws {
        let client = MockHTTPClient(body: try Self.png(), contentType: "Image/PNG")
        let loaded = try await pipeline(client).image(for: url)
        XCTAssertEqual(loaded.image.width, 4)
    }

    func test_load_theBytesDecideTheDecoder_aPNGServedAsJPEGShows() async throws {
        let client = MockHTTPClient(body: try Self.png(), contentType: "image/jpeg")
        let loaded = try await pipeline(client).image(for: url)
        XCTAssertEqual(loaded.image.width, 4)
        XCTAssertEqual(loaded.image.height, 3)
    }

    func test_load_imageFormatWithoutDecoder_isUnsupportedFormat_andNotCached() async throws {
        // Given a TIFF, served as one
        let disk = MockDataCache()
        let tiff = Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0, count: 64))
        let client = MockHTTPClient(body: tiff, contentType: "image/tiff")
        // When
        let error = await Self.error(loading: url, with: pipeline(client, disk: disk))
        // Then
        XCTAssertEqual(error, .unsupportedFormat)
        let stored = await disk.data(for: url.absoluteString)
        XCTAssertNil(stored)
    }

    func test_load_imageFormatWithoutDecoder_underANonImageType_staysUnavailable() async throws {
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        let client = MockHTTPClient(body: svg, contentType: "text/html")
        let error = await Self.error(loading: url, with: pipeline(client))
        XCTAssertEqual(error, .unavailable)
    }

    func test_load_brokenBytesAreNotCached() async throws {
        // Given
        let disk = MockDataCache()
        let client = MockHTTPClient(body: Data("not an image at all".utf8))
        // When
        let error = await Self.error(loading: url, with: pipeline(client, disk: disk))
        // Then
        XCTAssertEqual(error, .broken)
        let stored = await disk.data(for: url.absoluteString)
        XCTAssertNil(stored)
    }

    func test_load_pixelLimitIsCheckedFromTheHeader() async throws {
        // Given: a 4×3 image (12 px) with a limit of 11 px
        let client = MockHTTPClient(body: try Self.png())
        let pipeline = pipeline(client, configuration: .init(maxPixels: 11))
        // When
        let error = await Self.error(loading: url, with: pipeline)
        // Then
        XCTAssertEqual(error, .tooLarge)
    }

    func test_load_sendsTheConfiguredLimitAndDeadlines() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let timeouts = RequestTimeouts.default.scaled(by: 0.01)
        // When
        _ = try await pipeline(client, configuration: .init(maxBytes: 1234, timeouts: timeouts)).image(for: url)
        // Then
        XCTAssertEqual(client.requests.first?.maxBytes, 1234)
        XCTAssertEqual(client.requests.first?.timeouts, timeouts)
        XCTAssertEqual(client.requests.first?.url, url)
    }

    func test_configuration_defaultsAreTheDesignRules() {
        let configuration = ImagePipeline.Configuration()
        XCTAssertEqual(configuration.maxBytes, 20 * 1024 * 1024)
        XCTAssertEqual(configuration.maxPixels, 50_000_000)
        XCTAssertEqual(configuration.timeouts, .default)
        XCTAssertFalse(configuration.returnsFreedMemory, "changing malloc for the whole process is the app's choice")
    }

    func test_reload_goesToTheNetworkDespiteCachedCopies() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let pipeline = pipeline(client)
        _ = try await pipeline.image(for: url)
        // When
        let reloaded = try await pipeline.image(for: url, options: ImageLoadOptions(reload: true))
        // Then
        XCTAssertEqual(reloaded.source, .network)
        XCTAssertEqual(client.requests.count, 2)
    }

    func test_reload_fallsBackToTheDiskCopyOnTransientFailures() async throws {
        for failure in [NetworkError.offline, .timedOut, .connectionLost] {
            // Given
            let client = MockHTTPClient(body: try Self.png())
            let pipeline = pipeline(client)
            _ = try await pipeline.image(for: url)
            client.setReply { _ in .failure(failure) }
            // When
            let reloaded = try await pipeline.image(for: url, options: ImageLoadOptions(reload: true))
            // Then
            XCTAssertEqual(reloaded.source, .disk, "\(failure)")
        }
    }

    func test_reload_reportsPermanentFailuresDespiteTheDiskCopy() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let pipeline = pipeline(client)
        _ = try await pipeline.image(for: url)
        client.setReply { _ in .failure(.httpStatus(404)) }
        // When
        let error = await Self.error(loading: url, with: pipeline, options: ImageLoadOptions(reload: true))
        // Then
        XCTAssertEqual(error, .network(.httpStatus(404)))
    }

    func test_load_failedDiskWriteStillDeliversTheImage() async throws {
        // Given
        let disk = MockDataCache()
        await disk.setWritesFail(true)
        let client = MockHTTPClient(body: try Self.png())
        let pipeline = pipeline(client, disk: disk)
        // When
        let loaded = try await pipeline.image(for: url)
        // Then
        XCTAssertEqual(loaded.source, .network)
        XCTAssertEqual(loaded.image.height, 3)
    }

    func test_load_unreadableDiskCopyIsReplacedFromTheNetwork() async throws {
        // Given
        let disk = MockDataCache()
        await disk.put(Data("damaged".utf8), for: url.absoluteString)
        let body = try Self.png()
        let pipeline = pipeline(MockHTTPClient(body: body), disk: disk)
        // When
        let loaded = try await pipeline.image(for: url)
        // Then
        XCTAssertEqual(loaded.source, .network)
        let stored = await disk.data(for: url.absoluteString)
        XCTAssertEqual(stored, body)
    }

    func test_load_alreadyCancelledTaskIsCancelled() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let pipeline = pipeline(client)
        // When
        let url = self.url
        let task = Task { () async -> ImageLoadError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await ImagePipelineTests.error(loading: url, with: pipeline)
        }
        let error = await task.value
        // Then
        XCTAssertEqual(error, .cancelled)
        XCTAssertTrue(client.requests.isEmpty)
    }

    func test_error_mapsNetworkErrors() {
        XCTAssertEqual(ImageLoadError(NetworkError.tooLarge(limit: 10)), .tooLarge)
        XCTAssertEqual(ImageLoadError(NetworkError.cancelled), .cancelled)
        XCTAssertEqual(ImageLoadError(NetworkError.offline), .network(.offline))
    }
}
