import FeedData
import FeedScreen
import Foundation
import Messages
import Networking
import XCTest

/// A feed source's failures as the feed shows them, mapped directly (never through a rebuilt
/// network error).
final class FeedFailureMessagesTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    func test_unauthorized_showsTokenRejected() {
        XCTAssertEqual(FailureMessages.feedRefresh(for: FeedSourceError.unauthorized, now: now), .unauthorized)
    }

    func test_rateLimitedWithResetTime_showsTheSecondsLeft() {
        let error = FeedSourceError.rateLimited(resetAt: now.addingTimeInterval(37))
        XCTAssertEqual(FailureMessages.feedRefresh(for: error, now: now), .rateLimited(seconds: 37))
    }

    func test_rateLimited_roundsUpAndShowsAtLeastOneSecond() {
        XCTAssertEqual(FailureMessages.feedRefresh(for: .rateLimited(resetAt: now.addingTimeInterval(14.2)), now: now), .rateLimited(seconds: 15))
        XCTAssertEqual(FailureMessages.feedRefresh(for: .rateLimited(resetAt: now.addingTimeInterval(-30)), now: now), .rateLimited(seconds: 1))
    }

    func test_rateLimitedWithoutResetTime_showsUpdateFailed() {
        XCTAssertEqual(FailureMessages.feedRefresh(for: FeedSourceError.rateLimited(resetAt: nil), now: now), .feedUpdateFailed)
    }

    func test_networkFailure_mapsLikeTheNetworkError() {
        for error in [NetworkError.offline, .timedOut, .connectionLost, .cancelled, .httpStatus(500)] {
            XCTAssertEqual(FailureMessages.feedRefresh(for: FeedSourceError.network(error), now: now), FailureMessages.feedRefresh(for: error), "\(error)")
        }
        XCTAssertNil(FailureMessages.feedRefresh(for: FeedSourceError.network(.cancelled), now: now))
    }

    func test_malformed_showsUpdateFailed() {
        let error = FeedSourceError.malformed(FeedParseError(path: "$", reason: "not JSON"))
        XCTAssertEqual(FailureMessages.feedRefresh(for: error, now: now), .feedUpdateFailed)
    }

    func test_rateLimitedText_readsInBothLanguages() {
        let message = FailureMessages.feedRefresh(for: .rateLimited(resetAt: now.addingTimeInterval(15)), now: now)
        XCTAssertEqual(message?.text(in: .en), "Too many requests, retrying in 15 s")
        XCTAssertEqual(message?.text(in: .ru), "Слишком много запросов, повтор через 15 с")
    }
}
