import Foundation
import ImageCache
import XCTest

/// ``DiskCache`` keeps each entry's ``CacheEntryMetadata`` in a header of its file, and reads
/// entries written without one (older versions) as before.
final class DiskCacheMetadataTests: CacheFolderTestCase {
    private let bytes = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 13) })
    private let metadata = CacheEntryMetadata(
        etag: "\"abc\"", lastModified: "Tue, 24 Nov 2026 10:00:00 GMT", validatedAt: Date(timeIntervalSince1970: 1_800_000_000),
        maxAge: 60)

    func test_storeWithMetadata_readsBackBothAndSurvivesARestart() async {
        // Given
        let cache = DiskCache(folder: folder)
        // When
        await cache.store(bytes, metadata: metadata, for: "a")
        // Then
        let entry = await cache.entry(for: "a")
        XCTAssertEqual(entry, CachedData(data: bytes, metadata: metadata))
        let data = await cache.data(for: "a")
        XCTAssertEqual(data, bytes, "data(for:) returns the stored bytes alone, without the header")
        let restarted = await DiskCache(folder: folder).entry(for: "a")
        XCTAssertEqual(restarted, CachedData(data: bytes, metadata: metadata))
    }

    func test_plainStore_readsAsWithoutMetadata() async {
        // Given
        let cache = DiskCache(folder: folder)
        await cache.store(bytes, metadata: metadata, for: "a")
        // When: replaced by a plain store
        await cache.store(bytes, for: "a")
        // Then
        let entry = await cache.entry(for: "a")
        XCTAssertEqual(entry, CachedData(data: bytes, metadata: nil))
        let total = await cache.totalSize
        XCTAssertEqual(total, bytes.count, "a plain entry is the bytes alone")
    }

    func test_fileOfAnOlderVersion_isReadWithoutMetadata() async throws {
        // Given: a file written as older versions did, the bytes alone under the key's hash
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent(DiskCache.fileName(for: "a")))
        // When
        let entry = await DiskCache(folder: folder).entry(for: "a")
        // Then
        XCTAssertEqual(entry, CachedData(data: bytes, metadata: nil))
    }

    func test_updateMetadata_keepsTheBytes() async {
        // Given
        let cache = DiskCache(folder: folder)
        await cache.store(bytes, metadata: metadata, for: "a")
        var refreshed = metadata
        refreshed.validatedAt = Date(timeIntervalSince1970: 1_800_000_100)
        refreshed.maxAge = 0
        // When
        await cache.updateMetadata(refreshed, for: "a")
        await cache.updateMetadata(refreshed, for: "missing")
        // Then
        let entry = await DiskCache(folder: folder).entry(for: "a")
        XCTAssertEqual(entry, CachedData(data: bytes, metadata: refreshed))
        let missing = await cache.entry(for: "missing")
        XCTAssertNil(missing, "updating the metadata of no entry creates none")
    }

    func test_damagedHeader_isAMiss() async throws {
        // Given
        let cache = DiskCache(folder: folder)
        await cache.store(bytes, metadata: metadata, for: "a")
        let file = folder.appendingPathComponent(DiskCache.fileName(for: "a"))
        var damaged = try Data(contentsOf: file)
        damaged[10] = 0xFF  // the header's length: far past the file's end
        try damaged.write(to: file)
        // When
        let entry = await DiskCache(folder: folder).entry(for: "a")
        // Then
        XCTAssertNil(entry)
    }

    func test_isStale_followsMaxAgeElseTheDefault() {
        let now = metadata.validatedAt.addingTimeInterval(30)
        XCTAssertFalse(metadata.isStale(at: now, defaultLifetime: .zero), "30 s into max-age=60")
        XCTAssertTrue(metadata.isStale(at: now.addingTimeInterval(30), defaultLifetime: .seconds(3600)), "60 s into max-age=60")
        var noMaxAge = metadata
        noMaxAge.maxAge = nil
        XCTAssertFalse(noMaxAge.isStale(at: now, defaultLifetime: .seconds(31)))
        XCTAssertTrue(noMaxAge.isStale(at: now, defaultLifetime: .seconds(30)))
        XCTAssertFalse(noMaxAge.isStale(at: metadata.validatedAt.addingTimeInterval(-100), defaultLifetime: .milliseconds(1)),
                       "a clock that stepped back counts as age 0")
    }
}
