import Foundation
import ImageCodec
import XCTest

/// ``ImageCodec`` on files written by other encoders (Pillow, and libturbojpeg for YCCK; see
/// `Fixtures/make_fixtures.py`): the kinds of JPEG and PNG found in the wild.
final class ImageCodecRealWorldTests: XCTestCase {
    /// The "patches" colours, opaque.
    private let opaquePatches = FixturePictures.patchRGB.map { $0 + [255] }

    // MARK: - JPEG

    func test_decode_adobeCMYKJPEG_invertsTheStoredInks() throws {
        // Given a CMYK JPEG as Photoshop writes it (APP14 "Adobe", inks stored inverted)
        let data = try FixturePictures.data("cmyk-adobe.jpg")

        // When
        let image = try ImageCodec.decode(data)

        // Then
        assertPatches(image, opaquePatches, tolerance: 12, "cmyk-adobe.jpg")
    }

    func test_decode_YCCKJPEG_isConvertedThroughCMYK() throws {
        // Given a YCCK JPEG (APP14 transform 2)
        let data = try FixturePictures.data("ycck-adobe.jpg")

        // When
        let image = try ImageCodec.decode(data)

        // Then
        assertPatches(image, opaquePatches, tolerance: 12, "ycck-adobe.jpg")
    }

    func test_decode_CMYKJPEGWithoutAdobeMarker_readsTheInksAsStored() throws {
        // Given a CMYK JPEG without APP14, whose samples are the inks themselves
        let data = try FixturePictures.data("cmyk-plain.jpg")

        // When
        let image = try ImageCodec.decode(data)

        // Then
        assertPatches(image, opaquePatches, tolerance: 12, "cmyk-plain.jpg")
    }

    func test_probe_CMYKJPEG_readsItsSize() throws {
        for name in ["cmyk-adobe.jpg", "ycck-adobe.jpg", "cmyk-plain.jpg"] {
            assertInfo(try ImageCodec.probe(try FixturePictures.data(name)), .jpeg, 48, 32)
        }
    }

    func test_decode_progressiveJPEG() throws {
        assertPatches(try ImageCodec.decode(try FixturePictures.data("progressive.jpg")), opaquePatches, tolerance: 12, "progressive.jpg")
    }

    func test_decode_grayscaleJPEG_spreadsTheGrayOverRGB() throws {
        let grays = FixturePictures.grayLevels.map { [$0, $0, $0, 255] }
        assertPatches(try ImageCodec.decode(try FixturePictures.data("grayscale.jpg")), grays, tolerance: 4, "grayscale.jpg")
    }

    func test_decode_JPEGWithRestartMarkers() throws {
        assertPatches(try ImageCodec.decode(try FixturePictures.data("restart.jpg")), opaquePatches, tolerance: 12, "restart.jpg")
    }

    func test_decode_everyPrefixOfACMYKJPEGThrowsAndNeverTraps() throws {
        for name in ["cmyk-adobe.jpg", "ycck-adobe.jpg"] {
            // Given
            let data = try FixturePictures.data(name)

            // When / Then every strict prefix fails with an error
            for length in 0..<data.count {
                XCTAssertThrowsError(try ImageCodec.decode(data.prefix(length)), "\(name), \(length) bytes")
            }
        }
    }

    // MARK: - PNG (lossless: every pixel exact)

    func test_decode_16BitRGBPNG_keepsSRGBValues() throws {
        // Given a 16-bit PNG without gAMA or sRGB chunk (how most tools write one)
        let image = try ImageCodec.decode(try FixturePictures.data("rgb16.png"))

        // Then the samples are sRGB, scaled to 8 bits (50% gray stays 128, not a brighter
        // gamma-encoded "linear" 188)
        assertEveryPixel(image, "rgb16.png") { x, y in FixturePictures.expected(opaquePatches, x: x, y: y) }
    }

    func test_decode_16BitGrayPNG() throws {
        let grays = FixturePictures.grayLevels.map { [$0, $0, $0, 255] }
        assertEveryPixel(try ImageCodec.decode(try FixturePictures.data("gray16.png")), "gray16.png") { x, y in
            FixturePictures.expected(grays, x: x, y: y)
        }
    }

    func test_decode_palettePNG_withTransparentEntry() throws {
        var colors = opaquePatches
        colors[5] = [0, 0, 0, 0]
        assertEveryPixel(try ImageCodec.decode(try FixturePictures.data("palette.png")), "palette.png") { x, y in
            FixturePictures.expected(colors, x: x, y: y)
        }
    }

    func test_decode_grayAlphaPNG() throws {
        let colors = FixturePictures.grayAlpha.map { [$0.gray, $0.gray, $0.gray, $0.alpha] }
        assertEveryPixel(try ImageCodec.decode(try FixturePictures.data("gray-alpha.png")), "gray-alpha.png") { x, y in
            FixturePictures.expected(colors, x: x, y: y)
        }
    }

    func test_decode_interlacedPNG_placesEveryAdam7Pass() throws {
        let image = try ImageCodec.decode(try FixturePictures.data("interlaced.png"))
        XCTAssertEqual(image.width, FixturePictures.patternSize.width)
        XCTAssertEqual(image.height, FixturePictures.patternSize.height)
        assertEveryPixel(image, "interlaced.png", FixturePictures.patternPixel)
    }

    // MARK: - Helpers

    private func assertEveryPixel(
        _ image: DecodedImage, _ name: String, file: StaticString = #filePath, line: UInt = #line,
        _ expected: (_ x: Int, _ y: Int) -> [UInt8]
    ) {
        var wrong: [String] = []
        for y in 0..<image.height {
            for x in 0..<image.width where rgba(image, x: x, y: y) != expected(x, y) {
                wrong.append("(\(x), \(y)): \(rgba(image, x: x, y: y)) instead of \(expected(x, y))")
            }
        }
        XCTAssertTrue(wrong.isEmpty, "\(name): \(wrong.count) wrong pixels, first \(wrong.prefix(3))", file: file, line: line)
    }
}
