import Gallery
import ImageCache
import Messages
import Networking
import XCTest

/// The gallery's failures as the user sees them: one row per image-load failure and per list failure.
final class GalleryFailureMessagesTests: XCTestCase {
    func test_imageCell_notAnImage_showsImageUnavailable() {
        XCTAssertEqual(FailureMessages.imageCell(for: ImageLoadError.unavailable), FailureNotice(message: .imageUnavailable))
    }

    func test_imageCell_broken_showsBrokenImage() {
        XCTAssertEqual(FailureMessages.imageCell(for: ImageLoadError.broken), FailureNotice(message: .brokenImage))
    }

    func test_imageCell_tooLarge_showsImageTooLarge() {
        XCTAssertEqual(FailureMessages.imageCell(for: ImageLoadError.tooLarge), FailureNotice(message: .imageTooLarge))
    }

    func test_imageCell_cancelled_showsNothing() {
        XCTAssertNil(FailureMessages.imageCell(for: ImageLoadError.cancelled))
    }

    func test_imageCell_networkFailure_mapsLikeTheNetworkError() {
        let errors: [NetworkError] = [
            .offline, .timedOut, .connectionLost, .httpStatus(404), .httpStatus(503), .tooLarge(limit: 1),
            .cancelled, .invalidURL, .invalidResponse,
        ]
        for error in errors {
            XCTAssertEqual(FailureMessages.imageCell(for: ImageLoadError.network(error)), FailureMessages.imageCell(for: error), "\(error)")
        }
    }

    func test_galleryList_networkFailure_showsTheImageCellMessage() {
        XCTAssertEqual(FailureMessages.galleryList(for: .network(.offline)), .offline)
        XCTAssertEqual(FailureMessages.galleryList(for: .network(.httpStatus(503))), .serverError)
        XCTAssertNil(FailureMessages.galleryList(for: .network(.cancelled)))
    }

    func test_galleryList_malformed_showsImageUnavailable() {
        XCTAssertEqual(FailureMessages.galleryList(for: .malformed("not JSON")), .imageUnavailable)
    }

    func test_imageCell_table() {
        let expected: [(ImageLoadError, FailureNotice?)] = [
            (.network(.offline), FailureNotice(message: .offline, hint: .pullToRefresh)),
            (.network(.timedOut), FailureNotice(message: .timedOut, hint: .pullToRefresh)),
            (.network(.connectionLost), FailureNotice(message: .timedOut, hint: .pullToRefresh)),
            (.network(.httpStatus(404)), FailureNotice(message: .imageUnavailable)),
            (.network(.httpStatus(503)), FailureNotice(message: .serverError)),
            (.unavailable, FailureNotice(message: .imageUnavailable)),
            (.broken, FailureNotice(message: .brokenImage)),
            (.unsupportedFormat, FailureNotice(message: .unsupportedFormat)),
            (.tooLarge, FailureNotice(message: .imageTooLarge)),
            (.cancelled, nil),
        ]
        for (error, notice) in expected {
            XCTAssertEqual(FailureMessages.imageCell(for: error), notice, "\(error)")
        }
    }
}
