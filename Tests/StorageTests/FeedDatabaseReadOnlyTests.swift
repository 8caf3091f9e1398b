import Foundation
import FeedData
import GRDB
import Storage
import XCTest

/// `FeedDatabase.openReadOnly`: what a feed can still show when its cache cannot be written.
/// (Its use when the file system is really read-only is tested end to end by
/// `ScreenCommandRobustnessTests` and `FeedStorageTests`, which can make it so as root.)
final class FeedDatabaseReadOnlyTests: StorageTestCase {
    /// Fills a cache and closes it; returns the tweets saved.
    private func fillCache() async throws -> [Tweet] {
        let tweets = Fixture.tweets(1...5)
        let database = try await openDatabase()
        try await TweetStore(database: database).save(tweets)
        try await AvatarStore(database: database).store(Data([1, 2, 3]), for: "http://a.test/1.png")
        try await SettingsStore(database: database).save(FeedSettings(showsAvatars: false))
        return tweets
    }

    func test_openReadOnly_readsWhatWasSaved_andRefusesEveryWrite() async throws {
        // Given
        let tweets = try await fillCache()

        // When
        let database = try await FeedDatabase.openReadOnly(at: databaseURL)

        // Then
        XCTAssertTrue(database.isReadOnly)
        let store = TweetStore(database: database)
        let latest = try await store.latest(limit: 10)
        XCTAssertEqual(latest.map(\.id), tweets.map(\.id).reversed())
        let settings = try await SettingsStore(database: database).load()
        XCTAssertEqual(settings, FeedSettings(showsAvatars: false))
        let avatar = try await database.storedAvatar(for: "http://a.test/1.png")
        XCTAssertEqual(avatar, Data([1, 2, 3]))
        do {
            try await store.save([Fixture.tweet(99)])
            XCTFail("a read-only database took a write")
        } catch {
            XCTAssertEqual(error.kind, .writeFailed)
            XCTAssertEqual(error.resultCode, .SQLITE_READONLY, error.description)
            XCTAssertTrue(
                error.description.hasPrefix("saving 1 tweets to \(databaseURL.path) failed: 8 (attempt to write a readonly database)"),
                error.description)
        }
    }

    func test_openReadOnly_ofAMissingFile_throwsCannotOpen_andCreatesNothing() async throws {
        do {
            _ = try await FeedDatabase.openReadOnly(at: databaseURL)
            XCTFail("opened a file that is not there")
        } catch {
            XCTAssertEqual(error.kind, .cannotOpen)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func test_openReadOnly_ofAFileThatIsNotADatabase_throwsCannotOpen_andLeavesItWhereItIs() async throws {
        // Given
        try Data("not a database, at all; long enough to be read as a header".utf8).write(to: databaseURL)

        // When / Then
        do {
            _ = try await FeedDatabase.openReadOnly(at: databaseURL)
            XCTFail("opened garbage")
        } catch {
            XCTAssertEqual(error.kind, .cannotOpen)
            XCTAssertEqual(error.resultCode, .SQLITE_NOTADB, "SQLite's code is kept: the file is the problem, not the place")
            XCTAssertFalse(error.isEnvironmentFailure)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["feed.sqlite"], "nothing moved aside")
    }
}
