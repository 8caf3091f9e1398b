import Foundation
import ImageCache
import XCTest

/// The access times a read writes to disk: skipped when the entry's file already has the
/// newest stamp, and never at the cost of the LRU order a restart reads back.
final class DiskCacheAccessStampTests: CacheFolderTestCase {
    private func bytes(_ count: Int, _ seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0) ^ seed })
    }

    private func modified(_ key: String) throws -> Date {
        let path = folder.appendingPathComponent(DiskCache.fileName(for: key)).path
        return try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    func test_readsInTurn_keepTheirOrderAcrossARestart() async {
        // Given reads that make c the least recently used, with repeated reads of one entry
        let first = DiskCache(folder: folder, sizeLimit: 300)
        for (index, key) in ["a", "b", "c"].enumerated() { await first.store(bytes(100, UInt8(index)), for: key) }
        for key in ["a", "a", "b", "a"] { _ = await first.data(for: key) }
        // When a new instance opens the folder and must evict one entry
        let second = DiskCache(folder: folder, sizeLimit: 300)
        await second.store(bytes(100, 3), for: "d")
        // Then c went, and a and b (read after it) stayed
        let c = await second.data(for: "c")
        XCTAssertNil(c)
        let a = await second.data(for: "a")
        XCTAssertEqual(a, bytes(100, 0))
        let b = await second.data(for: "b")
        XCTAssertEqual(b, bytes(100, 1))
    }

    func test_readingTheNewestEntryAgain_leavesItsFileTimeAlone() async throws {
        // Given a read of a, which stamps its file newer than b's
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        await cache.store(bytes(100, 1), for: "a")
        await cache.store(bytes(100, 2), for: "b")
        _ = await cache.data(for: "a")
        let afterFirstRead = try modified("a")
        XCTAssertGreaterThan(afterFirstRead, try modified("b"))
        // When a is read again
        let again = await cache.data(for: "a")
        // Then the bytes come back and the file keeps its time; reading b stamps b newer
        XCTAssertEqual(again, bytes(100, 1))
        XCTAssertEqual(try modified("a"), afterFirstRead)
        _ = await cache.data(for: "b")
        XCTAssertGreaterThan(try modified("b"), afterFirstRead)
    }
}
