import Foundation
import ImageCodec
import XCTest

/// JPEGs that libjpeg decodes to the end with a warning are images, as in browsers and Pillow;
/// JPEGs that end early are not.
final class ImageCodecTolerantJPEGTests: XCTestCase {
    private let original = Result { try TestImages.opaqueGradient() }

    func test_decode_strayBytesBeforeAMarker_isTheImage() throws {
        // Given three bytes between APP0 and DQT, where a marker should be
        // (libjpeg: "Corrupt JPEG data: 3 extraneous bytes before marker 0xdb")
        let jpeg = JPEGSurgery.insert([0x00, 0x11, 0x22], afterSegments: 1, in: try TestImages.jpeg())

        // Then
        try assertDecodesToTheGradient(jpeg)
    }

    func test_decode_truncatedAPP14_isTheImage() throws {
        // Given an Adobe APP14 segment cut to 7 of its 12 bytes, then stray bytes left by the cut
        let app14 = JPEGSurgery.segment(0xEE, Array("Adobe".utf8) + [0, 100])
        let jpeg = JPEGSurgery.insert(app14 + [0x64, 0x00], afterSegments: 1, in: try TestImages.jpeg())

        // Then
        try assertDecodesToTheGradient(jpeg)
    }

    func test_decode_badEXIFBlock_isTheImage() throws {
        // Given an APP1 EXIF segment whose TIFF header points nowhere and whose length field
        // covers only part of it (the rest is stray bytes before the next marker)
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x10, 0x00, 0x00, 0x00, 0x09, 0x01, 0x12, 0x00, 0x03]
        let exif = JPEGSurgery.exifSegment(tiff, declaredLength: 14)
        let jpeg = JPEGSurgery.insert(exif, afterSegments: 1, in: try TestImages.jpeg())

        // Then
        try assertDecodesToTheGradient(jpeg)
    }

    func test_decode_damagedScanWithItsEnd_isTheImage() throws {
        // Given entropy-coded data with a run of bytes flipped, the EOI marker intact
        var bytes = [UInt8](try TestImages.jpeg())
        let scan = try XCTUnwrap(Self.scanDataOffset(bytes))
        for index in scan + 40..<scan + 48 where bytes[index] != 0xFF && bytes[index] != 0x00 {
            bytes[index] ^= 0x5A
        }

        // When
        let image = try ImageCodec.decode(Data(bytes))

        // Then libjpeg fills in what it could not read, as browsers do
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
    }

    func test_decode_cutInsideTheScan_isTruncated() throws {
        // Given baseline and progressive JPEGs cut before their end (libjpeg would warn of a
        // premature end and fill the rest with gray)
        let baseline = try TestImages.jpeg()
        let progressive = try FixturePictures.data("progressive.jpg")

        // Then both are truncated, at every cut after the frame header
        for (name, data) in [("baseline", baseline), ("progressive", progressive)] {
            for cut in [data.count - 1, data.count - 2, data.count * 3 / 4, data.count / 2] {
                assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(data.prefix(cut)) }
                XCTAssertNotNil(codecError { () throws(ImageCodecError) in
                    try ImageCodec.decode(data.prefix(cut), covering: PixelSize(side: 8))
                }, "\(name), \(cut) bytes")
            }
        }
    }

    func test_decode_bytesAfterTheEnd_areIgnored() throws {
        // Given a JPEG padded with zeros after EOI (some cameras do), and stray bytes in it
        let jpeg = JPEGSurgery.insert([0x00, 0x11], afterSegments: 1, in: try TestImages.jpeg()) + Data(count: 64)

        // Then
        try assertDecodesToTheGradient(jpeg)
    }

    // MARK: - Helpers

    /// Asserts that `jpeg` decodes to ``TestImages/opaqueGradient(width:height:)``, within JPEG's loss.
    private func assertDecodesToTheGradient(
        _ jpeg: Data, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expected = try original.get()
        let image = try ImageCodec.decode(jpeg)
        XCTAssertEqual(image.width, expected.width, file: file, line: line)
        XCTAssertEqual(image.height, expected.height, file: file, line: line)
        guard image.pixels.count == expected.pixels.count else { return }
        let error = zip(image.pixels, expected.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThan(Double(error) / Double(expected.pixels.count), 3, "mean error per channel", file: file, line: line)
    }

    /// The offset of the first entropy-coded byte: just after the SOS segment.
    private static func scanDataOffset(_ bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 3 < bytes.count, bytes[offset] == 0xFF {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if bytes[offset + 1] == 0xDA { return offset + 2 + length }
            offset += 2 + length
        }
        return nil
    }
}
