import Foundation
import ImageCodec
import XCTest

/// Image formats without a decoder are named by their signature (``ImageCodecError/undecodableFormat(_:)``),
/// apart from data that is no image at all (``ImageCodecError/unsupportedFormat``).
final class ImageCodecForeignFormatTests: XCTestCase {
    /// The first bytes of a small file of each format, as their encoders write them.
    private static let heads: [(String, [UInt8])] = [
        ("JPEG XL", [0xFF, 0x0A, 0xFA, 0x7F]),
        ("JPEG XL", [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
        ("JPEG 2000", [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
        ("TIFF", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]),
        ("TIFF", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]),
        ("BMP", Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0]),
        ("ICO", [0, 0, 1, 0, 1, 0, 16, 16]),
        ("SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)),
        ("SVG", [0xEF, 0xBB, 0xBF] + Array("\n<?xml version=\"1.0\"?>\n<!-- drawn -->\n<svg width=\"1\"/>".utf8)),
    ]

    func test_decode_recognisedFormatWithoutDecoder_isNamed() {
        for (name, head) in Self.heads {
            // Given the head of a file, and a whole-looking file (head and padding)
            for data in [Data(head), Data(head + [UInt8](repeating: 0, count: 256))] {
                // When / Then decoding, decoding at a size and probing all name the format
                assertThrows(.undecodableFormat(name)) { () throws(ImageCodecError) in try ImageCodec.decode(data) }
                assertThrows(.undecodableFormat(name)) { () throws(ImageCodecError) in
                    try ImageCodec.decode(data, covering: PixelSize(side: 64))
                }
                assertThrows(.undecodableFormat(name)) { () throws(ImageCodecError) in try ImageCodec.probe(data) }
            }
        }
    }

    func test_decode_lookalikesThatAreNoImage_stayUnsupported() {
        let lookalikes: [(String, [UInt8])] = [
            ("an MP4 video", [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)),
            ("a WAVE sound", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)),
            ("text starting BM", Array("BM is a note, not a bitmap".utf8)),
            ("an XHTML page", Array("<?xml version=\"1.0\"?><html><body>hello</body></html>".utf8)),
            ("an HTML page", Array("<!DOCTYPE html><html></html>".utf8)),
        ]
        for (name, bytes) in lookalikes {
            assertThrows(.unsupportedFormat) { () throws(ImageCodecError) in try ImageCodec.decode(Data(bytes)) }
            XCTAssertNil(ImageCodec.corrupted(Data(bytes)), name)
        }
    }

    func test_description_namesTheFormat() {
        XCTAssertEqual(
            ImageCodecError.undecodableFormat("TIFF").description, "The data is a TIFF image, a format that is not decoded.")
    }
}
