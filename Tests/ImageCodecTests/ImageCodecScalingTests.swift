import Foundation
import ImageCodec
import XCTest

/// ``ImageCodec/decode(_:covering:maxPixels:)``: a JPEG decoded at libjpeg's smallest scale that
/// still covers the target, a PNG shrunk once by area averaging to the covering size.
final class ImageCodecScalingTests: XCTestCase {
    /// A `width` × `height` image of one opaque colour.
    private static func solid(width: Int, height: Int, _ rgb: [UInt8]) throws -> DecodedImage {
        let pixels = (0..<width * height).flatMap { _ -> [UInt8] in rgb + [255] }
        return try DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// A JPEG of `width` × `height` in one colour.
    private static func solidJPEG(width: Int, height: Int, _ rgb: [UInt8]) throws -> Data {
        try ImageCodec.encodeJPEG(width: width, height: height, quality: 95) { _, row in
            for index in row.indices { row[index] = rgb[index % 3] }
        }
    }

    /// A JPEG of `width` × `height` (the row pattern of ``TestImages/patternRow(y:row:)``).
    private static func jpeg(width: Int, height: Int) throws -> Data {
        try ImageCodec.encodeJPEG(width: width, height: height, quality: 80, rows: TestImages.patternRow)
    }

    private static func size(_ image: DecodedImage) -> [Int] { [image.width, image.height] }

    // MARK: - JPEG

    func test_JPEG_decodesAtTheSmallestEighthThatCoversTheTarget() throws {
        // Given a 640×480 JPEG; libjpeg scales by 1/8, 1/4, 3/8, 1/2, 5/8, 3/4, 7/8, 1
        let jpeg = try Self.jpeg(width: 640, height: 480)
        // (target, expected): the height limits a landscape image in a square
        let cases: [(PixelSize, [Int])] = [
            (PixelSize(width: 80, height: 60), [80, 60]),  // 1/8, exactly
            (PixelSize(side: 100), [160, 120]),  // 1/8 gives 60 rows, too few: 1/4
            (PixelSize(side: 300), [400, 300]),  // 1/2 gives 240 rows: 5/8
            (PixelSize(side: 420), [560, 420]),  // 3/4 gives 360 rows: 7/8
            (PixelSize(side: 421), [640, 480]),  // 7/8 gives 420 rows: full size
            (PixelSize(width: 500, height: 10), [560, 420]),  // the width limits: 7/8
        ]
        for (target, expected) in cases {
            // When
            let image = try ImageCodec.decode(jpeg, covering: target)
            // Then
            XCTAssertEqual(Self.size(image), expected, "target \(target)")
            XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
        }
    }

    func test_JPEG_portraitAndWideImagesKeepTheirAspectRatio() throws {
        // A portrait image: the width limits
        let portrait = try ImageCodec.decode(Self.jpeg(width: 480, height: 640), covering: PixelSize(side: 100))
        XCTAssertEqual(Self.size(portrait), [120, 160])
        // A panorama: its 100 rows limit, so 1/2
        let wide = try ImageCodec.decode(Self.jpeg(width: 1000, height: 100), covering: PixelSize(side: 50))
        XCTAssertEqual(Self.size(wide), [500, 50])
        // Sides that do not divide by 8 round up (TurboJPEG's TJSCALED)
        let odd = try ImageCodec.decode(Self.jpeg(width: 650, height: 490), covering: PixelSize(side: 100))
        XCTAssertEqual(Self.size(odd), [163, 123])
    }

    func test_JPEG_isNeverUpscaled() throws {
        let jpeg = try Self.jpeg(width: 64, height: 48)
        for target in [PixelSize(side: 64), PixelSize(side: 500), PixelSize(width: 10, height: 48), PixelSize(width: Int.max, height: Int.max)] {
            let image = try ImageCodec.decode(jpeg, covering: target)
            XCTAssertEqual(Self.size(image), [64, 48], "target \(target)")
            XCTAssertEqual(image, try ImageCodec.decode(jpeg), "the full decode, pixel for pixel")
        }
    }

    func test_JPEG_muchLargerThanTheTarget_isShrunkToTheCoveringSize() throws {
        // Given a 1024×1024 JPEG and a 16×16 target: 1/8 still gives 128×128, eight times over
        let jpeg = try Self.solidJPEG(width: 1024, height: 1024, [40, 160, 220])
        // When
        let image = try ImageCodec.decode(jpeg, covering: PixelSize(side: 16))
        // Then
        XCTAssertEqual(Self.size(image), [16, 16])
        XCTAssertTrue(Self.allPixels(of: image, within: 4, of: [40, 160, 220, 255]), "\(image.pixels.prefix(8))")
    }

    func test_JPEG_solidColourStaysThatColourWhenScaled() throws {
        let jpeg = try Self.solidJPEG(width: 320, height: 240, [200, 30, 90])
        let image = try ImageCodec.decode(jpeg, covering: PixelSize(side: 60))
        XCTAssertEqual(Self.size(image), [80, 60])
        XCTAssertTrue(Self.allPixels(of: image, within: 4, of: [200, 30, 90, 255]), "\(image.pixels.prefix(8))")
    }

    func test_JPEG_CMYKIsScaledToo() throws {
        // Given the 48×32 "patches" picture in CMYK (16-pixel patches); 1/4 gives 12×8, 4 pixels a patch
        let data = try FixturePictures.data("cmyk-adobe.jpg")
        // When
        let image = try ImageCodec.decode(data, covering: PixelSize(width: 12, height: 8))
        // Then
        XCTAssertEqual(Self.size(image), [12, 8])
        for (index, color) in FixturePictures.patchRGB.enumerated() {
            let pixel = rgba(image, x: (index % 3) * 4 + 2, y: (index / 3) * 4 + 2)
            let error = zip(pixel, color + [255]).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(error, 16, "patch \(index) should be \(color), found \(pixel)")
        }
    }

    // MARK: - PNG

    func test_PNG_isShrunkToExactlyTheCoveringSize() throws {
        let png = try ImageCodec.encodePNG(Self.solid(width: 300, height: 200, [10, 20, 30]))
        let cases: [(PixelSize, [Int])] = [
            (PixelSize(side: 50), [75, 50]),
            (PixelSize(side: 37), [56, 37]),  // 55.5 rounds up
            (PixelSize(width: 150, height: 10), [150, 100]),  // the width limits
            (PixelSize(width: 299, height: 199), [299, 200]),
            (PixelSize(width: 300, height: 10), [300, 200]),  // as wide as the image: no shrink
            (PixelSize(side: 1000), [300, 200]),  // never enlarged
        ]
        for (target, expected) in cases {
            XCTAssertEqual(Self.size(try ImageCodec.decode(png, covering: target)), expected, "target \(target)")
        }
    }

    func test_PNG_solidColourStaysThatColour() throws {
        let png = try ImageCodec.encodePNG(Self.solid(width: 301, height: 199, [17, 130, 250]))
        let image = try ImageCodec.decode(png, covering: PixelSize(side: 40))
        XCTAssertEqual(Self.size(image), [61, 40])
        XCTAssertTrue(Self.allPixels(of: image, within: 0, of: [17, 130, 250, 255]))
    }

    func test_PNG_checkerboardAveragesToGray() throws {
        // Given one-pixel black and white squares
        let side = 200
        let pixels = (0..<side * side).flatMap { index -> [UInt8] in
            let white = (index % side + index / side) % 2 == 0
            return white ? [255, 255, 255, 255] : [0, 0, 0, 255]
        }
        let png = try ImageCodec.encodePNG(DecodedImage(width: side, height: side, pixels: pixels))
        // When: 4 source pixels an output pixel across, then 2.67 (not a whole number)
        for target in [PixelSize(side: 50), PixelSize(side: 75)] {
            let image = try ImageCodec.decode(png, covering: target)
            // Then every pixel is mid gray, give or take what a partial square lends
            XCTAssertEqual(Self.size(image), [target.width, target.height])
            XCTAssertTrue(Self.allPixels(of: image, within: 20, of: [128, 128, 128, 255]), "target \(target): \(image.pixels.prefix(16))")
        }
        let even = try ImageCodec.decode(png, covering: PixelSize(side: 100))
        XCTAssertTrue(Self.allPixels(of: even, within: 1, of: [128, 128, 128, 255]), "2×2 squares average exactly")
    }

    func test_PNG_areaAveragingWeighsPartlyCoveredPixels() throws {
        // Given a 3×3 image whose columns are 0, 90 and 180: two output pixels across share the middle column
        let columns: [UInt8] = [0, 90, 180]
        let pixels = (0..<9).flatMap { index -> [UInt8] in [columns[index % 3], 0, 0, 255] }
        let png = try ImageCodec.encodePNG(DecodedImage(width: 3, height: 3, pixels: pixels))
        // When
        let image = try ImageCodec.decode(png, covering: PixelSize(side: 2))
        // Then (0 + 90 / 2) / 1.5 = 30 and (90 / 2 + 180) / 1.5 = 150
        XCTAssertEqual(image.pixels, [30, 0, 0, 255, 150, 0, 0, 255, 30, 0, 0, 255, 150, 0, 0, 255])
    }

    func test_PNG_transparentPixelsLendNoColour() throws {
        // Given transparent red beside opaque blue
        let pixels: [UInt8] = [255, 0, 0, 0, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0, 255, 255]
        let png = try ImageCodec.encodePNG(DecodedImage(width: 2, height: 2, pixels: pixels))
        // When
        let image = try ImageCodec.decode(png, covering: PixelSize(side: 1))
        // Then blue at half coverage, no purple
        XCTAssertEqual(image.pixels, [0, 0, 255, 128])
    }

    // MARK: - The pixel limit

    func test_pixelLimit_appliesToTheDeclaredSizeWhateverTheTarget() throws {
        // Given headers over the limit (a 20000×20000 PNG; a 640×480 JPEG against a 300,000-pixel limit)
        let huge = try TestImages.hugePNG.get()
        let jpeg = try Self.jpeg(width: 640, height: 480)
        // When / Then: refused from the header, although the target would fit
        assertThrows(.tooLarge(pixels: 400_000_000)) { () throws(ImageCodecError) in
            try ImageCodec.decode(huge, covering: PixelSize(side: 100))
        }
        assertThrows(.tooLarge(pixels: 307_200)) { () throws(ImageCodecError) in
            try ImageCodec.decode(jpeg, covering: PixelSize(side: 10), maxPixels: 300_000)
        }
        XCTAssertEqual(Self.size(try ImageCodec.decode(jpeg, covering: PixelSize(side: 60), maxPixels: 307_200)), [80, 60], "at the limit")
    }

    func test_damagedData_throwsAsTheFullDecodeDoes() throws {
        let png = try TestImages.png()
        let jpeg = try TestImages.jpeg()
        for data in [png, jpeg] {
            let damaged = try XCTUnwrap(ImageCodec.corrupted(data))
            XCTAssertNotNil(codecError { () throws(ImageCodecError) in try ImageCodec.decode(damaged, covering: PixelSize(side: 8)) })
            assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(data.prefix(data.count / 2), covering: PixelSize(side: 8)) }
        }
        assertThrows(.unsupportedFormat) { () throws(ImageCodecError) in try ImageCodec.decode(Data("text".utf8), covering: PixelSize(side: 8)) }
        assertThrows(.undecodableFormat("TIFF")) { () throws(ImageCodecError) in
            try ImageCodec.decode(Data([0x4D, 0x4D, 0x00, 0x2A]), covering: PixelSize(side: 8))
        }
    }

    func test_pixelSize_countsSidesBelowOneAsOne() {
        XCTAssertEqual(PixelSize(width: 0, height: -5), PixelSize(side: 1))
        XCTAssertEqual(PixelSize(width: 370, height: 370).description, "370×370")
    }

    /// Whether every pixel of `image` is within `tolerance` of `rgba` on each channel.
    private static func allPixels(of image: DecodedImage, within tolerance: Int, of rgba: [UInt8]) -> Bool {
        image.pixels.enumerated().allSatisfy { index, value in abs(Int(value) - Int(rgba[index % 4])) <= tolerance }
    }
}
