import FeedData
import Foundation
import Storage
import XCTest

/// ``TwitterParser`` on hand-written bodies of each format: ids, texts, dates, authors, what may
/// be missing, and the exact path of every failure.
final class TwitterParserTests: XCTestCase {
    // MARK: - v1.1 search

    func test_parse_v11Search_readsTweetsAndAuthors() throws {
        // Given
        let body = Fixtures.v11Search([
            Fixtures.v11Status(idStr: "1050118621198921728", text: "Hello", date: "Wed Oct 10 20:19:24 +0000 2018"),
        ])

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.count, 1)
        let tweet = try XCTUnwrap(page.tweets.first)
        assertTweet(
            tweet, id: 1_050_118_621_198_921_728, text: "Hello", createdAt: 1_539_202_764,
            author: TwitterUser(
                id: 17_874_544, name: "Ada Lovelace", screenName: "ada_lovelace",
                avatarURL: "https://example.com/avatars/ada.png"))
    }

    func test_parse_v11Search_prefersIdStrOverId() throws {
        // Given an `id` rounded the way JavaScript's doubles round it, and the exact `id_str`
        let status = #"""
            {"created_at":"Wed Oct 10 20:19:24 +0000 2018","id":1050118621198921700,"id_str":"1050118621198921728",
            "text":"t","user":{"id":17874544,"id_str":"17874544","name":"A","screen_name":"a"}}
            """#
        let body = Fixtures.v11Search([status])

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.id, 1_050_118_621_198_921_728)
    }

    func test_parse_v11Search_readsANumericIdExactlyWhenIdStrIsAbsent() throws {
        // Given ids above 2^53, where a Double would lose the last digits
        let status = #"""
            {"created_at":"Wed Oct 10 20:19:24 +0000 2018","id":9007199254740993,
            "text":"t","user":{"id":1267310496218562561,"name":"A","screen_name":"a"}}
            """#

        // When
        let page = try TwitterParser.parse(Data(Fixtures.v11Search([status]).utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.id, 9_007_199_254_740_993)
        XCTAssertEqual(page.tweets.first?.author.id, 1_267_310_496_218_562_561)
    }

    func test_parse_v11Search_keepsIdsAbove2To53Exact() throws {
        // Given
        let body = Fixtures.v11Search([Fixtures.v11Status(idStr: "9223372036854775807"), Fixtures.v11Status(idStr: "9007199254740993")])

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v11Search)

        // Then newest (largest) first, every digit kept
        XCTAssertEqual(page.tweets.map(\.id), [Int64.max, 9_007_199_254_740_993])
    }

    func test_parse_v11Search_prefersFullTextOverText() throws {
        // Given
        let status = Fixtures.v11Status(idStr: "1", text: "short…", extra: #","full_text":"the whole text""#)

        // When
        let page = try TwitterParser.parse(Data(Fixtures.v11Search([status]).utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.text, "the whole text")
    }

    func test_parse_v11Search_sortsNewestFirst() throws {
        // Given
        let body = Fixtures.v11Search([Fixtures.v11Status(idStr: "5"), Fixtures.v11Status(idStr: "9"), Fixtures.v11Status(idStr: "7")])

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.map(\.id), [9, 7, 5])
        XCTAssertEqual(page.newestID, 9)
    }

    func test_parse_v11Search_toleratesMissingOptionalFields() throws {
        // Given no avatar, no entities, no counts, no search_metadata
        let status = #"""
            {"created_at":"Wed Oct 10 20:19:24 +0000 2018","id_str":"42","text":"bare",
            "user":{"id_str":"7","name":"Bare","screen_name":"bare"}}
            """#
        let body = #"{"statuses":[\#(status)]}"#

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.author, TwitterUser(id: 7, name: "Bare", screenName: "bare", avatarURL: nil))
    }

    func test_parse_v11Search_fallsBackToTheHTTPAvatar() throws {
        // Given only `profile_image_url`
        let status = #"""
            {"created_at":"Wed Oct 10 20:19:24 +0000 2018","id_str":"42","text":"t",
            "user":{"id_str":"7","name":"N","screen_name":"n","profile_image_url":"http://example.com/n.png"}}
            """#

        // When
        let page = try TwitterParser.parse(Data(Fixtures.v11Search([status]).utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.author.avatarURL, "http://example.com/n.png")
    }

    func test_parse_v11Search_readsAnEmptyResult() throws {
        // When
        let page = try TwitterParser.parse(Data(#"{"statuses":[],"search_metadata":{"count":15}}"#.utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets, [])
    }

    func test_parse_v11Search_readsEscapedUnicode() throws {
        // Given text escaped the way v1.1 escapes it (`\/`, non-ASCII as \uXXXX, emoji as a pair)
        let status = Fixtures.v11Status(idStr: "1", text: #"\u0410\u043d\u043d\u0430 \ud83c\udf5c http:\/\/x"#)

        // When
        let page = try TwitterParser.parse(Data(Fixtures.v11Search([status]).utf8), as: .v11Search)

        // Then
        XCTAssertEqual(page.tweets.first?.text, "Анна 🍜 http://x")
    }

    // MARK: - v1.1 user timeline

    func test_parse_v11UserTimeline_readsAnArrayOfStatuses() throws {
        // Given
        let body = "[" + [Fixtures.v11Status(idStr: "3"), Fixtures.v11Status(idStr: "4")].joined(separator: ",") + "]"

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v11UserTimeline)

        // Then
        XCTAssertEqual(page.tweets.map(\.id), [4, 3])
        XCTAssertEqual(page.tweets.first?.author.screenName, "ada_lovelace")
    }

    func test_parse_v11UserTimeline_readsAnEmptyArray() throws {
        XCTAssertEqual(try TwitterParser.parse(Data("[]".utf8), as: .v11UserTimeline).tweets, [])
    }

    func test_parse_v11UserTimeline_rejectsASearchBody() {
        // Given an object where an array belongs
        let body = Fixtures.v11Search([Fixtures.v11Status(idStr: "1")])

        // Then
        assertParseError(body, as: .v11UserTimeline, path: "$", reasonContains: "expected an array, found an object")
    }

    // MARK: - v2

    func test_parse_v2RecentSearch_joinsAuthorsFromIncludes() throws {
        // Given
        let body = #"""
            {"data":[{"id":"1500000000000000019","text":"v2 text","author_id":"94821503","created_at":"2018-10-10T20:19:24.000Z",
            "edit_history_tweet_ids":["1500000000000000019"]}],
            "includes":{"users":[{"id":"94821503","name":"Kenji Sato 🍜","username":"kenji_sato",
            "profile_image_url":"https://example.com/kenji.png"}]},
            "meta":{"newest_id":"1500000000000000019","oldest_id":"1500000000000000019","result_count":1}}
            """#

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v2RecentSearch)

        // Then
        let tweet = try XCTUnwrap(page.tweets.first)
        assertTweet(
            tweet, id: 1_500_000_000_000_000_019, text: "v2 text", createdAt: 1_539_202_764,
            author: TwitterUser(id: 94_821_503, name: "Kenji Sato 🍜", screenName: "kenji_sato", avatarURL: "https://example.com/kenji.png"))
    }

    func test_parse_v2RecentSearch_readsDatesWithAndWithoutFractions() throws {
        // Given
        let body = #"""
            {"data":[{"id":"2","text":"a","author_id":"1","created_at":"2018-10-10T20:19:24Z"},
            {"id":"3","text":"b","author_id":"1","created_at":"2018-10-10T20:19:25.500Z"}]}
            """#

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v2RecentSearch)

        // Then
        XCTAssertEqual(page.tweets.map(\.createdAt.timeIntervalSince1970), [1_539_202_765.5, 1_539_202_764])
    }

    func test_parse_v2RecentSearch_toleratesMissingIncludes() throws {
        // Given no `includes` at all
        let body = #"{"data":[{"id":"2","text":"a","author_id":"77","created_at":"2018-10-10T20:19:24Z"}],"meta":{"result_count":1}}"#

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v2RecentSearch)

        // Then the author is known by id only
        let author = try XCTUnwrap(page.tweets.first?.author)
        XCTAssertEqual(author, TwitterUser(id: 77, name: "", screenName: "", avatarURL: nil))
        XCTAssertFalse(author.isKnown)
    }

    func test_parse_v2RecentSearch_toleratesAnAuthorMissingFromIncludes() throws {
        // Given includes.users without this author, and a user without an avatar
        let body = #"""
            {"data":[{"id":"2","text":"a","author_id":"77","created_at":"2018-10-10T20:19:24Z"},
            {"id":"3","text":"b","author_id":"5","created_at":"2018-10-10T20:19:24Z"}],
            "includes":{"users":[{"id":"5","name":"Five","username":"five"}]}}
            """#

        // When
        let page = try TwitterParser.parse(Data(body.utf8), as: .v2RecentSearch)

        // Then
        XCTAssertEqual(page.tweets.map(\.author.screenName), ["five", ""])
        XCTAssertEqual(page.tweets.first?.author.avatarURL, nil)
    }

    func test_parse_v2RecentSearch_readsTheEmptyResultAsAnEmptyPage() throws {
        XCTAssertEqual(try TwitterParser.parse(Data(#"{"meta":{"result_count":0}}"#.utf8), as: .v2RecentSearch).tweets, [])
    }

    // MARK: - Errors

    func test_parse_v11Search_namesTheMissingDateOfTheThirdStatus() {
        // Given
        let third = #"{"id_str":"3","text":"t","user":{"id_str":"1","name":"A","screen_name":"a"}}"#
        let body = Fixtures.v11Search([Fixtures.v11Status(idStr: "1"), Fixtures.v11Status(idStr: "2"), third])

        // Then
        assertParseError(body, as: .v11Search, path: "$.statuses[2].created_at", reasonContains: "missing")
    }

    func test_parse_v11Search_namesAMissingUserField() {
        // Given the fourth status's user without `screen_name`
        let fourth = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id_str":"4","text":"t","user":{"id_str":"1","name":"A"}}"#
        let statuses = (1...3).map { Fixtures.v11Status(idStr: String($0)) } + [fourth]

        // Then
        assertParseError(Fixtures.v11Search(statuses), as: .v11Search, path: "$.statuses[3].user.screen_name", reasonContains: "missing")
    }

    func test_parse_v11Search_namesAWrongType() {
        // Given `id_str` as a number
        let status = #"""
            {"created_at":"Wed Oct 10 20:19:24 +0000 2018","id_str":"1","text":"t","user":{"id_str":17874544,"name":"A","screen_name":"a"}}
            """#

        // Then
        assertParseError(
            Fixtures.v11Search([status]), as: .v11Search, path: "$.statuses[0].user.id_str",
            reasonContains: "expected a string, found a number")
    }

    func test_parse_v11Search_namesANullText() {
        // Given
        let status = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id_str":"1","text":null,"user":{"id_str":"1","name":"A","screen_name":"a"}}"#

        // Then
        assertParseError(Fixtures.v11Search([status]), as: .v11Search, path: "$.statuses[0].text", reasonContains: "found null")
    }

    func test_parse_v11Search_namesABadDate() {
        // Given
        let body = Fixtures.v11Search([Fixtures.v11Status(idStr: "1"), Fixtures.v11Status(idStr: "2", date: "2018-10-10T20:19:24Z")])

        // Then
        assertParseError(body, as: .v11Search, path: "$.statuses[1].created_at", reasonContains: "not a date")
    }

    func test_parse_v11Search_rejectsAnIdStrThatIsNotANumber() {
        for bad in ["abc", "", "-5", "+5", " 5", "9223372036854775808", "1.5"] {
            // Given
            let body = Fixtures.v11Search([Fixtures.v11Status(idStr: bad)])

            // Then
            assertParseError(body, as: .v11Search, path: "$.statuses[0].id_str", reasonContains: "decimal id")
        }
    }

    func test_parse_v11Search_rejectsANumericIdOutOfRange() {
        let cases = [
            ("-1", "non-negative"), ("18446744073709551615", "does not fit"), ("1.5", "whole number"),
            ("\"\"", "expected a number, found a string"),
        ]
        for (bad, reason) in cases {
            // Given a numeric `id` (no `id_str`) that is not a non-negative 64-bit integer
            let status = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id":\#(bad),"text":"t","user":{"id_str":"1","name":"A","screen_name":"a"}}"#

            // Then
            assertParseError(Fixtures.v11Search([status]), as: .v11Search, path: "$.statuses[0].id", reasonContains: reason)
        }
    }

    func test_parse_v11Search_rejectsAStatusWithNeitherId() {
        // Given
        let status = #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","text":"t","user":{"id_str":"1","name":"A","screen_name":"a"}}"#

        // Then
        assertParseError(Fixtures.v11Search([status]), as: .v11Search, path: "$.statuses[0].id_str", reasonContains: "missing")
    }

    func test_parse_v2RecentSearch_namesABadDate() {
        // Given
        let body = #"{"data":[{"id":"2","text":"a","author_id":"1","created_at":"Wed Oct 10 20:19:24 +0000 2018"}]}"#

        // Then
        assertParseError(body, as: .v2RecentSearch, path: "$.data[0].created_at", reasonContains: "ISO 8601")
    }

    func test_parse_v2RecentSearch_namesANumericId() {
        // Given a v2 id as a number (v2 ids are strings)
        let body = #"{"data":[{"id":2,"text":"a","author_id":"1","created_at":"2018-10-10T20:19:24Z"}]}"#

        // Then
        assertParseError(body, as: .v2RecentSearch, path: "$.data[0].id", reasonContains: "expected a string, found a number")
    }

    func test_parse_v2RecentSearch_namesAMissingIncludedUserField() {
        // Given
        let body = #"""
            {"data":[{"id":"2","text":"a","author_id":"1","created_at":"2018-10-10T20:19:24Z"}],
            "includes":{"users":[{"id":"1","name":"A"}]}}
            """#

        // Then
        assertParseError(body, as: .v2RecentSearch, path: "$.includes.users[0].username", reasonContains: "missing")
    }

    func test_parse_rejectsATruncatedBody() {
        // Given a body like the mock server's, cut in the middle
        let body = Fixtures.v11Search((1...5).map { Fixtures.v11Status(idStr: String($0)) })
        let cut = String(body.prefix(body.count / 2))

        // Then
        assertParseError(cut, as: .v11Search, path: "$", reasonContains: "not valid JSON")
    }

    func test_parse_rejectsABodyThatIsNotJSON() {
        for format in TwitterFormat.allCases {
            assertParseError("<html>Bad Gateway</html>", as: format, path: "$", reasonContains: "not valid JSON")
        }
    }

    func test_parse_rejectsAnEmptyBody() {
        for format in TwitterFormat.allCases {
            XCTAssertEqual(parseError("", as: format)?.path, "$")
        }
    }

    func test_parse_rejectsABodyThatIsNotUTF8() {
        // Given a valid body with one byte that is not UTF-8 inside a string
        var data = Data(#"{"statuses":[],"x":""#.utf8)
        data.append(0xFF)
        data.append(contentsOf: Array(#""}"#.utf8))

        // When
        let error = parseError(data, as: .v11Search)

        // Then
        XCTAssertEqual(error?.path, "$")
        XCTAssertEqual(error?.reason.contains("UTF-8"), true)
    }

    func test_parse_rejectsAnObjectWhereTheStatusesArrayBelongs() {
        assertParseError(#"{"statuses":{}}"#, as: .v11Search, path: "$.statuses", reasonContains: "expected an array, found an object")
    }

    func test_parse_namesWrongContainers() {
        assertParseError("[]", as: .v11Search, path: "$", reasonContains: "expected an object, found an array")
        assertParseError(#"{"statuses":[1]}"#, as: .v11Search, path: "$.statuses[0]", reasonContains: "expected an object, found a number")
        assertParseError(#"{"data":"x"}"#, as: .v2RecentSearch, path: "$.data", reasonContains: "expected an array, found a string")
        assertParseError("null", as: .v11UserTimeline, path: "$", reasonContains: "found null")
    }

    func test_parse_everyPrefixOfAValidBodyParsesOrThrows() {
        // Given small valid bodies of each format
        let bodies: [(TwitterFormat, String)] = [
            (.v11Search, Fixtures.v11Search([Fixtures.v11Status(idStr: "1"), Fixtures.v11Status(idStr: "2", text: #"\u0410 \ud83c\udf5c"#)])),
            (.v11UserTimeline, "[" + Fixtures.v11Status(idStr: "3") + "]"),
            (.v2RecentSearch, #"{"data":[{"id":"2","text":"é🍜","author_id":"1","created_at":"2018-10-10T20:19:24.5Z"}],"includes":{"users":[{"id":"1","name":"A","username":"a"}]},"meta":{"result_count":1}}"#),
        ]
        for (format, body) in bodies {
            let bytes = Data(body.utf8)
            var parsed = 0
            // When every byte prefix is parsed (never trapping)
            for length in 0..<bytes.count {
                if (try? TwitterParser.parse(bytes.prefix(length), as: format)) != nil { parsed += 1 }
            }
            // Then only the whole body is a page
            XCTAssertEqual(parsed, 0, "\(format): a strict prefix parsed")
            XCTAssertNoThrow(try TwitterParser.parse(bytes, as: format))
        }
    }

    // MARK: - Helpers

    private func parseError(_ body: String, as format: TwitterFormat) -> FeedParseError? {
        parseError(Data(body.utf8), as: format)
    }

    private func parseError(_ data: Data, as format: TwitterFormat) -> FeedParseError? {
        do {
            _ = try TwitterParser.parse(data, as: format)
            return nil
        } catch {
            return error
        }
    }

    private func assertParseError(
        _ body: String, as format: TwitterFormat, path: String, reasonContains reason: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = parseError(body, as: format) else {
            return XCTFail("parsed, expected an error at \(path)", file: file, line: line)
        }
        XCTAssertEqual(error.path, path, "\(error)", file: file, line: line)
        XCTAssertTrue(error.reason.contains(reason), "reason: \(error.reason)", file: file, line: line)
    }

    /// Checks every field of a parsed `tweet`: its id, text, creation time (seconds since 1970) and author.
    private func assertTweet(
        _ tweet: Tweet, id: Int64, text: String, createdAt: TimeInterval, author: TwitterUser,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(tweet.id, id, file: file, line: line)
        XCTAssertEqual(tweet.text, text, file: file, line: line)
        XCTAssertEqual(tweet.createdAt.timeIntervalSince1970, createdAt, file: file, line: line)
        XCTAssertEqual(tweet.author, author, file: file, line: line)
    }
}
