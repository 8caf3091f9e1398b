import Foundation
import GRDB
import FeedData
import Storage
import XCTest

/// ``TweetStore`` keeps every character of a tweet's text and its author's names, NUL included.
final class TweetStoreTextTests: StorageTestCase {
    /// Texts with a NUL in each place, next to ones without.
    private static let texts = ["a\u{0}b", "\u{0}", "\u{0}leading", "trailing\u{0}", "two\u{0}\u{0}NULs 🚀\u{0}é", "", "plain"]

    func test_save_textWithNUL_readsBackWhole() async throws {
        // Given
        let store = TweetStore(database: try await openDatabase())
        let tweets = Self.texts.enumerated().map { Fixture.tweet(Int64($0.offset + 1), text: $0.element) }

        // When
        try await store.save(tweets)

        // Then
        let latest = try await store.latest(limit: 100)
        XCTAssertEqual(latest.reversed().map(\.text), Self.texts)
    }

    func test_save_textWithNUL_isStoredAsWholeText() async throws {
        // Given
        try await TweetStore(database: try await openDatabase()).save([Fixture.tweet(1, text: "a\u{0}b")])

        // When read by another SQLite client
        let queue = try DatabaseQueue(path: databaseURL.path)
        let row = try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT typeof(text), length(CAST(text AS BLOB)) FROM tweet")
        }

        // Then it is TEXT (not a blob) of all 3 bytes
        XCTAssertEqual(row?[0] as String?, "text")
        XCTAssertEqual(row?[1] as Int?, 3)
    }

    func test_save_userNamesWithNUL_readBackWhole() async throws {
        let author = TwitterUser(id: 42, name: "Ada\u{0}Lovelace", screenName: "ada\u{0}", avatarURL: nil)
        let readBack = try await authorReadBack(author)
        XCTAssertEqual(readBack, author)
    }

    func test_observeLatest_textWithNUL_isWhole() async throws {
        // Given
        let store = TweetStore(database: try await openDatabase())
        try await store.save([Fixture.tweet(1, text: "before\u{0}after")])

        // When
        var iterator = store.observeLatest(limit: 1).makeAsyncIterator()
        let latest = try await iterator.next()

        // Then
        XCTAssertEqual(latest?.first?.text, "before\u{0}after")
    }

    func test_save_textWithNUL_survivesAReopen() async throws {
        // Given
        try await TweetStore(database: try await openDatabase()).save([Fixture.tweet(1, text: "x\u{0}y")])

        // When
        let latest = try await TweetStore(database: try await openDatabase()).latest(limit: 1)

        // Then
        XCTAssertEqual(latest.first?.text, "x\u{0}y")
    }
}
