import ContractsImageCaching
import SimpleCaches
import XCTest

/// ``SimpleImageCache`` keeps every ImageCaching rule: adopted through XCTest and the spec protocol.
final class SimpleImageCacheContractTests: XCTestCase, ImageCachingContractSpec {
    let subject = ImageCachingSubject(name: "SimpleImageCache") { SimpleImageCache(costLimit: $0) }

    func test_memory_limitNeverExceeded() async { await assertKeeps(ImageCachingContracts.limitNeverExceeded, subject) }
    func test_memory_lruEviction() async { await assertKeeps(ImageCachingContracts.lruEviction, subject) }
    func test_memory_oversizeRefused() async { await assertKeeps(ImageCachingContracts.oversizeRefused, subject) }
    func test_memory_costIsDecodedBytes() async { await assertKeeps(ImageCachingContracts.costIsDecodedBytes, subject) }
    func test_memory_trimAndRemoveAll() async { await assertKeeps(ImageCachingContracts.trimAndRemoveAll, subject) }
}
