import Messages
import Networking
import XCTest

/// One assertion per row of the error → message tables.
final class FailureMessagesTests: XCTestCase {
    private let retry = UserMessage.pullToRefresh

    // MARK: Image cell, network errors

    func test_imageCell_offline_showsOfflineWithPullToRefresh() {
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.offline), FailureNotice(message: .offline, hint: retry))
    }

    func test_imageCell_timedOut_showsTimedOutWithPullToRefresh() {
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.timedOut), FailureNotice(message: .timedOut, hint: retry))
    }

    func test_imageCell_connectionLost_showsServerNotRespondingWithPullToRefresh() {
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.connectionLost), FailureNotice(message: .timedOut, hint: retry))
    }

    func test_imageCell_clientErrorStatus_showsImageUnavailable() {
        for status in [400, 401, 403, 404, 410, 429, 499] {
            XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.httpStatus(status)), FailureNotice(message: .imageUnavailable), "\(status)")
        }
    }

    func test_imageCell_serverErrorStatus_showsServerError() {
        for status in [500, 502, 503, 504, 599] {
            XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.httpStatus(status)), FailureNotice(message: .serverError), "\(status)")
        }
    }

    func test_imageCell_otherStatus_showsImageUnavailable() {
        // A 3xx or 1xx the request did not accept: the image still is not there.
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.httpStatus(304)), FailureNotice(message: .imageUnavailable))
    }

    func test_imageCell_tooLarge_showsImageTooLarge() {
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.tooLarge(limit: 20_000_000)), FailureNotice(message: .imageTooLarge))
    }

    func test_imageCell_invalidResponseOrURL_showsImageUnavailable() {
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.invalidResponse), FailureNotice(message: .imageUnavailable))
        XCTAssertEqual(FailureMessages.imageCell(for: NetworkError.invalidURL), FailureNotice(message: .imageUnavailable))
    }

    func test_imageCell_secureConnectionFailed_showsSecureConnectionMessageWithoutHint() {
        for failure in SecureConnectionFailure.allCases {
            XCTAssertEqual(
                FailureMessages.imageCell(for: NetworkError.secureConnectionFailed(failure)),
                FailureNotice(message: .secureConnectionFailed), "\(failure)")
        }
    }

    func test_secureConnectionFailed_readsTheSameInBothLanguagesAsTheProductText() {
        let notice = FailureMessages.imageCell(for: NetworkError.secureConnectionFailed(.expired))
        XCTAssertEqual(notice?.texts(in: .ru).message, "Не удалось установить защищённое соединение")
        XCTAssertEqual(notice?.texts(in: .en).message, "A secure connection could not be established")
        XCTAssertNil(notice?.texts(in: .en).hint, "a retry cannot fix a certificate")
    }

    func test_imageCell_cancelled_showsNothing() {
        XCTAssertNil(FailureMessages.imageCell(for: NetworkError.cancelled))
    }

    // MARK: The hint

    func test_imageCell_hintsPullToRefreshExactlyForTransientErrors() {
        let errors: [NetworkError] = [
            .offline, .timedOut, .connectionLost, .httpStatus(404), .httpStatus(503), .tooLarge(limit: 1),
            .invalidURL, .invalidResponse, .secureConnectionFailed(.expired), .secureConnectionFailed(.protocolRefused),
        ]
        for error in errors {
            let hint = FailureMessages.imageCell(for: error)?.hint
            XCTAssertEqual(hint == .pullToRefresh, error.isTransient, "\(error)")
        }
    }

    // MARK: Feed refresh

    func test_feedRefresh_offline_showsOffline() {
        XCTAssertEqual(FailureMessages.feedRefresh(for: NetworkError.offline), .offline)
    }

    func test_feedRefresh_timedOutOrConnectionLost_showsTimedOut() {
        XCTAssertEqual(FailureMessages.feedRefresh(for: NetworkError.timedOut), .timedOut)
        XCTAssertEqual(FailureMessages.feedRefresh(for: NetworkError.connectionLost), .timedOut)
    }

    func test_feedRefresh_unauthorized_showsTokenRejected() {
        XCTAssertEqual(FailureMessages.feedRefresh(for: NetworkError.httpStatus(401)), .unauthorized)
    }

    func test_feedRefresh_rateLimitedStatus_showsUpdateFailed() {
        // A 429 with its reset time is the feed source's `rateLimited` (FeedScreen maps that);
        // as a bare status the seconds are unknown.
        XCTAssertEqual(FailureMessages.feedRefresh(for: NetworkError.httpStatus(429)), .feedUpdateFailed)
    }

    func test_feedRefresh_anythingElse_showsUpdateFailed() {
        let errors: [NetworkError] = [
            .httpStatus(400), .httpStatus(403), .httpStatus(404), .httpStatus(500), .httpStatus(503),
            .tooLarge(limit: 5_000_000), .invalidURL, .invalidResponse,
        ]
        for error in errors {
            XCTAssertEqual(FailureMessages.feedRefresh(for: error), .feedUpdateFailed, "\(error)")
        }
    }

    func test_feedRefresh_secureConnectionFailed_showsSecureConnectionMessage() {
        for failure in SecureConnectionFailure.allCases {
            XCTAssertEqual(FailureMessages.feedRefresh(for: NetworkError.secureConnectionFailed(failure)), .secureConnectionFailed, "\(failure)")
        }
    }

    func test_feedRefresh_cancelled_showsNothing() {
        XCTAssertNil(FailureMessages.feedRefresh(for: NetworkError.cancelled))
    }
}
