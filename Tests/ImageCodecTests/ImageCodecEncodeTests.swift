import Foundation
import ImageCodec
import XCTest

final class ImageCodecEncodeTests: XCTestCase {
    func test_encodePNG_streamsRowsThatDecodeToTheSamePixels() throws {
        // Given
        let width = 4000
        let height = 3000
        var requestedRows: [Int] = []

        // When
        let png = try ImageCodec.encodePNG(width: width, height: height) { y, row in
            requestedRows.append(y)
            XCTAssertEqual(row.count, width * 3)
            TestImages.patternRow(y: y, row: row)
        }
        let decoded = try ImageCodec.decode(png)

        // Then
        XCTAssertEqual(requestedRows, Array(0..<height))
        XCTAssertEqual(decoded.width, width)
        XCTAssertEqual(decoded.height, height)
        let rowBytes = width * 4
        for y in [0, 1, 255, 256, 1499, 2999] {
            let row = Array(decoded.pixels[y * rowBytes..<(y + 1) * rowBytes])
            XCTAssertEqual(row, TestImages.expectedPatternRow(y: y, width: width), "row \(y)")
        }
    }

    func test_encodePNG_streamsHugeImageFromConstantRows() throws {
        // Given / When: made once, shared with the probe and decode tests.
        let huge = try TestImages.hugePNG.get()

        // Then: deflate of constant rows approaches its ~1000:1 limit, far below 1.2 GB of RGB.
        assertInfo(try ImageCodec.probe(huge), .png, 20_000, 20_000)
        XCTAssertLessThan(huge.count, 20_000_000)
    }

    func test_encodePNG_compressesMoreAtHigherLevels() throws {
        // Given
        func encode(level: Int) throws -> Data {
            try ImageCodec.encodePNG(width: 256, height: 256, compressionLevel: level) { y, row in
                TestImages.patternRow(y: y, row: row)
            }
        }

        // When
        let stored = try encode(level: 0)
        let best = try encode(level: 9)

        // Then
        XCTAssertGreaterThan(stored.count, 256 * 256 * 3)
        XCTAssertLessThan(best.count, stored.count / 4)
        XCTAssertEqual(try ImageCodec.decode(stored), try ImageCodec.decode(best))
    }

    func test_encodeJPEG_streamsRowsThatDecodeCloseToThem() throws {
        // Given: a smooth pattern, so the JPEG error stays small.
        let width = 320
        let height = 200

        // When
        let jpeg = try ImageCodec.encodeJPEG(width: width, height: height, quality: 95) { y, row in
            for x in 0..<width {
                row[x * 3] = UInt8(x * 255 / width)
                row[x * 3 + 1] = UInt8(y * 255 / height)
                row[x * 3 + 2] = 128
            }
        }
        let decoded = try ImageCodec.decode(jpeg)

        // Then
        assertInfo(try ImageCodec.probe(jpeg), .jpeg, width, height)
        let center = ((height / 2) * width + width / 2) * 4
        XCTAssertEqual(Double(decoded.pixels[center]), Double(160 * 255 / width), accuracy: 3)
        XCTAssertEqual(Double(decoded.pixels[center + 1]), Double(100 * 255 / height), accuracy: 3)
        XCTAssertEqual(Double(decoded.pixels[center + 2]), 128, accuracy: 3)
        XCTAssertEqual(decoded.pixels[center + 3], 255)
    }

    func test_encodeJPEG_makesSmallerFilesAtLowerQuality() throws {
        // Given
        let image = try TestImages.opaqueGradient(width: 256, height: 256)

        // When
        let low = try ImageCodec.encodeJPEG(image, quality: 20)
        let high = try ImageCodec.encodeJPEG(image, quality: 95)

        // Then
        XCTAssertLessThan(low.count, high.count)
    }

    func test_encode_throwsInvalidDimensionsForOutOfRangeSizes() {
        // Given
        let sizes = [(0, 10), (10, 0), (-1, 10), (1_000_001, 1)]

        for (width, height) in sizes {
            // When / Then
            assertThrows(.invalidDimensions(width: width, height: height)) {
                () throws(ImageCodecError) in
                try ImageCodec.encodePNG(width: width, height: height) { _, _ in
                    XCTFail("no row expected")
                }
            }
        }
        for (width, height) in sizes + [(65_501, 1)] {
            assertThrows(.invalidDimensions(width: width, height: height)) {
                () throws(ImageCodecError) in
                try ImageCodec.encodeJPEG(width: width, height: height) { _, _ in
                    XCTFail("no row expected")
                }
            }
        }
    }

    func test_encode_throwsEncodingFailedForOutOfRangeLevelOrQuality() throws {
        // Given
        let image = try TestImages.gradient()

        // When / Then
        for level in [-1, 10] {
            let error = codecError { () throws(ImageCodecError) in
                try ImageCodec.encodePNG(width: 4, height: 4, compressionLevel: level) { _, _ in }
            }
            guard case .encodingFailed = error else {
                return XCTFail("level \(level): \(String(describing: error))")
            }
        }
        for quality in [0, 101] {
            let error = codecError { () throws(ImageCodecError) in
                try ImageCodec.encodeJPEG(image, quality: quality)
            }
            guard case .encodingFailed = error else {
                return XCTFail("quality \(quality): \(String(describing: error))")
            }
        }
    }
}
