import Foundation
import XCTest

@testable import MockServer

/// v2 `tweets/search/recent` bodies.
final class TwitterJSONV2Tests: XCTestCase {
    private let tweets = TweetsFixture.timeline().tweets(at: TweetsFixture.epoch)

    func test_search_dataCarriesStringIDsAuthorsDatesAndEditHistory() throws {
        let object = try tweetsJSONObject(TwitterJSON.v2Search(tweets, baseURL: TweetsFixture.baseURL))
        let data = try XCTUnwrap(object["data"] as? [[String: Any]])
        XCTAssertEqual(data.count, tweets.count)
        for (item, tweet) in zip(data, tweets) {
            XCTAssertEqual(item["id"] as? String, String(tweet.id))
            XCTAssertEqual(item["text"] as? String, tweet.text)
            XCTAssertEqual(item["author_id"] as? String, String(tweet.user.id))
            XCTAssertEqual(item["edit_history_tweet_ids"] as? [String], [String(tweet.id)])
        }
    }

    func test_search_createdAtIsISO8601WithMilliseconds() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let object = try tweetsJSONObject(TwitterJSON.v2Search(tweets, baseURL: TweetsFixture.baseURL))
        let data = try XCTUnwrap(object["data"] as? [[String: Any]])
        for (item, tweet) in zip(data, tweets) {
            let string = try XCTUnwrap(item["created_at"] as? String)
            XCTAssertTrue(string.hasSuffix(".000Z"), string)
            XCTAssertEqual(formatter.date(from: string), tweet.createdAt, string)
        }
        XCTAssertEqual(
            TwitterJSON.v2Date(Date(timeIntervalSince1970: 1_539_202_764)), "2018-10-10T20:19:24.000Z")
        XCTAssertEqual(
            TwitterJSON.v2Date(Date(timeIntervalSince1970: 1_539_202_764.123)), "2018-10-10T20:19:24.123Z")
        XCTAssertEqual(TwitterJSON.v2Date(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
    }

    func test_search_includesEachAuthorOnce() throws {
        let object = try tweetsJSONObject(TwitterJSON.v2Search(tweets, baseURL: TweetsFixture.baseURL))
        let includes = try XCTUnwrap(object["includes"] as? [String: Any])
        let users = try XCTUnwrap(includes["users"] as? [[String: Any]])
        let ids = users.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids.count, users.count)
        XCTAssertEqual(Set(ids).count, ids.count, "no author twice")
        XCTAssertEqual(Set(ids), Set(tweets.map { String($0.user.id) }))
        for user in users {
            let author = try XCTUnwrap(TweetTimeline.users.first { String($0.id) == user["id"] as? String })
            XCTAssertEqual(user["name"] as? String, author.name)
            XCTAssertEqual(user["username"] as? String, author.screenName)
            XCTAssertEqual(
                user["profile_image_url"] as? String, "http://127.0.0.1:8080/avatars/\(author.screenName).png"
            )
        }
    }

    func test_search_metaGivesNewestOldestAndCount() throws {
        let page = Array(tweets[3..<8])
        let object = try tweetsJSONObject(TwitterJSON.v2Search(page, baseURL: TweetsFixture.baseURL))
        let meta = try XCTUnwrap(object["meta"] as? [String: Any])
        XCTAssertEqual(meta["newest_id"] as? String, String(page[0].id))
        XCTAssertEqual(meta["oldest_id"] as? String, String(page[4].id))
        XCTAssertEqual(meta["result_count"] as? Int, 5)
    }

    func test_search_emptyResultIsExactlyMetaWithZeroCount() {
        let expected = Data(#"{"meta":{"result_count":0}}"#.utf8)
        XCTAssertEqual(TwitterJSON.v2Search([], baseURL: TweetsFixture.baseURL), expected)
        XCTAssertEqual(TwitterJSON.emptyV2Search(), expected)
    }

    func test_search_sendsRawUTF8ThatRoundTrips() throws {
        let body = TwitterJSON.v2Search(tweets, baseURL: TweetsFixture.baseURL)
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("Привет"))
        let object = try tweetsJSONObject(body)
        let data = try XCTUnwrap(object["data"] as? [[String: Any]])
        XCTAssertEqual(data.map { $0["text"] as? String }, tweets.map(\.text))
        let texts = tweets.map(\.text)
        XCTAssertTrue(texts.contains { $0.contains("\\") } && texts.contains { $0.contains("\n") })
    }
}
