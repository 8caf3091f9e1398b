import Foundation
import ImageCodec
import Networking
import XCTest

@testable import ImageCache

/// HeapTrimmer: a pipeline that opts in switches it on; then freeing a megabyte or more of images trims.
final class HeapTrimmerTests: XCTestCase {
    private struct NoNetwork: HTTPClient {
        func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { throw .offline }
    }

    func test_evictingAMegabyteAfterAnOptedInPipelineStarted_trims() throws {
        _ = ImagePipeline(
            client: NoNetwork(), memory: MemoryImageCache(),
            disk: DiskCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("trim-\(UUID().uuidString)")),
            configuration: .init(returnsFreedMemory: true))
        // 512×512 RGBA = 1 MB per image; a 2 MB cache evicts one image per insert from the third on.
        let image = try DecodedImage(width: 512, height: 512, pixels: [UInt8](repeating: 1, count: 512 * 512 * 4))
        let cache = MemoryImageCache(costLimit: 10 * 1024 * 1024 + 1)
        for index in 0..<10 { cache.insert(image, for: "\(index)") }
        let before = HeapTrimmer.trims
        cache.insert(image, for: "one more")  // evicts the oldest: 1 MB freed
        XCTAssertGreaterThan(HeapTrimmer.trims, before)
        let afterEviction = HeapTrimmer.trims
        _ = cache.image(for: "one more")
        XCTAssertEqual(HeapTrimmer.trims, afterEviction, "a hit frees nothing and must not trim")
    }

    func test_lessThanAMegabyte_waitsForMore() {
        HeapTrimmer.enable()
        HeapTrimmer.released(bytes: HeapTrimmer.threshold)  // start from an empty tally
        let before = HeapTrimmer.trims
        HeapTrimmer.released(bytes: HeapTrimmer.threshold / 2)
        XCTAssertEqual(HeapTrimmer.trims, before)
        HeapTrimmer.released(bytes: HeapTrimmer.threshold / 2)
        XCTAssertEqual(HeapTrimmer.trims, before + 1)
    }
}
