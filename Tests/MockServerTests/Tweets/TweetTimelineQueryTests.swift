import Foundation
import XCTest

@testable import MockServer

/// `search` and `userTimeline`: filtering, paging bounds and unknown users.
final class TweetTimelineQueryTests: XCTestCase {
    private let timeline = TweetsFixture.timeline(initialCount: 120)
    private let now = TweetsFixture.epoch
    private var all: [TimelineTweet] { timeline.tweets(at: now) }

    func test_search_emptyBlankOrStarQueryMatchesEverythingNewestFirst() {
        for query in ["", "   ", "*", " * "] {
            let found = timeline.search(query: query, count: 1000, sinceID: nil, maxID: nil, at: now)
            XCTAssertEqual(found, all, "query \(query.debugDescription)")
        }
    }

    func test_search_returnsAtMostCountNewest() {
        XCTAssertEqual(
            timeline.search(query: "", count: 15, sinceID: nil, maxID: nil, at: now), Array(all.prefix(15)))
        XCTAssertEqual(timeline.search(query: "", count: 0, sinceID: nil, maxID: nil, at: now), [])
    }

    func test_search_sinceIDKeepsOnlyNewerTweets() {
        let found = timeline.search(query: "", count: 100, sinceID: all[5].id, maxID: nil, at: now)
        XCTAssertEqual(found, Array(all.prefix(5)))
        XCTAssertEqual(timeline.search(query: "", count: 100, sinceID: all[0].id, maxID: nil, at: now), [])
    }

    func test_search_maxIDIsInclusiveAndWorksBetweenIDs() {
        let exact = timeline.search(query: "", count: 3, sinceID: nil, maxID: all[7].id, at: now)
        XCTAssertEqual(exact, Array(all[7..<10]))
        let between = timeline.search(query: "", count: 3, sinceID: nil, maxID: all[7].id - 1, at: now)
        XCTAssertEqual(between, Array(all[8..<11]))
        XCTAssertEqual(
            timeline.search(query: "", count: 3, sinceID: nil, maxID: all.last!.id - 1, at: now), [])
        XCTAssertEqual(timeline.search(query: "", count: 3, sinceID: nil, maxID: 1, at: now), [])
    }

    func test_search_sinceAndMaxIDTogetherGiveAWindow() {
        let found = timeline.search(query: "", count: 100, sinceID: all[20].id, maxID: all[10].id, at: now)
        XCTAssertEqual(found, Array(all[10..<20]))
    }

    func test_search_neverReturnsTweetsFromTheFuture() {
        let future = TweetTimeline.id(ofTweet: 10_000)
        let found = timeline.search(query: "", count: 1000, sinceID: nil, maxID: future, at: now)
        XCTAssertEqual(found.first, all.first)
        XCTAssertTrue(found.allSatisfy { $0.createdAt <= now })
    }

    func test_search_termsMatchTextCaseInsensitively() {
        let found = timeline.search(query: "ПРИВЕТ", count: 1000, sinceID: nil, maxID: nil, at: now)
        XCTAssertEqual(found, all.filter { $0.text.contains("Привет") })
        XCTAssertFalse(found.isEmpty)
        let swift = timeline.search(query: "#SWIFT", count: 1000, sinceID: nil, maxID: nil, at: now)
        XCTAssertFalse(swift.isEmpty)
        XCTAssertTrue(swift.allSatisfy { $0.text.contains("#swift") })
    }

    func test_search_everyTermMustMatch() {
        let both = timeline.search(query: "line tab", count: 1000, sinceID: nil, maxID: nil, at: now)
        XCTAssertFalse(both.isEmpty)
        XCTAssertTrue(both.allSatisfy { $0.text.lowercased().contains("line") && $0.text.contains("tab") })
        let lineOnly = timeline.search(query: "line", count: 1000, sinceID: nil, maxID: nil, at: now)
        XCTAssertLessThan(both.count, lineOnly.count)
        XCTAssertEqual(timeline.search(query: "tab zzzqqq", count: 10, sinceID: nil, maxID: nil, at: now), [])
    }

    func test_search_termsMatchTheAuthorsScreenName() {
        for query in ["kenji_sato", "@Kenji_Sato"] {
            let found = timeline.search(query: query, count: 1000, sinceID: nil, maxID: nil, at: now)
            let expected = all.filter {
                $0.user.screenName == "kenji_sato" || $0.text.contains("@kenji_sato")
            }
            XCTAssertEqual(found, expected, query)
            XCTAssertTrue(found.contains { $0.user.screenName == "kenji_sato" && !$0.text.contains("kenji") })
        }
    }

    func test_search_countAppliesAfterFiltering() {
        let found = timeline.search(query: "привет", count: 2, sinceID: nil, maxID: nil, at: now)
        XCTAssertEqual(found, Array(all.filter { $0.text.contains("Привет") }.prefix(2)))
    }

    func test_userTimeline_unknownScreenNameIsNil() {
        XCTAssertNil(
            timeline.userTimeline(screenName: "nobody_here", count: 20, sinceID: nil, maxID: nil, at: now))
        XCTAssertNil(timeline.userTimeline(screenName: "", count: 20, sinceID: nil, maxID: nil, at: now))
    }

    func test_userTimeline_matchesScreenNameIgnoringCaseAndAt() throws {
        let expected = all.filter { $0.user.screenName == "ada_lovelace" }
        XCTAssertFalse(expected.isEmpty)
        for name in ["ada_lovelace", "ADA_Lovelace", "@ada_lovelace"] {
            let found = try XCTUnwrap(
                timeline.userTimeline(screenName: name, count: 1000, sinceID: nil, maxID: nil, at: now))
            XCTAssertEqual(found, expected, name)
        }
    }

    func test_userTimeline_honoursCountSinceIDAndMaxID() throws {
        let own = all.filter { $0.user.screenName == "anna_kuznetsova" }
        XCTAssertGreaterThan(own.count, 6)
        let page = try XCTUnwrap(
            timeline.userTimeline(screenName: "anna_kuznetsova", count: 2, sinceID: nil, maxID: nil, at: now))
        XCTAssertEqual(page, Array(own.prefix(2)))
        let window = try XCTUnwrap(
            timeline.userTimeline(
                screenName: "anna_kuznetsova", count: 100, sinceID: own[5].id, maxID: own[1].id, at: now))
        XCTAssertEqual(window, Array(own[1..<5]))
    }

    func test_userTimeline_knownUserWithoutTweetsYetIsEmptyNotNil() {
        let found = timeline.userTimeline(
            screenName: "grace_hopper", count: 20, sinceID: nil, maxID: nil, at: .distantPast)
        XCTAssertEqual(found, [])
    }
}
