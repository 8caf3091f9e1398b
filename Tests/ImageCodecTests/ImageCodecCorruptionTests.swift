import Foundation
import ImageCodec
import XCTest

final class ImageCodecCorruptionTests: XCTestCase {
    func test_corrupted_keepsPNGLengthAndHeaderButFailsDecoding() throws {
        let message = try assertCorruptedKeepsLengthAndHeaderButFailsDecoding(try TestImages.png())
        // The CRCs were recomputed, so libpng fails in the zlib stream, not on a checksum.
        XCTAssertFalse(message?.contains("CRC") ?? true, message ?? "")
    }

    func test_corrupted_keepsJPEGLengthAndHeaderButFailsDecoding() throws {
        let message = try assertCorruptedKeepsLengthAndHeaderButFailsDecoding(try TestImages.jpeg())
        XCTAssertTrue(message?.contains("Quantization table") ?? false, message ?? "")
    }

    /// Corrupts `image` and asserts the copy has its length and header (what `probe` reads) but
    /// fails to decode as corrupt; returns the decoder's message.
    private func assertCorruptedKeepsLengthAndHeaderButFailsDecoding(
        _ image: Data, file: StaticString = #filePath, line: UInt = #line
    ) throws -> String? {
        let broken = try XCTUnwrap(ImageCodec.corrupted(image), file: file, line: line)
        XCTAssertEqual(broken.count, image.count, file: file, line: line)
        XCTAssertNotEqual(broken, image, file: file, line: line)
        XCTAssertEqual(try ImageCodec.probe(broken), try ImageCodec.probe(image), file: file, line: line)
        return assertThrowsCorrupt(file: file, line: line) { () throws(ImageCodecError) in
            try ImageCodec.decode(broken)
        }
    }

    func test_corrupted_changesOnlyIDATPayloadsAndCRCs() throws {
        // Given: a tall image split over several IDAT chunks.
        let png = try ImageCodec.encodePNG(width: 300, height: 300, compressionLevel: 0) { y, row in
            TestImages.patternRow(y: y, row: row)
        }

        // When
        let broken = try XCTUnwrap(ImageCodec.corrupted(png))

        // Then: the chunk layout is unchanged and every IDAT payload is 0xFF.
        var offset = 8
        var idatCount = 0
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            XCTAssertEqual(broken[offset..<offset + 8], png[offset..<offset + 8])
            if type == "IDAT" {
                idatCount += 1
                XCTAssertTrue(broken[offset + 8..<offset + 8 + length].allSatisfy { $0 == 0xFF })
            } else {
                XCTAssertEqual(
                    broken[offset..<offset + 12 + length], png[offset..<offset + 12 + length], type)
            }
            offset += 12 + length
        }
        XCTAssertEqual(offset, png.count)
        XCTAssertGreaterThan(idatCount, 1)
    }

    func test_corrupted_returnsNilForDataThatIsNotAnImage() {
        // Given / When / Then
        XCTAssertNil(ImageCodec.corrupted(Data("plain text, not an image".utf8)))
        XCTAssertNil(ImageCodec.corrupted(Data()))
        XCTAssertNil(ImageCodec.corrupted(Data([0x89, 0x50])))
    }
}
