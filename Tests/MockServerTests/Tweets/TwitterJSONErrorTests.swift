import Foundation
import XCTest

@testable import MockServer

/// Error bodies, malformed bodies and byte-for-byte determinism.
final class TwitterJSONErrorTests: XCTestCase {
    /// Each error the server answers with, in both API versions: the v1.1 body with Twitter's
    /// code and message, the v2 body with its HTTP status and title.
    private static let errorKinds: [(v11: Data, code: Int, message: String, v2: Data, status: Int, title: String)] = [
        (TwitterJSON.v11Unauthorized(), 89, "Invalid or expired token.", TwitterJSON.v2Unauthorized(), 401, "Unauthorized"),
        (TwitterJSON.v11NotFound(), 34, "Sorry, that page does not exist.", TwitterJSON.v2NotFound(), 404, "Not Found"),
        (TwitterJSON.v11RateLimited(), 88, "Rate limit exceeded", TwitterJSON.v2RateLimited(), 429, "Too Many Requests"),
    ]

    func test_v11Errors_carryTwittersCodesAndMessages() throws {
        for (body, code, message, _, _, _) in Self.errorKinds {
            let errors = try XCTUnwrap(try tweetsJSONObject(body)["errors"] as? [[String: Any]])
            XCTAssertEqual(errors.count, 1)
            XCTAssertEqual(errors.first?["code"] as? Int, code)
            XCTAssertEqual(errors.first?["message"] as? String, message)
        }
        XCTAssertEqual(
            String(decoding: TwitterJSON.v11Unauthorized(), as: UTF8.self),
            #"{"errors":[{"code":89,"message":"Invalid or expired token."}]}"#)
    }

    func test_v2Errors_areProblemJSONWithTheirStatus() throws {
        for (_, _, _, body, status, title) in Self.errorKinds {
            let object = try tweetsJSONObject(body)
            XCTAssertEqual(object["status"] as? Int, status)
            XCTAssertEqual(object["title"] as? String, title)
            XCTAssertEqual(object["type"] as? String, "about:blank")
            XCTAssertNotNil(object["detail"] as? String)
        }
    }

    func test_malformed_isRejectedByJSONSerializationForEveryKindOfBody() {
        let tweets = TweetsFixture.timeline().tweets(at: TweetsFixture.epoch)
        let base = TweetsFixture.baseURL
        let bodies: [Data] = [
            TwitterJSON.v11Search(tweets, query: "", count: 100, sinceID: nil, baseURL: base),
            TwitterJSON.v11UserTimeline(Array(tweets.prefix(3)), baseURL: base),
            TwitterJSON.v2Search(tweets, baseURL: base),
            TwitterJSON.v2Search(Array(tweets.prefix(1)), baseURL: base),
            TwitterJSON.emptyV11Search(query: "q", count: 5, baseURL: base),
            TwitterJSON.emptyV11UserTimeline(),
            TwitterJSON.emptyV2Search(),
            TwitterJSON.v11Unauthorized(),
            TwitterJSON.v2RateLimited(),
            Data("{}".utf8), Data("[1,2]".utf8), Data(),
        ]
        for valid in bodies {
            let broken = TwitterJSON.malformed(valid)
            let label = String(decoding: broken.prefix(60), as: UTF8.self)
            XCTAssertThrowsError(try JSONSerialization.jsonObject(with: broken), label)
            XCTAssertThrowsError(
                try JSONSerialization.jsonObject(with: broken, options: [.fragmentsAllowed]), label)
            XCTAssertTrue(broken.hasSuffix(Data(",}".utf8)), label)
        }
    }

    func test_malformed_isRoughlyTheFirstHalfOfTheValidBody() {
        let valid = TwitterJSON.v2Search(
            TweetsFixture.timeline().tweets(at: TweetsFixture.epoch), baseURL: TweetsFixture.baseURL)
        let broken = TwitterJSON.malformed(valid)
        let kept = broken.dropLast(2)
        XCTAssertTrue(valid.starts(with: kept))
        XCTAssertGreaterThanOrEqual(kept.count, valid.count / 2)
        XCTAssertLessThan(kept.count, valid.count / 2 + 100)
        XCTAssertNotNil(String(data: kept, encoding: .utf8), "the cut never splits a UTF-8 sequence")
        XCTAssertEqual(TwitterJSON.malformed(valid), broken, "deterministic")
    }

    func test_sameEpoch_givesByteIdenticalJSON() {
        let now = TweetsFixture.at(12_345)
        let one = TweetTimeline(epoch: TweetsFixture.epoch).tweets(at: now)
        let two = TweetTimeline(epoch: TweetsFixture.epoch).tweets(at: now)
        let base = TweetsFixture.baseURL
        XCTAssertEqual(
            TwitterJSON.v11Search(one, query: "a b", count: 50, sinceID: 7, baseURL: base),
            TwitterJSON.v11Search(two, query: "a b", count: 50, sinceID: 7, baseURL: base))
        XCTAssertEqual(
            TwitterJSON.v11UserTimeline(one, baseURL: base), TwitterJSON.v11UserTimeline(two, baseURL: base))
        XCTAssertEqual(TwitterJSON.v2Search(one, baseURL: base), TwitterJSON.v2Search(two, baseURL: base))
    }
}

extension Data {
    /// Whether the bytes end with `suffix`.
    fileprivate func hasSuffix(_ suffix: Data) -> Bool {
        count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
