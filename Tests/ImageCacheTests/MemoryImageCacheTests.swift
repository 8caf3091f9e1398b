import ImageCodec
import XCTest

@testable import ImageCache

final class MemoryImageCacheTests: XCTestCase {
    /// A `side` × `side` image (cost `side * side * 4`) filled with `fill`.
    func image(_ side: Int, fill: UInt8 = 0) throws -> DecodedImage {
        try DecodedImage(width: side, height: side, pixels: [UInt8](repeating: fill, count: side * side * 4))
    }

    func test_image_returnsStoredImageOnHitAndNilOnMiss() throws {
        // Given
        let cache = MemoryImageCache(costLimit: 4_000)
        let stored = try image(10, fill: 7)
        // When
        XCTAssertTrue(cache.insert(stored, for: "a"))
        // Then
        XCTAssertEqual(cache.image(for: "a"), stored)
        XCTAssertNil(cache.image(for: "b"))
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalCost, 400)
    }

    func test_insert_evictsLeastRecentlyUsedAndAReadRefreshes() throws {
        // Given: ten 400-byte images fill a 4,000-byte cache
        let cache = MemoryImageCache(costLimit: 4_000)
        for key in 0..<10 { cache.insert(try image(10), for: "\(key)") }
        // When
        XCTAssertNotNil(cache.image(for: "0"))
        cache.insert(try image(10), for: "10")
        cache.insert(try image(10), for: "11")
        // Then: 1 and 2 were the least recently used; 0 was refreshed by the read
        XCTAssertNil(cache.image(for: "1"))
        XCTAssertNil(cache.image(for: "2"))
        XCTAssertNotNil(cache.image(for: "0"))
        XCTAssertEqual(cache.count, 10)
        XCTAssertNil(cache.consistencyProblem())
    }

    func test_insert_replacingAKeyAdjustsTheCostAndRefreshes() throws {
        let cache = MemoryImageCache(costLimit: 4_000)
        cache.insert(try image(10), for: "a")
        cache.insert(try image(5), for: "b")
        cache.insert(try image(5, fill: 1), for: "a")
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.totalCost, 200)
        XCTAssertEqual(cache.image(for: "a"), try image(5, fill: 1))
        cache.trim(toCost: 100)
        XCTAssertNil(cache.image(for: "b"), "a was replaced after b, so b is older")
        XCTAssertNil(cache.consistencyProblem())
    }

    func test_insert_refusesOversizeAndKeepsTheExistingEntry() throws {
        let cache = MemoryImageCache(costLimit: 4_000)
        XCTAssertTrue(cache.insert(try image(10), for: "a"), "exactly 10% is accepted")
        cache.insert(try image(5), for: "b")
        XCTAssertFalse(cache.insert(try image(11, fill: 1), for: "a"))
        XCTAssertFalse(cache.insert(try image(11), for: "c"))
        XCTAssertEqual(cache.image(for: "a"), try image(10))
        XCTAssertNotNil(cache.image(for: "b"))
        XCTAssertNil(cache.image(for: "c"))
        XCTAssertEqual(cache.totalCost, 500)
    }

    func test_insert_keepsAtMostCountLimitEntries() throws {
        let cache = MemoryImageCache(costLimit: 1_000_000, countLimit: 3)
        for key in 0..<5 { cache.insert(try image(4), for: "\(key)") }
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.totalCost, 3 * 64)
        XCTAssertNil(cache.image(for: "1"))
        XCTAssertNotNil(cache.image(for: "2"))
    }

    func test_trim_evictsOldestUntilAtMostTheCost() throws {
        let cache = MemoryImageCache(costLimit: 4_000)
        for key in 0..<10 { cache.insert(try image(10), for: "\(key)") }
        cache.trim(toCost: 1_000)
        XCTAssertEqual(cache.totalCost, 800)
        XCTAssertEqual(cache.count, 2)
        XCTAssertNotNil(cache.image(for: "8"))
        XCTAssertNotNil(cache.image(for: "9"))
        cache.trim(toCost: -1)
        XCTAssertEqual(cache.count, 0)
        XCTAssertNil(cache.consistencyProblem())
    }

    func test_removeAllAndRemoveImage_empty() throws {
        let cache = MemoryImageCache(costLimit: 4_000)
        for key in 0..<5 { cache.insert(try image(10), for: "\(key)") }
        cache.removeImage(for: "3")
        cache.removeImage(for: "absent")
        XCTAssertNil(cache.image(for: "3"))
        XCTAssertEqual(cache.totalCost, 1_600)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertNil(cache.image(for: "0"))
        XCTAssertTrue(cache.insert(try image(10), for: "again"))
        XCTAssertNil(cache.consistencyProblem())
    }

    func test_init_clampsNegativeLimitsToZeroAndRefusesEverything() throws {
        let cache = MemoryImageCache(costLimit: -5, countLimit: -1)
        XCTAssertEqual(cache.costLimit, 0)
        XCTAssertEqual(cache.countLimit, 0)
        XCTAssertFalse(cache.insert(try image(1), for: "a"))
        XCTAssertEqual(cache.count, 0)
        let noCount = MemoryImageCache(costLimit: 4_000, countLimit: 0)
        XCTAssertFalse(noCount.insert(try image(1), for: "a"))
    }

    func test_concurrentUseFromEightTasks_keepsTheInvariants() async throws {
        // Given: 64 keys, images of 4–400 bytes, a limit that forces constant eviction
        let cache = MemoryImageCache(costLimit: 4_000)
        let images = try (1...10).map { try image($0, fill: UInt8($0)) }
        // When
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var state = UInt64(task + 1)
                    for step in 0..<5_000 {
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        let key = "\(Int(state >> 58))"
                        switch step % 10 {
                        case 0..<5: cache.insert(images[Int(state >> 33) % images.count], for: key)
                        case 5..<9:
                            if let hit = cache.image(for: key) {
                                XCTAssertEqual(hit.pixels.first, UInt8(hit.width), "an image came back torn")
                            }
                        default: cache.removeImage(for: key)
                        }
                        XCTAssertLessThanOrEqual(cache.totalCost, 4_000)
                    }
                }
            }
        }
        // Then
        XCTAssertNil(cache.consistencyProblem())
        XCTAssertLessThanOrEqual(cache.totalCost, 4_000)
    }
}
