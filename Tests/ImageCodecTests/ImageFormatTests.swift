import ImageCodec
import XCTest

final class ImageFormatTests: XCTestCase {
    func test_mimeTypeAndFileExtension_matchEachFormat() {
        // Given / When / Then
        XCTAssertEqual(ImageFormat.png.mimeType, "image/png")
        XCTAssertEqual(ImageFormat.jpeg.mimeType, "image/jpeg")
        XCTAssertEqual(ImageFormat.png.fileExtension, "png")
        XCTAssertEqual(ImageFormat.jpeg.fileExtension, "jpg")
        XCTAssertEqual(ImageFormat.gif.mimeType, "image/gif")
        XCTAssertEqual(ImageFormat.webp.mimeType, "image/webp")
        XCTAssertEqual(ImageFormat.webp.fileExtension, "webp")
        XCTAssertEqual(ImageFormat.allCases, [.png, .jpeg, .gif, .webp, .avif, .heic])
    }
}
