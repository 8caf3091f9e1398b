import Foundation
import ImageCodec
import XCTest

final class ImageCodecDecodeTests: XCTestCase {
    func test_decode_returnsPNGPixelsUnchanged() throws {
        // Given
        let original = try TestImages.gradient()
        let png = try ImageCodec.encodePNG(original)

        // When
        let decoded = try ImageCodec.decode(png)

        // Then
        XCTAssertEqual(decoded, original)
    }

    func test_decode_returnsJPEGPixelsCloseToTheOriginal() throws {
        // Given
        let original = try TestImages.opaqueGradient()
        let jpeg = try ImageCodec.encodeJPEG(original, quality: 90)

        // When
        let decoded = try ImageCodec.decode(jpeg)

        // Then
        XCTAssertEqual(decoded.width, original.width)
        XCTAssertEqual(decoded.height, original.height)
        XCTAssertEqual(decoded.pixels.count, original.pixels.count)
        let totalError = zip(decoded.pixels, original.pixels).reduce(0) {
            $0 + abs(Int($1.0) - Int($1.1))
        }
        let meanError = Double(totalError) / Double(original.pixels.count)
        XCTAssertLessThan(meanError, 3, "mean absolute error per channel")
        XCTAssertGreaterThan(
            meanError, 0, "JPEG is lossy; an exact match means it was not re-encoded")
    }

    func test_decode_throwsTooLargeForHugeHeaderBeforeDecoding() throws {
        // Given: a header declaring 20000×20000, above the default 50-megapixel limit.
        let huge = try TestImages.hugePNG.get()

        // When / Then
        assertThrows(.tooLarge(pixels: 400_000_000)) { () throws(ImageCodecError) in
            try ImageCodec.decode(huge)
        }
    }

    func test_decode_checksPixelLimitBeforeReadingImageData() throws {
        // Given: the huge header followed by damaged or missing image data. Decoding pixels
        // first would throw .corrupt or .truncated; checking the header first throws .tooLarge.
        let huge = try TestImages.hugePNG.get()
        let damaged = try XCTUnwrap(ImageCodec.corrupted(huge))
        let headerOnly = huge.prefix(100)

        // When / Then
        assertThrows(.tooLarge(pixels: 400_000_000)) { () throws(ImageCodecError) in
            try ImageCodec.decode(damaged)
        }
        assertThrows(.tooLarge(pixels: 400_000_000)) { () throws(ImageCodecError) in
            try ImageCodec.decode(headerOnly)
        }
        assertThrowsCorrupt { () throws(ImageCodecError) in
            try ImageCodec.decode(damaged, maxPixels: 400_000_000)
        }
    }

    func test_decode_throwsTooLargeAboveTheCallersLimit() throws {
        // Given
        let png = try TestImages.png()
        let jpeg = try TestImages.jpeg()

        // When / Then
        assertThrows(.tooLarge(pixels: 3072)) { () throws(ImageCodecError) in
            try ImageCodec.decode(png, maxPixels: 3071)
        }
        assertThrows(.tooLarge(pixels: 3072)) { () throws(ImageCodecError) in
            try ImageCodec.decode(jpeg, maxPixels: 3071)
        }
        XCTAssertEqual(try ImageCodec.decode(png, maxPixels: 3072).width, 64)
    }

    func test_decode_throwsUnsupportedFormatForGarbageAndEmptyData() {
        // Given
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<4096).map { _ in UInt8.random(in: 0...0x7F, using: &generator) })

        // When / Then
        assertThrows(.unsupportedFormat) { () throws(ImageCodecError) in
            try ImageCodec.decode(garbage)
        }
        assertThrows(.unsupportedFormat) { () throws(ImageCodecError) in
            try ImageCodec.decode(Data())
        }
    }

    func test_decode_throwsTruncatedForCutPNG() throws {
        // Given
        let png = try TestImages.png()
        let half = png.prefix(png.count / 2)

        // When / Then
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(half) }
    }

    func test_decode_throwsTruncatedForCutJPEG() throws {
        // Given
        let jpeg = try TestImages.jpeg()
        let half = jpeg.prefix(jpeg.count / 2)

        // When / Then
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(half) }
    }

    func test_decode_throwsCorruptWithMessageForDamagedCompleteJPEG() throws {
        // Given: a complete JPEG (EOI intact) whose frame header declares 0 components.
        var jpeg = try TestImages.jpeg()
        let sof = try XCTUnwrap(jpeg.firstRange(of: Data([0xFF, 0xC0])))
        jpeg[sof.lowerBound + 9] = 0

        // When
        let message = assertThrowsCorrupt { () throws(ImageCodecError) in
            try ImageCodec.decode(jpeg)
        }

        // Then
        XCTAssertFalse(message?.isEmpty ?? true)
    }

    func test_decode_givesIdenticalResultsFromConcurrentTasks() async throws {
        // Given
        let png = try ImageCodec.encodePNG(width: 640, height: 480) { y, row in
            TestImages.patternRow(y: y, row: row)
        }
        let jpeg = try ImageCodec.encodeJPEG(width: 640, height: 480) { y, row in
            TestImages.patternRow(y: y, row: row)
        }
        let expected = try [ImageCodec.decode(png), ImageCodec.decode(jpeg)]

        // When: 8 tasks decode both images 5 times each, all at once.
        let results = try await withThrowingTaskGroup(of: [[DecodedImage]].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try (0..<5).map { _ in try [ImageCodec.decode(png), ImageCodec.decode(jpeg)] }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }

        // Then
        XCTAssertEqual(results.count, 40)
        for result in results { XCTAssertTrue(result == expected) }
    }
}
