import Foundation
import ImageCodec
import XCTest

final class ImageCodecProbeTests: XCTestCase {
    func test_probe_reportsFormatAndSizeOfPNG() throws {
        // Given
        let png = try TestImages.png()

        // When
        let info = try ImageCodec.probe(png)

        // Then
        assertInfo(info, .png, 64, 48)
        XCTAssertEqual(info.pixelCount, 64 * 48)
    }

    func test_probe_reportsFormatAndSizeOfJPEG() throws {
        // Given
        let jpeg = try TestImages.jpeg()

        // When
        let info = try ImageCodec.probe(jpeg)

        // Then
        XCTAssertEqual(info.format, .jpeg)
        XCTAssertEqual(info.width, 64)
        XCTAssertEqual(info.height, 48)
    }

    func test_probe_readsPNGHeaderWithoutTheImageData() throws {
        // Given: the signature, IHDR and the start of IDAT only; decoding needs the rest.
        let png = try TestImages.png()
        let headerOnly = png.prefix(45)

        // When
        let info = try ImageCodec.probe(headerOnly)

        // Then
        assertInfo(info, .png, 64, 48)
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(headerOnly) }
    }

    func test_probe_readsJPEGHeaderWithoutTheImageData() throws {
        // Given: everything up to the middle of the entropy-coded data.
        let jpeg = try TestImages.jpeg()
        let cut = jpeg.prefix(jpeg.count * 3 / 4)

        // When
        let info = try ImageCodec.probe(cut)

        // Then
        XCTAssertEqual(info.format, .jpeg)
        XCTAssertEqual(info.width, 64)
        XCTAssertEqual(info.height, 48)
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(cut) }
    }

    func test_probe_reportsHugeSizeWithoutDecoding() throws {
        // Given: a header declaring 20000×20000 (1.6 GB of RGBA if it were decoded).
        let huge = try TestImages.hugePNG.get()
        let damaged = try XCTUnwrap(ImageCodec.corrupted(huge))

        // When
        let info = try ImageCodec.probe(huge)

        // Then: the damaged copy probes the same, so probing never touched the image data.
        assertInfo(info, .png, 20_000, 20_000)
        XCTAssertEqual(info.pixelCount, 400_000_000)
        assertInfo(try ImageCodec.probe(damaged), .png, 20_000, 20_000)
    }

    func test_probe_throwsUnsupportedFormatForEmptyOrForeignData() {
        // Given
        let inputs = [
            Data(), Data("Plain text, not an image".utf8), Data([0x89, 0x50, 0x4E, 0x48]),
        ]

        for input in inputs {
            // When / Then
            assertThrows(.unsupportedFormat) { () throws(ImageCodecError) in
                try ImageCodec.probe(input)
            }
        }
        // A TIFF is an image, in a format without a decoder.
        assertThrows(.undecodableFormat("TIFF")) { () throws(ImageCodecError) in
            try ImageCodec.probe(Data([0x49, 0x49, 0x2A, 0x00] + Array(", not a PNG or JPEG".utf8)))
        }
    }

    func test_probe_throwsTruncatedForSignaturePrefixes() {
        // Given: beginnings of the PNG and JPEG signatures, and a bare PNG signature.
        let inputs = [
            Data([0x89, 0x50, 0x4E]), Data([0xFF]), Data([0xFF, 0xD8]),
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), Data([0xFF, 0xD8, 0xFF, 0xE0]),
        ]

        for input in inputs {
            // When / Then
            assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.probe(input) }
        }
    }
}
