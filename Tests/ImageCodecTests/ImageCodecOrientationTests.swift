import Foundation
import ImageCodec
import XCTest

/// EXIF orientation 1–8 (JPEG APP1, PNG `eXIf`) turns the decoded pixels upright, and the
/// decoded and target sizes are the upright picture's.
final class ImageCodecOrientationTests: XCTestCase {
    private let opaquePatches = FixturePictures.patchRGB.map { $0 + [255] }

    func test_decode_PNGWithEachOrientation_isUprightPixelForPixel() throws {
        // Given a picture in which every pixel differs, stored turned each of the eight ways
        let upright = try TestImages.gradient(width: 5, height: 3)
        for orientation in 1...8 {
            for littleEndian in [false, true] {
                let png = try OrientedPictures.png(upright, orientation: orientation, littleEndian: littleEndian)

                // When / Then
                XCTAssertEqual(try ImageCodec.decode(png), upright, "orientation \(orientation), little-endian \(littleEndian)")
            }
        }
    }

    func test_decode_JPEGWithEachOrientation_isUpright() throws {
        // Given six coloured squares, stored turned each of the eight ways
        let upright = try OrientedPictures.patches()
        for orientation in 1...8 {
            let jpeg = try OrientedPictures.jpeg(upright, orientation: orientation, littleEndian: orientation.isMultiple(of: 2))

            // When / Then every square is in its upright place
            assertPatches(try ImageCodec.decode(jpeg), opaquePatches, tolerance: 12, "orientation \(orientation)")
        }
    }

    func test_decode_JPEGWithEachOrientation_matchesTheStoredDecodeTurnedPixelForPixel() throws {
        // Given a 37×21 picture (one partial strip, no side a multiple of 4) and a 150×70 one
        // (stored turned: 150 rows, so two full 64-row strips turned 4×4 pixels at a time and a
        // partial one, and 70 columns, two left over after the 4×4 blocks)
        for (width, height) in [(37, 21), (150, 70)] {
            let upright = try TestImages.gradient(width: width, height: height)
            for orientation in 1...8 {
                let jpeg = try OrientedPictures.jpeg(upright, orientation: orientation, littleEndian: orientation > 4)
                // and the very same JPEG stream without EXIF, decoded as stored, turned by the PNG
                // path (the separate pass, which the PNG test above checks pixel for pixel)
                let stored = try ImageCodec.decode(
                    try ImageCodec.encodeJPEG(try OrientedPictures.stored(upright, orientation: orientation), quality: 95))
                let exif = PNGSurgery.chunk("eXIf", OrientedPictures.tiff(orientation: orientation, littleEndian: false))
                let reference = try ImageCodec.decode(PNGSurgery.insertAfterHeader(exif, in: try ImageCodec.encodePNG(stored)))

                // When the JPEG is decoded, turned while libjpeg's rows come
                let decoded = try ImageCodec.decode(jpeg)

                // Then it is exactly the stored decode turned upright
                XCTAssertEqual(PixelSize(width: decoded.width, height: decoded.height), PixelSize(width: width, height: height))
                XCTAssertEqual(decoded, reference, "\(width)×\(height), orientation \(orientation)")
            }
        }
    }

    func test_decodeCovering_JPEGWithEachOrientation_matchesTheScaledStoredDecodeTurnedPixelForPixel() throws {
        // Given a 150×70 picture stored turned each of the eight ways, for a 60×28 cell (libjpeg
        // scales by 4/8 to 75×35 upright)
        let upright = try TestImages.gradient(width: 150, height: 70)
        let target = PixelSize(width: 60, height: 28)
        for orientation in 1...8 {
            let jpeg = try OrientedPictures.jpeg(upright, orientation: orientation)
            // and the same JPEG stream without EXIF, scaled as stored, turned by the PNG path
            let stored = try OrientedPictures.stored(upright, orientation: orientation)
            let storedTarget = orientation > 4 ? PixelSize(width: target.height, height: target.width) : target
            let scaled = try ImageCodec.decode(try ImageCodec.encodeJPEG(stored, quality: 95), covering: storedTarget)
            let exif = PNGSurgery.chunk("eXIf", OrientedPictures.tiff(orientation: orientation, littleEndian: false))
            let reference = try ImageCodec.decode(PNGSurgery.insertAfterHeader(exif, in: try ImageCodec.encodePNG(scaled)))

            // When the JPEG is decoded for the cell
            let decoded = try ImageCodec.decode(jpeg, covering: target)

            // Then it is exactly the scaled stored decode turned upright
            XCTAssertEqual(PixelSize(width: decoded.width, height: decoded.height), PixelSize(width: 75, height: 35))
            XCTAssertEqual(decoded, reference, "orientation \(orientation)")
        }
    }

    func test_decode_truncatedTurnedJPEG_isTruncated() throws {
        // Given a JPEG stored with orientation 6, cut in its entropy-coded data
        let jpeg = try OrientedPictures.jpeg(try TestImages.gradient(width: 37, height: 21), orientation: 6)
        let cut = jpeg.prefix(jpeg.count - 60)

        // When / Then libjpeg's gray fill is not passed off as the image
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(cut) }
    }

    func test_decode_phonePortrait_twoByOneStoredWithOrientation8_isOneByTwo() throws {
        // Given a 2×1 JPEG-sized picture: stored left red, right blue, orientation 8 (turn a
        // quarter counter-clockwise), as a phone held the other way stores it
        let stored = try DecodedImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let exif = PNGSurgery.chunk("eXIf", OrientedPictures.tiff(orientation: 8, littleEndian: true))
        let png = PNGSurgery.insertAfterHeader(exif, in: try ImageCodec.encodePNG(stored))

        // When
        let image = try ImageCodec.decode(png)

        // Then it stands 1×2, the right-hand blue on top
        XCTAssertEqual(image.width, 1)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.pixels, [0, 0, 255, 255, 255, 0, 0, 255])
        XCTAssertEqual(try ImageCodec.probe(png).width, 2, "probe reports the stored size")
    }

    func test_decodeCovering_sizesTheUprightPicture() throws {
        // Given a 64×48 picture stored as 48×64 with orientation 6
        let upright = try TestImages.opaqueGradient(width: 64, height: 48)
        let png = try OrientedPictures.png(upright, orientation: 6)
        let jpeg = try OrientedPictures.jpeg(upright, orientation: 6)

        // When each is decoded for a 16×16 cell
        let fromPNG = try ImageCodec.decode(png, covering: PixelSize(side: 16))
        let fromJPEG = try ImageCodec.decode(jpeg, covering: PixelSize(side: 16))

        // Then the PNG is exactly the upright covering size, and the JPEG libjpeg's 3/8 of the
        // upright size, as for the same picture stored upright
        XCTAssertEqual(PixelSize(width: fromPNG.width, height: fromPNG.height), PixelSize(width: 22, height: 16))
        XCTAssertEqual(PixelSize(width: fromJPEG.width, height: fromJPEG.height), PixelSize(width: 24, height: 18))
        let plain = try ImageCodec.decode(try ImageCodec.encodeJPEG(upright), covering: PixelSize(side: 16))
        XCTAssertEqual(PixelSize(width: plain.width, height: plain.height), PixelSize(width: 24, height: 18))
    }

    func test_decode_damagedOrOutOfRangeOrientation_leavesThePixelsAsStored() throws {
        let picture = try TestImages.gradient(width: 5, height: 3)
        let encoded = try ImageCodec.encodePNG(picture)
        let blocks: [(String, [UInt8])] = [
            ("value 9", OrientedPictures.tiff(orientation: 9, littleEndian: false)),
            ("value 0", OrientedPictures.tiff(orientation: 0, littleEndian: true)),
            ("cut after the entry count", Array(OrientedPictures.tiff(orientation: 6, littleEndian: false).prefix(12))),
            ("IFD offset past the end", [0x4D, 0x4D, 0x00, 0x2A, 0x7F, 0xFF, 0xFF, 0xF0]),
            ("not TIFF", Array("hello, world".utf8)),
            ("empty", []),
        ]
        for (name, block) in blocks {
            // Given
            let png = PNGSurgery.insertAfterHeader(PNGSurgery.chunk("eXIf", block), in: encoded)

            // Then
            XCTAssertEqual(try ImageCodec.decode(png), picture, name)
        }
    }
}
