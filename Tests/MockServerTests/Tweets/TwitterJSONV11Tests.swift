import Foundation
import XCTest

@testable import MockServer

/// v1.1 `search/tweets` and `statuses/user_timeline` bodies.
final class TwitterJSONV11Tests: XCTestCase {
    private let tweets = TweetsFixture.timeline().tweets(at: TweetsFixture.epoch)

    private func search(
        _ tweets: [TimelineTweet], query: String = "", count: Int = 100, sinceID: UInt64? = nil
    ) throws -> (statuses: [[String: Any]], metadata: [String: Any]) {
        let body = TwitterJSON.v11Search(
            tweets, query: query, count: count, sinceID: sinceID, baseURL: TweetsFixture.baseURL)
        let object = try tweetsJSONObject(body)
        return (
            try XCTUnwrap(object["statuses"] as? [[String: Any]]),
            try XCTUnwrap(object["search_metadata"] as? [String: Any])
        )
    }

    func test_search_statusesCarryTheDocumentedFieldsInOrder() throws {
        let (statuses, _) = try search(tweets)
        XCTAssertEqual(statuses.count, tweets.count)
        for (status, tweet) in zip(statuses, tweets) {
            try assertTweetsIDPair(status, tweet.id)
            XCTAssertEqual(status["text"] as? String, tweet.text)
            XCTAssertEqual(status["full_text"] as? String, tweet.text)
            XCTAssertEqual(status["truncated"] as? Bool, false)
            XCTAssertNotNil(status["lang"] as? String)
            XCTAssertNotNil(status["retweet_count"] as? Int)
            XCTAssertNotNil(status["favorite_count"] as? Int)
            let entities = try XCTUnwrap(status["entities"] as? [String: Any])
            for key in ["hashtags", "urls", "user_mentions"] {
                XCTAssertNotNil(entities[key] as? [Any], key)
            }
        }
    }

    func test_search_idDigitsInTheBytesEqualIDStr() throws {
        // JSONSerialization might convert; check the raw text: "id":<digits>,"id_str":"<digits>"
        let body = TwitterJSON.v11Search(
            tweets, query: "", count: 100, sinceID: nil, baseURL: TweetsFixture.baseURL)
        let text = String(decoding: body, as: UTF8.self)
        for tweet in tweets {
            XCTAssertTrue(text.contains("\"id\":\(tweet.id),\"id_str\":\"\(tweet.id)\""), "\(tweet.id)")
        }
        for user in Set(tweets.map(\.user)) {
            XCTAssertTrue(text.contains("\"id\":\(user.id),\"id_str\":\"\(user.id)\""), user.screenName)
        }
    }

    func test_search_createdAtParsesBackWithTheV11Format() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        let (statuses, _) = try search(tweets)
        for (status, tweet) in zip(statuses, tweets) {
            let string = try XCTUnwrap(status["created_at"] as? String)
            XCTAssertEqual(formatter.date(from: string), tweet.createdAt, string)
        }
    }

    func test_v11Date_matchesTwitterExamples() {
        XCTAssertEqual(
            TwitterJSON.v11Date(Date(timeIntervalSince1970: 1_539_202_764)), "Wed Oct 10 20:19:24 +0000 2018")
        XCTAssertEqual(
            TwitterJSON.v11Date(Date(timeIntervalSince1970: 951_868_799.999)),
            "Tue Feb 29 23:59:59 +0000 2000")
        XCTAssertEqual(TwitterJSON.v11Date(Date(timeIntervalSince1970: -1)), "Wed Dec 31 23:59:59 +0000 1969")
        XCTAssertEqual(
            TwitterJSON.v11Date(Date(timeIntervalSince1970: 1_704_067_200)), "Mon Jan 01 00:00:00 +0000 2024")
    }

    func test_search_userCarriesAvatarURLsOnThisServer() throws {
        let (statuses, _) = try search(Array(tweets.prefix(1)))
        let user = try XCTUnwrap(statuses.first?["user"] as? [String: Any])
        let author = tweets[0].user
        try assertTweetsIDPair(user, author.id)
        XCTAssertEqual(user["name"] as? String, author.name)
        XCTAssertEqual(user["screen_name"] as? String, author.screenName)
        XCTAssertEqual(user["verified"] as? Bool, false)
        XCTAssertNotNil(user["followers_count"] as? Int)
        let avatar = "http://127.0.0.1:8080/avatars/\(author.screenName).png"
        XCTAssertEqual(user["profile_image_url_https"] as? String, avatar)
        XCTAssertEqual(user["profile_image_url"] as? String, avatar)
    }

    func test_user_httpsBaseURLGivesAnHTTPVariantAndNoDoubleSlash() throws {
        let body = TwitterJSON.v11UserTimeline(Array(tweets.prefix(1)), baseURL: "https://mock.example/")
        let user = try XCTUnwrap(try tweetsJSONArray(body).first?["user"] as? [String: Any])
        let name = tweets[0].user.screenName
        XCTAssertEqual(user["profile_image_url_https"] as? String, "https://mock.example/avatars/\(name).png")
        XCTAssertEqual(user["profile_image_url"] as? String, "http://mock.example/avatars/\(name).png")
    }

    func test_search_metadataDescribesAFullPage() throws {
        let page = Array(tweets.prefix(10))
        let (_, metadata) = try search(page, query: "#swift is", count: 10, sinceID: 42)
        XCTAssertEqual(try tweetsUInt64(metadata["max_id"]), page[0].id)
        XCTAssertEqual(metadata["max_id_str"] as? String, String(page[0].id))
        XCTAssertEqual(try tweetsUInt64(metadata["since_id"]), 42)
        XCTAssertEqual(metadata["since_id_str"] as? String, "42")
        XCTAssertEqual(metadata["count"] as? Int, 10)
        XCTAssertEqual(metadata["query"] as? String, "%23swift%20is")
        XCTAssertNotNil(metadata["completed_in"] as? Double)
        XCTAssertEqual(
            metadata["refresh_url"] as? String, "?since_id=\(page[0].id)&q=%23swift%20is&include_entities=1")
        XCTAssertEqual(
            metadata["next_results"] as? String,
            "?max_id=\(page[9].id - 1)&q=%23swift%20is&count=10&include_entities=1")
    }

    func test_search_nextResultsOnlyWhenThePageIsFull() throws {
        let (_, partial) = try search(Array(tweets.prefix(9)), count: 10)
        XCTAssertNil(partial["next_results"])
        XCTAssertNotNil(partial["refresh_url"])
    }

    func test_emptyV11Search_hasNoStatusesAndNoNextResults() throws {
        let object = try tweetsJSONObject(
            TwitterJSON.emptyV11Search(query: "nothing", count: 20, baseURL: TweetsFixture.baseURL))
        XCTAssertEqual((object["statuses"] as? [Any])?.count, 0)
        let metadata = try XCTUnwrap(object["search_metadata"] as? [String: Any])
        XCTAssertNil(metadata["next_results"])
        XCTAssertEqual(metadata["query"] as? String, "nothing")
        XCTAssertEqual(metadata["count"] as? Int, 20)
        XCTAssertEqual(metadata["since_id_str"] as? String, "0")
    }

    func test_userTimeline_isAnArrayOfTheSameStatuses() throws {
        let page = Array(tweets.prefix(5))
        let array = try tweetsJSONArray(TwitterJSON.v11UserTimeline(page, baseURL: TweetsFixture.baseURL))
        XCTAssertEqual(array.map { $0["id_str"] as? String }, page.map { String($0.id) })
        XCTAssertEqual(array.map { $0["text"] as? String }, page.map(\.text))
        XCTAssertEqual(TwitterJSON.emptyV11UserTimeline(), Data("[]".utf8))
        XCTAssertEqual(TwitterJSON.v11UserTimeline([], baseURL: TweetsFixture.baseURL), Data("[]".utf8))
    }

    func test_search_nonASCIIAndEscapesRoundTripThroughASCIIOnlyJSON() throws {
        let body = TwitterJSON.v11Search(
            tweets, query: "", count: 100, sinceID: nil, baseURL: TweetsFixture.baseURL)
        XCTAssertTrue(body.allSatisfy { $0 < 0x80 }, "v1.1 escapes every non-ASCII character")
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains(#"https:\/\/example.com"#))
        let (statuses, _) = try search(tweets)
        XCTAssertEqual(statuses.map { $0["text"] as? String }, tweets.map(\.text))
        let names = statuses.compactMap { ($0["user"] as? [String: Any])?["name"] as? String }
        XCTAssertEqual(names, tweets.map(\.user.name))
    }

    func test_entities_findHashtagsURLsAndMentionsAtCodePointIndices() throws {
        let (statuses, _) = try search(tweets)
        var seen: Set<String> = []
        for (status, tweet) in zip(statuses, tweets) {
            let scalars = Array(tweet.text.unicodeScalars)
            func slice(_ entity: [String: Any]) throws -> String {
                let indices = try XCTUnwrap(entity["indices"] as? [Int])
                return String(String.UnicodeScalarView(scalars[indices[0]..<indices[1]]))
            }
            let entities = try XCTUnwrap(status["entities"] as? [String: Any])
            for tag in try XCTUnwrap(entities["hashtags"] as? [[String: Any]]) {
                XCTAssertEqual(try slice(tag), "#" + (try XCTUnwrap(tag["text"] as? String)))
                seen.insert("hashtag")
            }
            for url in try XCTUnwrap(entities["urls"] as? [[String: Any]]) {
                XCTAssertEqual(try slice(url), url["url"] as? String)
                seen.insert("url")
            }
            for mention in try XCTUnwrap(entities["user_mentions"] as? [[String: Any]]) {
                let name = try XCTUnwrap(mention["screen_name"] as? String)
                XCTAssertEqual(try slice(mention), "@" + name)
                XCTAssertEqual(
                    mention["id_str"] as? String, TweetTimeline.user(screenName: name).map { String($0.id) })
                seen.insert("mention")
            }
        }
        XCTAssertEqual(seen, ["hashtag", "url", "mention"])
    }

    func test_lang_followsTheScript() throws {
        let (statuses, _) = try search(tweets)
        for (status, tweet) in zip(statuses, tweets) {
            let expected = tweet.text.contains("Привет") ? "ru" : tweet.text.contains("天気") ? "ja" : "en"
            XCTAssertEqual(status["lang"] as? String, expected, tweet.text)
        }
    }
}
