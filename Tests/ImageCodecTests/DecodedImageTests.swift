import ImageCodec
import XCTest

final class DecodedImageTests: XCTestCase {
    func test_init_keepsMatchingPixelsAndReportsCost() throws {
        // Given
        let pixels = [UInt8](repeating: 7, count: 3 * 2 * 4)

        // When
        let image = try DecodedImage(width: 3, height: 2, pixels: pixels)

        // Then
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.pixels, pixels)
        XCTAssertEqual(image.cost, 24)
    }

    func test_init_throwsInvalidDimensionsForWrongPixelCount() {
        // Given
        let pixels = [UInt8](repeating: 0, count: 3 * 2 * 4 - 1)

        // When / Then
        assertThrows(.invalidDimensions(width: 3, height: 2)) {
            () throws(ImageCodecError) in try DecodedImage(width: 3, height: 2, pixels: pixels)
        }
    }

    func test_init_throwsInvalidDimensionsForNonPositiveOrOverflowingSizes() {
        // Given
        let sizes = [(0, 0), (0, 5), (5, -1), (Int.max, 2), (1 << 31, 1 << 31)]

        for (width, height) in sizes {
            // When / Then
            assertThrows(.invalidDimensions(width: width, height: height)) {
                () throws(ImageCodecError) in
                try DecodedImage(width: width, height: height, pixels: [])
            }
        }
    }
}
