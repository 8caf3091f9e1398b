import Foundation
import ImageCodec
import TestSupport
import XCTest

@testable import MockServer

/// What the server serves: images, avatars, gallery scenarios, tweets.
final class ContentTests: ServerTestCase {
    let clock = ManualServerClock()
    override var configuration: MockServer.Configuration { MockServer.Configuration(clock: clock) }

    func test_images_decodeToTheRequestedSize() throws {
        let cases: [(path: String, width: Int, height: Int, format: ImageFormat)] = [
            ("/images/1.png", 1024, 768, .png), ("/images/2.jpg", 1024, 768, .jpeg),
            ("/images/7.png?w=320&h=200", 320, 200, .png), ("/images/8.jpeg?w=33&h=17", 33, 17, .jpeg),
            ("/avatars/ada_lovelace.png", 73, 73, .png),
        ]
        for item in cases {
            let result = get(item.path)
            XCTAssertEqual(result.status, 200, item.path)
            XCTAssertEqual(result.headers["content-type"], item.format.mimeType, item.path)
            let image = try ImageCodec.decode(result.body)
            XCTAssertEqual([image.width, image.height], [item.width, item.height], item.path)
        }
    }

    func test_images_areByteIdenticalAcrossServers() throws {
        let other = try MockServer.start()
        defer { other.stop() }
        for path in ["/images/1.png", "/images/3.jpg?w=300&h=200", "/avatars/x.png"] {
            let here = get(path).body
            XCTAssertFalse(here.isEmpty)
            XCTAssertEqual(here, HTTP.get(other.url(path)).body, path)
        }
        XCTAssertNotEqual(get("/images/1.png").body, get("/images/2.png").body, "N changes the picture")
    }

    func test_hugeImage_headerDeclaresItsSizeAndOtherRequestsAreNotHeldUp() throws {
        // Given a 20000×20000 image being generated (off the polling thread)
        let url = server.url("/images/9.png?w=20000&h=20000")
        let box = ResultBox()
        let thread = Thread { box.set(HTTP.get(url, timeout: 120)) }
        thread.start()
        // Then a small request meanwhile is answered at once
        XCTAssertTrue(eventually { self.server.suspendedConnections == 1 }, "the huge request waits suspended")
        let small = get("/health")
        XCTAssertEqual(small.status, 200)
        XCTAssertLessThan(small.elapsed, 0.5)
        let result = box.wait()
        XCTAssertEqual(result.status, 200)
        let info = try ImageCodec.probe(result.body)
        XCTAssertEqual([info.width, info.height], [20_000, 20_000])
    }

    func test_defaultGallery_hasSixDecodableImagesOfAtLeast800x600() throws {
        let urls = try XCTUnwrap(get("/gallery.json").json?["images"] as? [String])
        XCTAssertEqual(urls.count, 6)
        for url in urls {
            let image = try ImageCodec.decode(HTTP.get(URL(string: url)!).body)
            XCTAssertGreaterThanOrEqual(image.width, 800, url)
            XCTAssertGreaterThanOrEqual(image.height, 600, url)
        }
    }

    func test_mixedGallery_servesEachFaultOnce() throws {
        let urls = try XCTUnwrap(get("/gallery.json?scenario=mixed").json?["images"] as? [String]).map { URL(string: $0)! }
        XCTAssertEqual(urls.count, 6)
        XCTAssertNoThrow(try ImageCodec.decode(HTTP.get(urls[0]).body))
        XCTAssertTrue(urls[1].query?.contains("delay=3000") == true)
        XCTAssertThrowsError(try ImageCodec.decode(HTTP.get(urls[2]).body))
        XCTAssertEqual(HTTP.get(urls[3]).status, 404)
        // The short timeouts below are for the faults, not for a first render (0.3-0.6 s on a
        // loaded machine): render both images once, without their faults.
        for url in urls[4...5] { XCTAssertEqual(HTTP.get(withoutQuery(url)).status, 200) }
        XCTAssertEqual(HTTP.get(urls[4], timeout: 0.5).headers["content-length"], "30000000")
        let stalled = HTTP.get(urls[5], timeout: 0.5)
        XCTAssertEqual(stalled.code, CurlCode.timedOut)
        XCTAssertEqual(stalled.body.count, 1000)
    }

    func test_offlineFirstGallery_goesOfflineOnceEveryImageWasServed() throws {
        let urls = try XCTUnwrap(get("/gallery.json?scenario=offline-first").json?["images"] as? [String]).map { URL(string: $0)! }
        for url in urls.dropLast() { XCTAssertEqual(HTTP.get(url).status, 200) }
        XCTAssertFalse(server.isOffline, "not before the last one")
        XCTAssertEqual(HTTP.get(urls.last!).status, 200)
        XCTAssertTrue(eventually(timeout: 2) { self.server.isOffline })
        XCTAssertEqual(HTTP.get(urls[0], timeout: 2).code, CurlCode.refused, "a reload meets the offline path")
    }

    func test_tweetEndpoints_needTheBearerToken() {
        for path in ["/1.1/search/tweets.json?q=a", "/2/tweets/search/recent?query=a"] {
            XCTAssertEqual(get(path).status, 401, path)
            XCTAssertEqual(get(path, headers: ["Authorization: Bearer wrong"]).status, 401, path)
            XCTAssertEqual(getAuthorized(path).status, 200, path)
        }
        XCTAssertEqual(get("/1.1/search/tweets.json?q=a&delay=2000").elapsed < 1, true, "the token is checked first")
    }

    func test_v11Search_honoursCountAndSinceID_andANewTweetAppearsEvery20Seconds() throws {
        let first = try XCTUnwrap(getAuthorized("/1.1/search/tweets.json?q=&count=5").json?["statuses"] as? [[String: Any]])
        XCTAssertEqual(first.count, 5)
        let newest = try XCTUnwrap(first.first?["id_str"] as? String)
        XCTAssertEqual((getAuthorized("/1.1/search/tweets.json?q=&since_id=\(newest)").json?["statuses"] as? [Any])?.count, 0)

        clock.advance(by: 19)
        XCTAssertEqual((getAuthorized("/1.1/search/tweets.json?q=&since_id=\(newest)").json?["statuses"] as? [Any])?.count, 0)
        clock.advance(by: 1)
        let later = try XCTUnwrap(getAuthorized("/1.1/search/tweets.json?q=&since_id=\(newest)").json?["statuses"] as? [[String: Any]])
        XCTAssertEqual(later.count, 1)
        XCTAssertGreaterThan(UInt64(later[0]["id_str"] as? String ?? "") ?? 0, UInt64(newest)!)
    }

    func test_userTimeline_knownAndUnknownUsers() throws {
        let name = TweetTimeline.users[0].screenName
        let tweets = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: getAuthorized("/1.1/statuses/user_timeline.json?screen_name=\(name)&count=3").body)
                as? [[String: Any]])
        XCTAssertFalse(tweets.isEmpty)
        XCTAssertTrue(tweets.allSatisfy { ($0["user"] as? [String: Any])?["screen_name"] as? String == name })
        XCTAssertEqual(getAuthorized("/1.1/statuses/user_timeline.json?screen_name=nobody_here").status, 404)
    }

    func test_v2Search_includesTheAuthors_andAvatarsAreServed() throws {
        let body = try XCTUnwrap(getAuthorized("/2/tweets/search/recent?query=the&expansions=author_id&tweet.fields=created_at").json)
        let data = try XCTUnwrap(body["data"] as? [[String: Any]])
        let users = try XCTUnwrap((body["includes"] as? [String: Any])?["users"] as? [[String: Any]])
        let userIDs = Set(users.compactMap { $0["id"] as? String })
        XCTAssertTrue(data.allSatisfy { userIDs.contains($0["author_id"] as? String ?? "") })
        let avatar = try XCTUnwrap(users.first?["profile_image_url"] as? String)
        XCTAssertTrue(avatar.hasPrefix(server.baseURL.absoluteString))
        XCTAssertEqual(try ImageCodec.probe(HTTP.get(URL(string: avatar)!).body).width, 73)
    }

    func test_v2Search_ignoresOperatorsClientsAdd() {
        let plain = getAuthorized("/2/tweets/search/recent?query=the&max_results=10").json?["data"] as? [[String: Any]]
        let withOperators = getAuthorized("/2/tweets/search/recent?query=the%20-is:retweet%20lang:en&max_results=10").json?["data"] as? [[String: Any]]
        XCTAssertEqual(plain?.count, 10)
        XCTAssertEqual(plain?.compactMap { $0["id"] as? String }, withOperators?.compactMap { $0["id"] as? String })
    }

    func test_rateLimit_429CarriesTheResetTimeInServerEpochSeconds() {
        let result = getAuthorized("/1.1/search/tweets.json?q=a&status=429")
        XCTAssertEqual(result.status, 429)
        XCTAssertEqual(result.headers["x-rate-limit-reset"], String(Int(clock.now().timeIntervalSince1970) + 60))
        XCTAssertEqual(result.headers["x-rate-limit-remaining"], "0")
        XCTAssertEqual(((result.json?["errors"] as? [[String: Any]])?.first?["code"]) as? Int, 88)
    }

    /// `url` without its query: the same resource, none of its faults.
    private func withoutQuery(_ url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.query = nil
        return components.url!
    }
}

/// Hands one result from a background thread to the test.
private final class ResultBox: @unchecked Sendable {
    // `@unchecked`: `value` is written once before `ready` is signalled and read after waiting.
    private var value = CurlResult()
    private let ready = DispatchSemaphore(value: 0)

    func set(_ result: CurlResult) {
        value = result
        ready.signal()
    }

    func wait() -> CurlResult {
        ready.wait()
        return value
    }
}
