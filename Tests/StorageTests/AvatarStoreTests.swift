import Foundation
import Storage
import XCTest

final class AvatarStoreTests: StorageTestCase {
    func test_store_thenAvatar_deliversTheBytes() async throws {
        let avatars = AvatarStore(database: try await openDatabase())
        let missing = try await avatars.avatar(for: "http://x/a.png")
        XCTAssertNil(missing)
        try await avatars.store(Data([1, 2, 3]), for: "http://x/a.png")
        try await avatars.store(Data([4, 5]), for: "http://x/a.png")
        let read = try await avatars.avatar(for: "http://x/a.png")
        XCTAssertEqual(read, Data([4, 5]), "a second store replaces")
        let total = try await avatars.totalSize()
        XCTAssertEqual(total, 2)
    }

    func test_store_overTheLimit_evictsTheLeastRecentlyUsed() async throws {
        // Given a, b, c at 100 bytes each in a 300-byte store, then a read of a
        let avatars = AvatarStore(database: try await openDatabase(), sizeLimit: 300)
        for (index, key) in ["a", "b", "c"].enumerated() { try await avatars.store(Data(repeating: UInt8(index), count: 100), for: key) }
        _ = try await avatars.avatar(for: "a")
        // When
        try await avatars.store(Data(repeating: 9, count: 100), for: "d")
        // Then
        let b = try await avatars.avatar(for: "b")
        XCTAssertNil(b, "b was the least recently used")
        for key in ["a", "c", "d"] {
            let read = try await avatars.avatar(for: key)
            XCTAssertNotNil(read, "\(key) was evicted")
        }
        let total = try await avatars.totalSize()
        XCTAssertEqual(total, 300)
    }

    func test_store_largerThanTheWholeLimit_isNotStoredAndEvictsNothing() async throws {
        let avatars = AvatarStore(database: try await openDatabase(), sizeLimit: 100)
        try await avatars.store(Data(repeating: 1, count: 60), for: "kept")
        try await avatars.store(Data(repeating: 2, count: 101), for: "huge")
        let huge = try await avatars.avatar(for: "huge")
        XCTAssertNil(huge)
        let kept = try await avatars.avatar(for: "kept")
        XCTAssertEqual(kept?.count, 60)
    }

    func test_lruOrder_survivesAReopen() async throws {
        // Given
        let first = AvatarStore(database: try await openDatabase(), sizeLimit: 300)
        for key in ["a", "b", "c"] { try await first.store(Data(repeating: 1, count: 100), for: key) }
        _ = try await first.avatar(for: "a")
        // When
        let second = AvatarStore(database: try await openDatabase(), sizeLimit: 300)
        try await second.store(Data(repeating: 2, count: 100), for: "d")
        // Then
        let a = try await second.avatar(for: "a")
        let b = try await second.avatar(for: "b")
        XCTAssertNotNil(a)
        XCTAssertNil(b)
    }
}

final class SettingsStoreTests: StorageTestCase {
    func test_load_withNothingSaved_isTheDefaultAvatarsOn() async throws {
        let settings = try await SettingsStore(database: try await openDatabase()).load()
        XCTAssertEqual(settings, FeedSettings(showsAvatars: true))
    }

    func test_save_survivesAReopenBothWays() async throws {
        try await SettingsStore(database: try await openDatabase()).save(FeedSettings(showsAvatars: false))
        let off = try await SettingsStore(database: try await openDatabase()).load()
        XCTAssertFalse(off.showsAvatars)
        try await SettingsStore(database: try await openDatabase()).save(FeedSettings(showsAvatars: true))
        let on = try await SettingsStore(database: try await openDatabase()).load()
        XCTAssertTrue(on.showsAvatars)
    }
}
