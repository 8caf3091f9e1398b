import Foundation
import XCTest

@testable import MockServer

/// `conditional=1`: strong ETags and Last-Modified on 2xx answers, 304s for matching conditions.
final class ConditionalFaultTests: ServerTestCase {
    private let clock = ManualServerClock(start: Date(timeIntervalSince1970: 1_700_000_000.4))

    override var configuration: MockServer.Configuration { MockServer.Configuration(clock: clock) }

    func test_everyKindOfAnswer_carriesAStrongETagAndLastModified() throws {
        let paths = ["/images/1.png?w=64&h=48&conditional=1", "/avatars/testbed_news.png?conditional=1", "/gallery.json?conditional=1"]
        for path in paths {
            let result = get(path)
            XCTAssertEqual(result.status, 200, path)
            let tag = try XCTUnwrap(result.headers["etag"], path)
            XCTAssertTrue(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18, "a strong tag: \(tag)")
            XCTAssertEqual(result.headers["last-modified"], "Tue, 14 Nov 2023 22:13:20 GMT", "the server's start, in server time")
            XCTAssertEqual(get(path).headers["etag"], tag, "the same bytes, the same tag")
        }
        let tweets = getAuthorized("/1.1/search/tweets.json?q=swift&conditional=1")
        XCTAssertEqual(tweets.status, 200)
        XCTAssertNotNil(tweets.headers["etag"])
    }

    func test_ifNoneMatch_matching_is304_withNoBody_andTheBodysLength() throws {
        // Given
        let first = get("/images/1.png?w=64&h=48&conditional=1")
        let tag = try XCTUnwrap(first.headers["etag"])

        // When
        let again = get("/images/1.png?w=64&h=48&conditional=1", headers: ["If-None-Match: \(tag)"])
        let weak = get("/images/1.png?w=64&h=48&conditional=1", headers: ["If-None-Match: \"x\", W/\(tag)"])

        // Then
        XCTAssertEqual(again.code, CurlCode.ok, again.message)
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        XCTAssertEqual(again.headers["etag"], tag)
        XCTAssertEqual(again.headers["last-modified"], first.headers["last-modified"])
        XCTAssertEqual(again.headers["content-length"], String(first.body.count), "RFC 9110 §8.6: the 200's length, or none")
        XCTAssertNil(again.headers["content-type"])
        XCTAssertEqual(weak.status, 304, "If-None-Match compares weakly")
        XCTAssertEqual(get("/images/1.png?w=64&h=48&conditional=1", headers: ["If-None-Match: \"other\""]).status, 200)
        let journal = server.requests.suffix(4)
        XCTAssertEqual(journal.map(\.status), [200, 304, 304, 200])
        XCTAssertEqual(journal.map(\.bytes), [first.body.count, 0, 0, first.body.count], "a 304 sends no body bytes")
    }

    func test_ifModifiedSince_notOlder_is304_andIfNoneMatchWins() throws {
        let first = get("/gallery.json?conditional=1")
        let modified = try XCTUnwrap(first.headers["last-modified"])
        XCTAssertEqual(get("/gallery.json?conditional=1", headers: ["If-Modified-Since: \(modified)"]).status, 304)
        XCTAssertEqual(get("/gallery.json?conditional=1", headers: ["If-Modified-Since: Tue, 14 Nov 2023 22:13:19 GMT"]).status, 200)
        XCTAssertEqual(
            get("/gallery.json?conditional=1", headers: ["If-None-Match: \"stale\"", "If-Modified-Since: \(modified)"]).status, 200,
            "If-None-Match present: If-Modified-Since is ignored")
        XCTAssertEqual(get("/gallery.json?conditional=1", headers: ["If-Modified-Since: not a date"]).status, 200)
    }

    func test_tweets_newTweetChangesLastModifiedAndETag_soTheOldTagGets200() throws {
        // Given
        let path = "/1.1/search/tweets.json?q=%2A&conditional=1"  // `*`: every tweet, so a new one changes the page
        let first = get(path, headers: ["Authorization: Bearer \(token)"])
        let tag = try XCTUnwrap(first.headers["etag"])
        XCTAssertEqual(get(path, headers: ["Authorization: Bearer \(token)", "If-None-Match: \(tag)"]).status, 304)

        // When a new tweet appears (20 s of server time)
        clock.advance(by: 20)

        // Then
        let later = get(path, headers: ["Authorization: Bearer \(token)", "If-None-Match: \(tag)"])
        XCTAssertEqual(later.status, 200)
        XCTAssertNotEqual(later.headers["etag"], tag)
        XCTAssertEqual(later.headers["last-modified"], "Tue, 14 Nov 2023 22:13:40 GMT", "the newest tweet's creation")
        let since = get(path, headers: ["Authorization: Bearer \(token)", "If-Modified-Since: \(first.headers["last-modified"] ?? "")"])
        XCTAssertEqual(since.status, 200, "modified since the first answer")
    }

    func test_head_gets304Too() throws {
        let tag = try XCTUnwrap(get("/images/3.png?w=16&h=16&conditional=1").headers["etag"])
        let head = CurlClient().request(server.url("/images/3.png?w=16&h=16&conditional=1"), method: "HEAD", headers: ["If-None-Match: \(tag)"])
        XCTAssertEqual(head.status, 304)
    }

    func test_offByDefault_andNeverOnErrors() {
        let plain = get("/images/1.png?w=64&h=48", headers: ["If-None-Match: *"])
        XCTAssertEqual(plain.status, 200, "without conditional=1 the conditions are ignored")
        XCTAssertNil(plain.headers["etag"])
        XCTAssertNil(plain.headers["last-modified"])
        let error = get("/images/1.png?status=503&conditional=1", headers: ["If-None-Match: *"])
        XCTAssertEqual(error.status, 503, "preconditions apply to 2xx answers only")
        XCTAssertNil(error.headers["etag"])
    }

    func test_theTagNamesTheShapedBody() throws {
        let plain = try XCTUnwrap(get("/images/1.png?w=64&h=48&conditional=1").headers["etag"])
        let corrupt = try XCTUnwrap(get("/images/1.png?w=64&h=48&conditional=1&corrupt=1").headers["etag"])
        let padded = try XCTUnwrap(get("/images/1.png?w=64&h=48&conditional=1&bytes=100000").headers["etag"])
        let typed = try XCTUnwrap(get("/images/1.png?w=64&h=48&conditional=1&type=text/plain").headers["etag"])
        XCTAssertEqual(Set([plain, corrupt, padded, typed]).count, 4)
    }
}
