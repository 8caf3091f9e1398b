import Contracts
import ImageCache
import XCTest

/// The in-memory LRU cache keeps every ImageCaching rule.
final class MemoryImageCacheConformanceTests: XCTestCase, ImageCachingContractSpec {
    static let ours = ImageCachingSubject(name: "MemoryImageCache") { MemoryImageCache(costLimit: $0) }

    var subject: ImageCachingSubject { Self.ours }

    func test_memory_limitNeverExceeded() async { await assertKeeps(ImageCachingContracts.limitNeverExceeded, subject) }
    func test_memory_lruEviction() async { await assertKeeps(ImageCachingContracts.lruEviction, subject) }
    func test_memory_oversizeRefused() async { await assertKeeps(ImageCachingContracts.oversizeRefused, subject) }
    func test_memory_costIsDecodedBytes() async { await assertKeeps(ImageCachingContracts.costIsDecodedBytes, subject) }
    func test_memory_trimAndRemoveAll() async { await assertKeeps(ImageCachingContracts.trimAndRemoveAll, subject) }
}
