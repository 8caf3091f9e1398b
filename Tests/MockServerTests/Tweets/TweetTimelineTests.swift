import Foundation
import XCTest

@testable import MockServer

/// Time, order, ids, users and texts of the generated timeline.
final class TweetTimelineTests: XCTestCase {
    func test_tweets_atEpoch_holdInitialCountWithNewestExactlyAtEpoch() {
        // Given
        let timeline = TweetsFixture.timeline()
        // When
        let tweets = timeline.tweets(at: TweetsFixture.epoch)
        // Then
        XCTAssertEqual(tweets.count, 40)
        XCTAssertEqual(tweets.first?.createdAt, TweetsFixture.epoch)
        XCTAssertEqual(tweets.last?.createdAt, TweetsFixture.at(-39 * 20))
    }

    func test_count_growsByExactlyOneAtTwentySecondsAndNotBefore() {
        let timeline = TweetsFixture.timeline()
        XCTAssertEqual(timeline.tweets(at: TweetsFixture.at(19.999)).count, 40)
        XCTAssertEqual(timeline.tweets(at: TweetsFixture.at(20)).count, 41)
        XCTAssertEqual(timeline.tweets(at: TweetsFixture.at(39.999)).count, 41)
        XCTAssertEqual(timeline.tweets(at: TweetsFixture.at(40)).count, 42)
        XCTAssertEqual(timeline.tweets(at: TweetsFixture.at(60)).count, 43, "a 60 s refresh sees 3 new")
        XCTAssertEqual(timeline.count(at: TweetsFixture.at(3600)), 40 + 180)
    }

    func test_count_boundaryIsExactForAFractionalEpoch() {
        // Given an epoch whose Double arithmetic is inexact
        let epoch = Date(timeIntervalSinceReferenceDate: 712_345_678.123_456_7)
        let timeline = TweetTimeline(epoch: epoch, initialCount: 3, interval: 0.1)
        // Then the tweet due at epoch + 0.1 exists exactly then, not a moment before
        XCTAssertEqual(timeline.count(at: epoch), 3)
        XCTAssertEqual(timeline.count(at: epoch.addingTimeInterval(0.1)), 4)
        XCTAssertEqual(timeline.count(at: epoch.addingTimeInterval(0.0999)), 3)
        XCTAssertEqual(timeline.count(at: epoch.addingTimeInterval(0.3)), 6)
    }

    func test_count_honoursCustomInitialCountAndInterval() {
        let timeline = TweetTimeline(epoch: TweetsFixture.epoch, initialCount: 3, interval: 5)
        XCTAssertEqual(timeline.count(at: TweetsFixture.at(4.999)), 3)
        XCTAssertEqual(timeline.count(at: TweetsFixture.at(5)), 4)
        XCTAssertEqual(timeline.tweets(at: TweetsFixture.at(5)).first?.createdAt, TweetsFixture.at(5))
    }

    func test_count_beforeEpochShrinksToZero() {
        let timeline = TweetsFixture.timeline()
        XCTAssertEqual(timeline.count(at: TweetsFixture.at(-0.001)), 39)
        XCTAssertEqual(timeline.count(at: TweetsFixture.at(-39 * 20)), 1)
        XCTAssertEqual(timeline.count(at: TweetsFixture.at(-39 * 20 - 0.001)), 0)
        XCTAssertEqual(timeline.tweets(at: .distantPast), [])
    }

    func test_tweets_areNewestFirstWithStrictlyIncreasingSnowflakeIDs() {
        let tweets = TweetsFixture.timeline(initialCount: 500).tweets(at: TweetsFixture.epoch)
        for (newer, older) in zip(tweets, tweets.dropFirst()) {
            XCTAssertGreaterThan(newer.id, older.id)
            XCTAssertEqual(newer.createdAt.timeIntervalSince(older.createdAt), 20, accuracy: 1e-6)
        }
        XCTAssertTrue(tweets.allSatisfy { $0.id > TweetsFixture.twoToThe53 })
    }

    func test_ids_areNotExactlyRepresentableAsDouble() {
        // A client that parses the numeric id as a Double must get every id wrong.
        let tweets = TweetsFixture.timeline(initialCount: 300).tweets(at: TweetsFixture.epoch)
        for tweet in tweets {
            XCTAssertNotEqual(UInt64(Double(tweet.id)), tweet.id)
        }
    }

    func test_tweets_keepTheirIDsAndTextsAsTimePasses() {
        let timeline = TweetsFixture.timeline()
        let before = timeline.tweets(at: TweetsFixture.epoch)
        let later = timeline.tweets(at: TweetsFixture.at(600))
        XCTAssertEqual(later.count, before.count + 30)
        XCTAssertEqual(Array(later.suffix(before.count)), before)
    }

    func test_timeline_isAPureFunctionOfItsParameters() {
        let one = TweetsFixture.timeline().tweets(at: TweetsFixture.at(1234))
        let two = TweetsFixture.timeline().tweets(at: TweetsFixture.at(1234))
        XCTAssertEqual(one, two)
    }

    func test_users_areEightWithValidUniqueScreenNamesAndVariedNames() {
        let users = TweetTimeline.users
        XCTAssertEqual(users.count, 8)
        XCTAssertEqual(Set(users.map(\.screenName)).count, users.count)
        XCTAssertEqual(Set(users.map(\.id)).count, users.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        XCTAssertTrue(
            users.allSatisfy { !$0.screenName.isEmpty && $0.screenName.allSatisfy(allowed.contains) })
        XCTAssertTrue(
            users.contains { $0.name.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
        XCTAssertTrue(
            users.contains { $0.name.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        XCTAssertTrue(users.contains { $0.id > TweetsFixture.twoToThe53 })
    }

    func test_authors_everyUserWritesWithinTheFirst200Tweets() {
        let tweets = TweetsFixture.timeline(initialCount: 200).tweets(at: TweetsFixture.epoch)
        XCTAssertEqual(Set(tweets.map(\.user)), Set(TweetTimeline.users))
    }

    func test_texts_ofTheInitialTweetsExerciseEscapingAndLengths() {
        let texts = TweetsFixture.timeline().tweets(at: TweetsFixture.epoch).map(\.text)
        func some(_ what: String, _ predicate: (String) -> Bool) {
            XCTAssertTrue(texts.contains(where: predicate), "no text with \(what)")
        }
        some("a URL") { $0.contains("https://") }
        some("a hashtag") { $0.contains("#swift") }
        some("a mention") { text in TweetTimeline.users.contains { text.contains("@" + $0.screenName) } }
        some("a double quote") { $0.contains("\"") }
        some("a backslash") { $0.contains("\\") }
        some("a newline") { $0.contains("\n") }
        some("Cyrillic") { $0.contains("Привет") }
        some("an emoji outside the BMP") { $0.unicodeScalars.contains { $0.value > 0xFFFF } }
        some("exactly 280 characters") { $0.count == 280 }
        some("a short text") { $0.count < 60 }
        XCTAssertTrue(texts.allSatisfy { $0.count <= 280 })
        XCTAssertGreaterThan(Set(texts).count, 35, "texts should differ")
    }

    func test_mentions_neverNameTheAuthor() {
        let tweets = TweetsFixture.timeline(initialCount: 200).tweets(at: TweetsFixture.epoch)
        for tweet in tweets where tweet.text.contains("@") {
            XCTAssertFalse(tweet.text.contains("@" + tweet.user.screenName + " "), tweet.text)
            XCTAssertFalse(tweet.text.hasSuffix("@" + tweet.user.screenName), tweet.text)
        }
    }
}
