import Foundation
import ImageCodec
import Networking
import XCTest

@testable import ImageCache

/// A load with ``ImageLoadOptions/targetSize`` decodes at the smallest size covering it; each
/// size is its own memory entry and shared job, while the disk keeps one download per URL.
final class ImagePipelineTargetSizeTests: XCTestCase {
    private let url = URL(string: "http://images.test/1.png")!
    private var key: String { url.absoluteString }
    private let cell = PixelSize(side: 100)

    /// A 400×300 PNG: at 100×100 it decodes to 134×100 (300 rows to 100, 400 columns to 133.3, rounded up).
    private static func png() throws -> Data {
        let pixels = (0..<400 * 300 * 4).map { UInt8(truncatingIfNeeded: $0 * 7) }
        return try ImageCodec.encodePNG(DecodedImage(width: 400, height: 300, pixels: pixels))
    }

    private static func size(_ loaded: LoadedImage) -> [Int] { [loaded.image.width, loaded.image.height] }

    func test_targetSize_decodesAtTheSizeCoveringIt() async throws {
        // Given
        let pipeline = ImagePipeline(client: MockHTTPClient(body: try Self.png()), memory: MemoryImageCache(), disk: MockDataCache())
        // When
        let loaded = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: cell))
        // Then
        XCTAssertEqual(Self.size(loaded), [134, 100])
        XCTAssertEqual(loaded.source, .network)
        XCTAssertEqual(loaded.image.cost, 134 * 100 * 4, "53.6 kB instead of the full image's 480 kB")
    }

    func test_eachSizeIsItsOwnMemoryEntry_andOneDownloadServesBoth() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let memory = MemoryImageCache()
        let disk = MockDataCache()
        let pipeline = ImagePipeline(client: client, memory: memory, disk: disk)
        // When: the cell's size, then the full size, then each again
        let sized = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: cell))
        let full = try await pipeline.image(for: url)
        let sizedAgain = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: cell))
        let fullAgain = try await pipeline.image(for: url)
        // Then
        XCTAssertEqual([sized, full, sizedAgain, fullAgain].map(Self.size), [[134, 100], [400, 300], [134, 100], [400, 300]])
        XCTAssertEqual([sized, full, sizedAgain, fullAgain].map(\.source), [.network, .disk, .memory, .memory])
        XCTAssertEqual(client.requests.count, 1, "the full size is decoded from the bytes the sized load downloaded")
        XCTAssertEqual(memory.count, 2)
        let stored = await disk.peek(key)
        XCTAssertEqual(stored, try Self.png(), "the disk keeps the downloaded bytes, not a resized copy")
        let total = await disk.totalSize
        XCTAssertEqual(total, try Self.png().count, "one disk entry for both sizes")
    }

    func test_twoTargetSizes_areTwoMemoryEntries() async throws {
        // Given a disk copy
        let disk = MockDataCache()
        await disk.put(try Self.png(), for: key)
        let memory = MemoryImageCache()
        let pipeline = ImagePipeline(client: MockHTTPClient { _ in .failure(.offline) }, memory: memory, disk: disk)
        // When
        let small = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: PixelSize(side: 30)))
        let large = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: PixelSize(side: 150)))
        let smallAgain = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: PixelSize(side: 30)))
        // Then
        XCTAssertEqual([small, large, smallAgain].map(Self.size), [[40, 30], [200, 150], [40, 30]])
        XCTAssertEqual([small, large, smallAgain].map(\.source), [.disk, .disk, .memory])
        XCTAssertEqual(memory.count, 2)
    }

    func test_dropDecodedImage_forgetsEverySize_andKeepsTheDiskCopy() async throws {
        // Given one URL in memory at two sizes
        let client = MockHTTPClient(body: try Self.png())
        let memory = MemoryImageCache()
        let pipeline = ImagePipeline(client: client, memory: memory, disk: MockDataCache())
        _ = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: cell))
        _ = try await pipeline.image(for: url)
        XCTAssertEqual(memory.count, 2)
        // When
        pipeline.dropDecodedImage(for: url)
        // Then
        XCTAssertEqual(memory.count, 0)
        let again = try await pipeline.image(for: url, options: ImageLoadOptions(targetSize: cell))
        XCTAssertEqual(again.source, .disk)
        XCTAssertEqual(Self.size(again), [134, 100])
        XCTAssertEqual(client.requests.count, 1)
    }

    func test_concurrentLoadsAtOneSize_shareOneDecode() async throws {
        // Given
        let client = MockHTTPClient(body: try Self.png())
        let decoder = CountingDecoder()
        let pipeline = ImagePipeline(
            client: client, memory: MemoryImageCache(), disk: MockDataCache(), decoder: decoder, configuration: .init())
        let url = self.url
        let options = ImageLoadOptions(targetSize: cell)
        // When
        let sizes = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<10 { group.addTask { Self.size(try await pipeline.image(for: url, options: options)) } }
            return try await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        // Then every load got the sized image; at most one decode per job (loads that came
        // after it ended found the image in memory)
        XCTAssertEqual(sizes, Array(repeating: [134, 100], count: 10))
        XCTAssertEqual(decoder.decodes, 1)
        XCTAssertEqual(client.requests.count, 1)
    }

    func test_memoryKey_separatesSizesAndCannotCollideWithAURL() {
        XCTAssertEqual(LoadKey(url: key, target: nil).memory, key)
        XCTAssertEqual(LoadKey(url: key, target: PixelSize(width: 370, height: 200)).memory, key + " 370x200")
        XCTAssertNotEqual(LoadKey(url: key, target: PixelSize(side: 1)).memory, LoadKey(url: key, target: nil).memory)
        XCTAssertFalse(URL(string: "http://images.test/1.png#a b")?.absoluteString.contains(" ") ?? false, "a URL string holds no space")
    }
}
