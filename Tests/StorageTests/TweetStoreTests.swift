import Foundation
import FeedData
import Synchronization
@testable import Storage
import XCTest

final class TweetStoreTests: StorageTestCase {
    func test_latest_onANewDatabase_isEmpty() async throws {
        let store = TweetStore(database: try await openDatabase())
        let latest = try await store.latest(limit: 50)
        XCTAssertEqual(latest, [])
        let count = try await store.count()
        XCTAssertEqual(count, 0)
    }

    func test_save_thenLatest_deliversTweetsWithAuthorsNewestFirst() async throws {
        // Given
        let store = TweetStore(database: try await openDatabase())
        let tweets = Fixture.tweets([3, 1, 2])
        // When
        let summary = try await store.save(tweets)
        // Then
        XCTAssertEqual(summary, TweetSaveSummary(inserted: 3, dropped: 0))
        let latest = try await store.latest(limit: 10)
        XCTAssertEqual(latest.map(\.id), [3, 2, 1].map { Fixture.base + $0 })
        XCTAssertEqual(latest, tweets.sorted { $0.id > $1.id }, "every field, authors included, round-trips")
        let firstTwo = try await store.latest(limit: 2)
        XCTAssertEqual(firstTwo.map(\.id), [Fixture.base + 3, Fixture.base + 2])
    }

    func test_save_twice_updatesInsteadOfDuplicating() async throws {
        let store = TweetStore(database: try await openDatabase())
        try await store.save(Fixture.tweets(1...5))
        let again = try await store.save(Fixture.tweets(3...7) + [Fixture.tweet(4, user: 0, text: "edited")])
        XCTAssertEqual(again.inserted, 2, "6 and 7 are new; 3, 4, 5 were there")
        let latest = try await store.latest(limit: 100)
        XCTAssertEqual(latest.map(\.id), (1...7).reversed().map { Fixture.base + $0 })
        XCTAssertEqual(latest.first { $0.id == Fixture.base + 4 }?.text, "edited")
    }

    func test_save_updatesAUserButAnUnknownAuthorNeverErasesOne() async throws {
        let store = TweetStore(database: try await openDatabase())
        try await store.save([Fixture.tweet(1, user: 1)])
        let renamed = TwitterUser(id: Fixture.user(1).id, name: "Renamed", screenName: "renamed", avatarURL: nil)
        let unknown = TwitterUser(id: Fixture.user(1).id, name: "", screenName: "", avatarURL: nil)
        try await store.save([Tweet(id: Fixture.base + 2, text: "b", createdAt: Date(timeIntervalSince1970: 0), author: renamed)])
        try await store.save([Tweet(id: Fixture.base + 3, text: "c", createdAt: Date(timeIntervalSince1970: 0), author: unknown)])
        let authors = try await store.latest(limit: 3).map(\.author)
        XCTAssertEqual(authors, [renamed, renamed, renamed])
    }

    func test_save_sameAuthorTwiceInAPage_storesTheLaterDescription() async throws {
        // Given one page naming user 1 three times: known, renamed, then undescribed
        let store = TweetStore(database: try await openDatabase())
        let id = Fixture.user(1).id
        let renamed = TwitterUser(id: id, name: "Renamed", screenName: "renamed", avatarURL: "http://127.0.0.1/new.png")
        let unknown = TwitterUser(id: id, name: "", screenName: "", avatarURL: nil)
        let page = [
            Fixture.tweet(1, user: 1),
            Tweet(id: Fixture.base + 2, text: "b", createdAt: Date(timeIntervalSince1970: 2), author: renamed),
            Tweet(id: Fixture.base + 3, text: "c", createdAt: Date(timeIntervalSince1970: 3), author: unknown),
        ]
        // When
        let summary = try await store.save(page)
        // Then
        XCTAssertEqual(summary, TweetSaveSummary(inserted: 3, dropped: 0))
        let authors = try await store.latest(limit: 3).map(\.author)
        XCTAssertEqual(authors, [renamed, renamed, renamed], "the later name wins; the undescribed one erases nothing")
    }

    func test_save_pageLongerThanOneStatement_keepsTheLaterCopyOfARepeatedTweet() async throws {
        // Given a page over several multi-row statements repeating tweet 5 at its end
        let store = TweetStore(database: try await openDatabase())
        let count = Int64(TweetStore.tweetsPerStatement * 2 + 50)
        let page = Fixture.tweets(1...count) + [Fixture.tweet(5, user: 0, text: "edited")]
        // When
        let summary = try await store.save(page)
        // Then
        XCTAssertEqual(summary, TweetSaveSummary(inserted: Int(count), dropped: 0))
        let latest = try await store.latest(limit: 1_000)
        XCTAssertEqual(latest.map(\.id), (1...count).reversed().map { Fixture.base + $0 })
        XCTAssertEqual(latest.first { $0.id == Fixture.base + 5 }?.text, "edited")
        XCTAssertEqual(latest.first { $0.id == Fixture.base + 6 }, Fixture.tweet(6, user: 0))
    }

    func test_save_unknownAuthorNeverSeenBefore_isKeptWithEmptyNames() async throws {
        let unknown = TwitterUser(id: 77, name: "", screenName: "", avatarURL: nil)
        let readBack = try await authorReadBack(unknown)
        XCTAssertEqual(readBack, unknown)
        XCTAssertEqual(readBack?.isKnown, false)
    }

    func test_save_overCapacity_keepsTheNewestThousand() async throws {
        // Given 1,200 tweets in three pages, the oldest page saved last
        let store = TweetStore(database: try await openDatabase())
        try await store.save(Fixture.tweets(801...1200))
        try await store.save(Fixture.tweets(401...800))
        // When
        let summary = try await store.save(Fixture.tweets(1...400))
        // Then
        XCTAssertEqual(summary.dropped, 200)
        let count = try await store.count()
        XCTAssertEqual(count, 1_000)
        let latest = try await store.latest(limit: 2_000)
        XCTAssertEqual(latest.map(\.id), (201...1200).reversed().map { Fixture.base + $0 })
    }

    func test_save_dropsOrphanedUsersAndTheirAvatarsButKeepsShared() async throws {
        // Given user 1's only tweet is the oldest; user 2 shares user 0's avatar URL
        let database = try await openDatabase()
        let store = TweetStore(database: database, capacity: 3)
        let avatars = AvatarStore(database: database)
        let sharing = TwitterUser(id: 5, name: "Sharer", screenName: "sharer", avatarURL: Fixture.user(0).avatarURL)
        let sharingTweet = Tweet(id: Fixture.base + 1, text: "shares", createdAt: Date(), author: sharing)
        try await store.save([sharingTweet, Fixture.tweet(2, user: 1), Fixture.tweet(3, user: 0)])
        for user in [Fixture.user(0), Fixture.user(1)] {
            try await avatars.store(Data(repeating: 1, count: 10), for: try XCTUnwrap(user.avatarURL))
        }
        // When tweets 4 and 5 (user 0) push out 1 and 2
        try await store.save([Fixture.tweet(4, user: 0), Fixture.tweet(5, user: 0)])
        // Then
        let user1Avatar = try await avatars.avatar(for: try XCTUnwrap(Fixture.user(1).avatarURL))
        XCTAssertNil(user1Avatar, "user 1 has no tweet left: its avatar goes")
        let user0Avatar = try await avatars.avatar(for: try XCTUnwrap(Fixture.user(0).avatarURL))
        XCTAssertNotNil(user0Avatar, "user 0 still has tweets (and the sharer's left with it)")
        let authors = Set(try await store.latest(limit: 10).map(\.author.id))
        XCTAssertEqual(authors, [Fixture.user(0).id])
    }

    func test_latest_negativeLimit_isATypedError() async throws {
        let store = TweetStore(database: try await openDatabase())
        do {
            _ = try await store.latest(limit: -1)
            XCTFail("a negative limit was accepted")
        } catch {
            XCTAssertEqual(error.kind, .invalidArgument)
        }
    }

    func test_save_survivesAReopen() async throws {
        let tweets = Fixture.tweets(1...30)
        try await TweetStore(database: try await openDatabase()).save(tweets)
        let reopened = TweetStore(database: try await openDatabase())
        let latest = try await reopened.latest(limit: 100)
        XCTAssertEqual(latest, tweets.sorted { $0.id > $1.id })
    }

    func test_observeLatest_deliversNowAndAfterEachSave() async throws {
        // Given
        let store = TweetStore(database: try await openDatabase())
        try await store.save(Fixture.tweets([1]))
        var iterator = store.observeLatest(limit: 2).makeAsyncIterator()
        // When / Then
        let initial = try await iterator.next()
        XCTAssertEqual(initial?.map(\.id), [Fixture.base + 1])
        try await store.save(Fixture.tweets([2, 3]))
        var update = try await iterator.next()
        if update?.count == 2, update?.first?.id != Fixture.base + 3 { update = try await iterator.next() }
        XCTAssertEqual(update?.map(\.id), [Fixture.base + 3, Fixture.base + 2])
    }

    @MainActor
    func test_noStatementRunsOnTheMainThread_whenCalledFromTheMainActor() async throws {
        // Given a database reporting the thread of every statement
        XCTAssertTrue(Thread.isMainThread, "the test itself runs on the main thread")
        let threads = ThreadLog()
        let database = try await FeedDatabase.open(at: databaseURL) { _ in threads.record() }
        let store = TweetStore(database: database)
        // When everything is called from the main actor
        try await store.save(Fixture.tweets(1...20))
        _ = try await store.latest(limit: 5)
        try await AvatarStore(database: database).store(Data([1, 2, 3]), for: "a")
        try await SettingsStore(database: database).save(FeedSettings(showsAvatars: false))
        _ = try await SettingsStore(database: database).load()
        // Then
        XCTAssertGreaterThan(threads.statements, 10)
        XCTAssertEqual(threads.onMainThread, 0, "statements ran on the main thread")
    }
}

/// Counts statements and how many ran on the main thread.
final class ThreadLog: Sendable {
    /// The counters (a named state: see ci/tsan-suppressions.txt).
    private struct Counts {
        var total = 0
        var main = 0
    }

    private let counts = Mutex(Counts())

    func record() {
        let isMain = Thread.isMainThread
        counts.withLock { counts in
            counts.total += 1
            if isMain { counts.main += 1 }
        }
    }

    var statements: Int { counts.withLock { $0.total } }
    var onMainThread: Int { counts.withLock { $0.main } }
}
