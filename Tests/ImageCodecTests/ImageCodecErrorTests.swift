import ImageCodec
import XCTest

final class ImageCodecErrorTests: XCTestCase {
    func test_description_isOneSentencePerCase() {
        // Given
        let errors: [ImageCodecError] = [
            .unsupportedFormat, .truncated, .corrupt("Quantization table 0x00 was not defined."),
            .tooLarge(pixels: 400_000_000), .invalidDimensions(width: 0, height: 3),
            .encodingFailed("out of memory"), .undecodableFormat("JPEG XL"),
        ]

        for error in errors {
            // When
            let description = error.description

            // Then
            XCTAssertTrue(description.first?.isUppercase ?? false, description)
            XCTAssertTrue(description.hasSuffix("."), description)
            XCTAssertFalse(description.hasSuffix(".."), description)
            XCTAssertEqual(description.filter { $0 == "." }.count, 1, description)
        }
    }

    func test_description_includesTheDecoderMessageAndPixelCount() {
        // Given / When / Then
        XCTAssertTrue(
            ImageCodecError.corrupt("bad Huffman code").description.contains("bad Huffman code"))
        XCTAssertTrue(
            ImageCodecError.tooLarge(pixels: 400_000_000).description.contains("400000000"))
    }
}
