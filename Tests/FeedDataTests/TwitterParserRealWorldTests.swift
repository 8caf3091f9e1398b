import FeedData
import Foundation
import Storage
import XCTest

/// ``TwitterParser`` on bodies shaped like the real APIs' (not the mock server's): HTML-escaped
/// text, and ids that are zero, fractional or padded with a leading zero.
final class TwitterParserRealWorldTests: XCTestCase {
    // MARK: - HTML-escaped text

    /// A v1.1 `search/tweets` status as the API sends it with `tweet_mode=extended`: `/` escaped
    /// as `\/`, `&`, `<`, `>` in `full_text` as entities, the user's name raw.
    private static let v11Status = #"""
        {"created_at":"Mon Nov 29 14:05:11 +0000 2021","id":1465321406911287296,"id_str":"1465321406911287296",
        "full_text":"Fish &amp; chips &lt;3 &gt;_&lt; a&amp;b \u2014 I typed &amp;lt; and &amp;amp; https:\/\/t.co\/abc",
        "truncated":false,"display_text_range":[0,80],
        "entities":{"hashtags":[],"symbols":[],"user_mentions":[],"urls":[{"url":"https:\/\/t.co\/abc",
        "expanded_url":"https:\/\/example.com\/?a=1&b=2","display_url":"example.com\/?a=1&b=2","indices":[57,80]}]},
        "metadata":{"iso_language_code":"en","result_type":"recent"},
        "source":"\u003ca href=\"https:\/\/mobile.twitter.com\" rel=\"nofollow\"\u003eTwitter Web App\u003c\/a\u003e",
        "in_reply_to_status_id":null,"in_reply_to_status_id_str":null,
        "user":{"id":783214,"id_str":"783214","name":"Tom & Jerry <3","screen_name":"tomandjerry",
        "location":"","description":"Cat &amp; mouse","url":null,"protected":false,"followers_count":10,
        "profile_image_url":"http:\/\/pbs.twimg.com\/profile_images\/1\/a_normal.jpg",
        "profile_image_url_https":"https:\/\/pbs.twimg.com\/profile_images\/1\/a_normal.jpg"},
        "geo":null,"coordinates":null,"place":null,"is_quote_status":false,"retweet_count":0,
        "favorite_count":1,"favorited":false,"retweeted":false,"lang":"en"}
        """#

    func test_parse_v11Search_unescapesTheThreeEntitiesOfTheText() throws {
        // When
        let page = try TwitterParser.parse(Data(#"{"statuses":[\#(Self.v11Status)],"search_metadata":{}}"#.utf8), as: .v11Search)

        // Then `&amp;lt;` (someone typing `&lt;`) stays `&lt;`: one pass, not two
        XCTAssertEqual(
            page.tweets.first?.text, "Fish & chips <3 >_< a&b \u{2014} I typed &lt; and &amp; https://t.co/abc")
    }

    func test_parse_v11Search_keepsTheUserNameAsSent() throws {
        // When
        let page = try TwitterParser.parse(Data(#"{"statuses":[\#(Self.v11Status)],"search_metadata":{}}"#.utf8), as: .v11Search)

        // Then the API does not escape names, so nothing is undone there
        XCTAssertEqual(page.tweets.first?.author.name, "Tom & Jerry <3")
    }

    func test_parse_v11UserTimeline_unescapesTheShortText() throws {
        // Given a status without `full_text` (no `tweet_mode=extended`)
        let status = #"""
            {"created_at":"Mon Nov 29 14:05:11 +0000 2021","id_str":"5","text":"1 &lt; 2 &amp;&amp; 3 &gt; 2",
            "user":{"id_str":"7","name":"A","screen_name":"a"}}
            """#

        // When
        let page = try TwitterParser.parse(Data("[\(status)]".utf8), as: .v11UserTimeline)

        // Then
        XCTAssertEqual(page.tweets.first?.text, "1 < 2 && 3 > 2")
    }

    func test_parse_v2RecentSearch_unescapesTheText() throws {
        // Given a v2 body as the API sends it (v2 escapes text like v1.1 does)
        let body = #"""
            {"data":[{"edit_history_tweet_ids":["1465321406911287296"],"author_id":"783214",
            "created_at":"2021-11-29T14:05:11.000Z","id":"1465321406911287296",
            "text":"Fish &amp; chips &lt;3 &gt;_&lt; &amp;gt; &quot;as typed&quot;"}],
            "includes":{"users":[{"id":"783214","name":"Tom & Jerry <3","username":"tomandjerry"}]},
            "meta":{"newest_id":"1465321406911287296","oldest_id":"1465321406911287296","result_count":1}}
            """#

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v2RecentSearch)

        // Then exactly the three entities are undone, once; others are what the person typed
        XCTAssertEqual(page.tweets.first?.text, "Fish & chips <3 >_< &gt; &quot;as typed&quot;")
        XCTAssertEqual(page.tweets.first?.author.name, "Tom & Jerry <3")
    }

    func test_parse_keepsTextWithoutEntitiesAndIncompleteOnes() throws {
        for (escaped, shown) in [("&", "&"), ("&amp", "&amp"), ("&&amp;", "&&"), ("a &LT; b", "a &LT; b"), ("&amp;&amp;", "&&"), ("é&gt;🍜", "é>🍜")] {
            // Given
            let body = #"{"data":[{"id":"2","text":"\#(escaped)","author_id":"1","created_at":"2018-10-10T20:19:24Z"}]}"#

            // When
            let page = try TwitterParser.parse(Data(body.utf8), as: .v2RecentSearch)

            // Then
            XCTAssertEqual(page.tweets.first?.text, shown, escaped)
        }
    }

    func test_parse_everyPrefixOfARealWorldBodyThrowsAndNeverTraps() {
        // Given a body shaped like the API's, entities and `\/` escapes included
        let bytes = Data(#"{"statuses":[\#(Self.v11Status)],"search_metadata":{}}"#.utf8)

        // When every strict prefix is parsed
        let parsed = (0..<bytes.count).filter { (try? TwitterParser.parse(bytes.prefix($0), as: .v11Search)) != nil }

        // Then none is a page
        XCTAssertEqual(parsed, [])
        XCTAssertNoThrow(try TwitterParser.parse(bytes, as: .v11Search))
    }

    // MARK: - Invalid ids

    func test_parse_v11Search_rejectsAZeroOrZeroPaddedIdStr() {
        for (bad, reason) in [("0", "0 is not an id"), ("0123", "leading zero"), ("00", "leading zero")] {
            // Given
            let body = Fixtures.v11Search([Fixtures.v11Status(idStr: "7"), Fixtures.v11Status(idStr: "8"), Fixtures.v11Status(idStr: bad)])

            // Then
            assertParseError(body, as: .v11Search, path: "$.statuses[2].id_str", reasonContains: reason)
        }
    }

    func test_parse_v11Search_rejectsAFractionalOrZeroNumericId() {
        let cases = [
            ("1470000000000000123.9", "fractional part"), ("0.5", "fractional part"), ("0", "0 is not an id"),
            ("-0", "0 is not an id"), ("1e100", "does not fit"),
        ]
        for (bad, reason) in cases {
            // Given a numeric `id` and no `id_str`
            let status = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id":\#(bad),"text":"t","user":{"id_str":"1","name":"A","screen_name":"a"}}"#

            // Then
            assertParseError(Fixtures.v11Search([status]), as: .v11Search, path: "$.statuses[0].id", reasonContains: reason)
        }
    }

    func test_parse_v11Search_readsAWholeNumericIdWrittenWithAnExponent() throws {
        // Given `1.47e18`: valid JSON for a whole number
        let status = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id":1.47e18,"text":"t","user":{"id_str":"1","name":"A","screen_name":"a"}}"#

        // When
        let page = try TwitterParser.parse(Data(Fixtures.v11Search([status]).utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.id, 1_470_000_000_000_000_000)
    }

    func test_parse_v11Search_rejectsInvalidUserIds() {
        let cases = [
            (#""id":5,"id_str":"0""#, "$.statuses[0].user.id_str", "0 is not an id"),
            (#""id_str":"05""#, "$.statuses[0].user.id_str", "leading zero"),
            (#""id":17874544.5"#, "$.statuses[0].user.id", "fractional part"),
            (#""id":0"#, "$.statuses[0].user.id", "0 is not an id"),
        ]
        for (idFields, path, reason) in cases {
            // Given
            let status = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id_str":"9","text":"t","user":{\#(idFields),"name":"A","screen_name":"a"}}"#

            // Then
            assertParseError(Fixtures.v11Search([status]), as: .v11Search, path: path, reasonContains: reason)
        }
    }

    func test_parse_v2RecentSearch_rejectsZeroAndZeroPaddedIds() {
        let cases = [
            (#"{"data":[{"id":"0","text":"a","author_id":"1","created_at":"2018-10-10T20:19:24Z"}]}"#, "$.data[0].id", "0 is not an id"),
            (#"{"data":[{"id":"2","text":"a","author_id":"01","created_at":"2018-10-10T20:19:24Z"}]}"#, "$.data[0].author_id", "leading zero"),
            (
                #"{"data":[{"id":"2","text":"a","author_id":"1","created_at":"2018-10-10T20:19:24Z"}],"includes":{"users":[{"id":"0","name":"A","username":"a"}]}}"#,
                "$.includes.users[0].id", "0 is not an id"
            ),
        ]
        for (body, path, reason) in cases {
            assertParseError(body, as: .v2RecentSearch, path: path, reasonContains: reason)
        }
    }

    // MARK: - Helpers

    private func assertParseError(
        _ body: String, as format: TwitterFormat, path: String, reasonContains reason: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let page = try TwitterParser.parse(Data(body.utf8), as: format)
            XCTFail("parsed \(page.tweets.map(\.id)), expected an error at \(path)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.path, path, "\(error)", file: file, line: line)
            XCTAssertTrue(error.reason.contains(reason), "reason: \(error.reason)", file: file, line: line)
        }
    }
}
