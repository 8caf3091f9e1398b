import Foundation
import ImageCache
import XCTest

final class DiskCacheTests: CacheFolderTestCase {
    override func tearDown() async throws {
        _ = chmod(folder.path, 0o755)
        try await super.tearDown()
    }

    private func bytes(_ count: Int, _ seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0) ^ seed })
    }

    /// Asserts the cache reports `expected` bytes in use.
    private func assertTotalSize(_ cache: DiskCache, _ expected: Int, file: StaticString = #filePath, line: UInt = #line) async {
        let total = await cache.totalSize
        XCTAssertEqual(total, expected, "totalSize", file: file, line: line)
    }

    private func files() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    func test_store_thenReadReturnsTheBytes() async {
        // Given
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        // When
        await cache.store(bytes(100, 1), for: "a")
        // Then
        let read = await cache.data(for: "a")
        XCTAssertEqual(read, bytes(100, 1))
        let missing = await cache.data(for: "b")
        XCTAssertNil(missing)
        await assertTotalSize(cache, 100)
    }

    func test_store_replacesTheEarlierValue() async {
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        await cache.store(bytes(100, 1), for: "a")
        await cache.store(bytes(40, 2), for: "a")
        let read = await cache.data(for: "a")
        XCTAssertEqual(read, bytes(40, 2))
        await assertTotalSize(cache, 40)
        XCTAssertEqual(files().count, 1)
    }

    func test_store_evictsLeastRecentlyUsedFirst() async {
        // Given a full cache where a was read after c was written
        let cache = DiskCache(folder: folder, sizeLimit: 300)
        for (index, key) in ["a", "b", "c"].enumerated() { await cache.store(bytes(100, UInt8(index)), for: key) }
        _ = await cache.data(for: "a")
        // When
        await cache.store(bytes(100, 3), for: "d")
        await cache.store(bytes(100, 4), for: "e")
        // Then b, then c went; a stayed
        var present: [String] = []
        for key in ["a", "b", "c", "d", "e"] where await cache.data(for: key) != nil { present.append(key) }
        XCTAssertEqual(present, ["a", "d", "e"])
        await assertTotalSize(cache, 300)
    }

    func test_store_overTheWholeLimitStoresNothingAndDropsTheOldValue() async {
        let cache = DiskCache(folder: folder, sizeLimit: 100)
        await cache.store(bytes(50, 1), for: "keep")
        await cache.store(bytes(50, 1), for: "big")
        await cache.store(bytes(101, 2), for: "big")
        let big = await cache.data(for: "big")
        XCTAssertNil(big)
        let kept = await cache.data(for: "keep")
        XCTAssertEqual(kept, bytes(50, 1))
        await assertTotalSize(cache, 50)
    }

    func test_removeDataAndRemoveAll_deleteFiles() async {
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        for key in ["a", "b", "c"] { await cache.store(bytes(10, 0), for: key) }
        await cache.removeData(for: "a")
        let a = await cache.data(for: "a")
        XCTAssertNil(a)
        XCTAssertEqual(files().count, 2)
        await cache.removeAll()
        XCTAssertEqual(files(), [])
        await assertTotalSize(cache, 0)
    }

    func test_restart_keepsDataAndLRUOrder() async {
        // Given a cache where a was read after c was written
        let first = DiskCache(folder: folder, sizeLimit: 300)
        for (index, key) in ["a", "b", "c"].enumerated() { await first.store(bytes(100, UInt8(index)), for: key) }
        _ = await first.data(for: "a")
        // When a new instance opens the folder and must evict
        let second = DiskCache(folder: folder, sizeLimit: 300)
        let total = await second.totalSize
        XCTAssertEqual(total, 300)
        await second.store(bytes(100, 3), for: "d")
        // Then the least recently used (b) went
        let b = await second.data(for: "b")
        XCTAssertNil(b)
        let a = await second.data(for: "a")
        XCTAssertEqual(a, bytes(100, 0))
        let c = await second.data(for: "c")
        XCTAssertEqual(c, bytes(100, 2))
    }

    func test_init_deletesTemporaryLeftoversAndIgnoresForeignFiles() async throws {
        // Given a crash that left a half-written temporary file
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bytes(500, 0).write(to: folder.appendingPathComponent(".tmp-\(UUID().uuidString)"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README"))
        // When
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        // Then
        XCTAssertEqual(files(), ["README"])
        await assertTotalSize(cache, 0)
    }

    func test_replaceInterruptedBetweenTempAndRename_leavesTheOldValueWhole() async throws {
        // Given a stored value, and a crash while replacing it: the new bytes only partly
        // written to a temporary file, never renamed
        let cache = DiskCache(folder: folder, sizeLimit: 100_000)
        await cache.store(bytes(5000, 1), for: "key")
        try bytes(2000, 2).write(to: folder.appendingPathComponent(".tmp-\(UUID().uuidString)"))

        // When the app starts again
        let restarted = DiskCache(folder: folder, sizeLimit: 100_000)

        // Then it reads the old value whole, never a part of the new one
        let read = await restarted.data(for: "key")
        XCTAssertEqual(read, bytes(5000, 1))
        XCTAssertFalse(files().contains { $0.hasPrefix(".tmp-") })
    }

    func test_fileName_isTheSHA256HexOfTheKey() async {
        XCTAssertEqual(DiskCache.fileName(for: "abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        await cache.store(bytes(3, 0), for: "abc")
        XCTAssertEqual(files(), ["ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"])
    }

    func test_store_inUnwritableFolder_reportsFailureAndKeepsEarlierData() async throws {
        // Given
        let cache = DiskCache(folder: folder, sizeLimit: 1000)
        await cache.store(bytes(100, 1), for: "x")
        let failures = cache.failures()
        let restore = try makeUnwritable(folder)
        // When
        await cache.store(bytes(50, 2), for: "y")
        await cache.store(bytes(50, 3), for: "x")
        // Then
        var iterator = failures.makeAsyncIterator()
        let failure = await iterator.next()
        XCTAssertEqual(failure?.operation, .write)
        XCTAssertEqual(failure?.key, "y")
        try restore()
        let x = await cache.data(for: "x")
        XCTAssertEqual(x, bytes(100, 1))
        let y = await cache.data(for: "y")
        XCTAssertNil(y)
        await assertTotalSize(cache, 100)
        XCTAssertEqual(files().filter { $0.hasPrefix(".tmp-") }, [], "no temporary file is left behind")
    }

    func test_init_withUncreatableFolder_worksEmptyAndReportsCreateFolder() async throws {
        // Given a folder path whose parent is a regular file
        let blocker = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let cache = DiskCache(folder: blocker.appendingPathComponent("cache"), sizeLimit: 1000)
        let failures = cache.failures()
        // When
        await cache.store(bytes(10, 0), for: "a")
        // Then
        var iterator = failures.makeAsyncIterator()
        let failure = await iterator.next()
        XCTAssertEqual(failure?.operation, .createFolder)
        let read = await cache.data(for: "a")
        XCTAssertNil(read)
        await assertTotalSize(cache, 0)
    }

    func test_failures_reachEverySubscriber() async throws {
        let blocker = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let cache = DiskCache(folder: blocker.appendingPathComponent("cache"), sizeLimit: 1000)
        let streams = [cache.failures(), cache.failures()]
        await cache.store(bytes(10, 0), for: "a")
        for stream in streams {
            var iterator = stream.makeAsyncIterator()
            let failure = await iterator.next()
            XCTAssertEqual(failure?.key, "a")
        }
    }

    /// Makes `folder` reject new files: `chmod 0o555` where that works; as root (where it does
    /// not) the folder is moved aside and a regular file takes its path. Returns the undo.
    private func makeUnwritable(_ folder: URL) throws -> () throws -> Void {
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        let probe = folder.appendingPathComponent("probe")
        if FileManager.default.createFile(atPath: probe.path, contents: nil) {
            try FileManager.default.removeItem(at: probe)
            XCTAssertEqual(chmod(folder.path, 0o755), 0)
            let aside = root.appendingPathComponent("aside")
            try FileManager.default.moveItem(at: folder, to: aside)
            try Data("not a folder".utf8).write(to: folder)
            return {
                try FileManager.default.removeItem(at: folder)
                try FileManager.default.moveItem(at: aside, to: folder)
            }
        }
        return { XCTAssertEqual(chmod(folder.path, 0o755), 0) }
    }
}
