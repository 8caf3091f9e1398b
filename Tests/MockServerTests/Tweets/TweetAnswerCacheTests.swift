import Foundation
import XCTest

@testable import MockServer

/// The tweet answer cache: a repeated page is served from it, and nothing it holds can be
/// stale or shared between answers that differ (timeline state, host, shapers).
final class TweetAnswerCacheTests: ServerTestCase {
    let clock = ManualServerClock()
    override var configuration: MockServer.Configuration { MockServer.Configuration(clock: clock) }

    private let page = "/1.1/search/tweets.json?q=&count=5"

    private func newestID(_ body: Data) throws -> String {
        let statuses = try XCTUnwrap(try tweetsJSONObject(body)["statuses"] as? [[String: Any]])
        return try XCTUnwrap(statuses.first?["id_str"] as? String)
    }

    func test_samePage_isTheSameBytes() throws {
        let first = getAuthorized(page)
        let second = getAuthorized(page)
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.body, second.body)
        XCTAssertGreaterThan(first.body.count, 1000)
    }

    func test_newTweet_isNotHiddenByAnEarlierAnswer() throws {
        let before = try newestID(getAuthorized(page).body)
        clock.advance(by: 20)
        let after = try newestID(getAuthorized(page).body)
        XCTAssertNotEqual(before, after, "a tweet created since the first answer must be in the second")
        XCTAssertGreaterThan(try XCTUnwrap(UInt64(after)), try XCTUnwrap(UInt64(before)))
    }

    func test_otherHost_getsItsOwnLinks() throws {
        let here = getAuthorized(page).body
        let there = get(page, headers: ["Authorization: Bearer \(token)", "Host: phone.example:9000"]).body
        XCTAssertTrue(String(decoding: there, as: UTF8.self).contains("phone.example:9000"))
        XCTAssertFalse(String(decoding: here, as: UTF8.self).contains("phone.example"))
    }

    func test_shapers_applyToCachedAnswers_andAreNotCached() throws {
        let valid = getAuthorized(page).body
        XCTAssertThrowsError(try JSONSerialization.jsonObject(with: getAuthorized(page + "&malformed=1").body))
        XCTAssertEqual((try tweetsJSONObject(getAuthorized(page + "&empty=1").body)["statuses"] as? [Any])?.count, 0)
        XCTAssertEqual(getAuthorized(page).body, valid)
        XCTAssertEqual(
            getAuthorized("/1.1/statuses/user_timeline.json?screen_name=nobody_here&empty=1").status, 404,
            "an unknown user is a 404 with or without empty=1")
    }

    func test_cache_buildsOnce_keepsNothingForNil_andDropsTheOldest() {
        let cache = TweetAnswerCache(capacity: 2)
        var builds = 0
        func key(_ count: Int) -> TweetAnswerCache.Key {
            .init(route: .v2Search(query: "swift", maxResults: 10, sinceID: nil), baseURL: "http://h", tweetCount: count)
        }
        XCTAssertEqual(cache.answer(for: key(1)) { builds += 1; return Data("one".utf8) }, Data("one".utf8))
        XCTAssertEqual(cache.answer(for: key(1)) { builds += 1; return Data("again".utf8) }, Data("one".utf8))
        XCTAssertEqual(builds, 1)
        XCTAssertNil(cache.answer(for: key(2)) { nil })
        XCTAssertEqual(cache.count, 1)
        _ = cache.answer(for: key(2)) { Data("two".utf8) }
        _ = cache.answer(for: key(3)) { Data("three".utf8) }
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.answer(for: key(1)) { Data("rebuilt".utf8) }, Data("rebuilt".utf8), "the oldest went first")
    }
}
