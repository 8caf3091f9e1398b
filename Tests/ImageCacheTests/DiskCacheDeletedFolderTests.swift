import Foundation
import ImageCache
import XCTest

/// A cache folder deleted from outside while the cache runs (a user clearing caches, a cleaner).
final class DiskCacheDeletedFolderTests: CacheFolderTestCase {
    func test_store_afterTheFolderWasDeleted_createsItAgainAndKeepsTheEntry() async throws {
        // Given a cache holding a, whose folder is then deleted
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        await cache.store(Data(repeating: 1, count: 100), for: "a")
        try FileManager.default.removeItem(at: folder)
        // When
        await cache.store(Data(repeating: 2, count: 40), for: "b")
        // Then b is kept, in a new folder that a restart reads; a went with the old folder
        let read = await cache.data(for: "b")
        XCTAssertEqual(read, Data(repeating: 2, count: 40))
        let total = await cache.totalSize
        XCTAssertEqual(total, 40, "the index starts over with the folder")
        let restarted = DiskCache(folder: folder, sizeLimit: 1000)
        let afterRestart = await restarted.data(for: "b")
        XCTAssertEqual(afterRestart, Data(repeating: 2, count: 40))
        let gone = await restarted.data(for: "a")
        XCTAssertNil(gone)
    }

    func test_store_afterTheFolderWasDeleted_reportsNoFailure() async throws {
        // Given
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        let failures = cache.failures()
        await cache.store(Data(repeating: 1, count: 10), for: "a")
        try FileManager.default.removeItem(at: folder)
        // When the write recovers, and a write that cannot succeed follows
        await cache.store(Data(repeating: 2, count: 10), for: "b")
        await cache.store(Data(repeating: 3, count: 2000), for: "c")  // over the limit: not stored, not a failure
        try FileManager.default.removeItem(at: folder)
        try Data("not a folder".utf8).write(to: folder)
        await cache.store(Data(repeating: 4, count: 10), for: "d")
        // Then the only failure reported is the one that could not be recovered
        var iterator = failures.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first?.key, "d")
    }
}
