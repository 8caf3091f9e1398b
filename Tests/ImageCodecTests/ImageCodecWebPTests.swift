import Foundation
import ImageCodec
import XCTest

/// WebP: still images decoded (and scaled) by libwebp, animations' first frame with their frame
/// count, loop count and durations, EXIF orientation, and hostile containers refused.
final class ImageCodecWebPTests: XCTestCase {
    func test_decode_losslessStill_isPixelExact() throws {
        let image = try TestImages.opaqueGradient()
        let data = try WebPPictures.still(image)

        let decoded = try ImageCodec.decode(data)

        XCTAssertTrue(decoded.pixels == image.pixels, "lossless WebP decodes to the encoded pixels")
        XCTAssertEqual(decoded.frameCount, 1)
        XCTAssertEqual(decoded.frameDurations, [])
        assertInfo(try ImageCodec.probe(data), .webp, image.width, image.height)
    }

    func test_decodeCovering_scalesWithLibwebpToTheCoveringSize() throws {
        let data = try WebPPictures.still(try TestImages.opaqueGradient(width: 200, height: 100))

        let decoded = try ImageCodec.decode(data, covering: PixelSize(side: 30))

        XCTAssertEqual([decoded.width, decoded.height], [60, 30])
    }

    func test_decode_animation_deliversFirstFrameAndCountsFrames() throws {
        let first = try DecodedImage(width: 4, height: 3, pixels: [UInt8](repeating: 0, count: 48).enumerated().map {
            [255, 0, 0, 255][$0.offset % 4]
        })
        let second = try DecodedImage(width: 4, height: 3, pixels: [UInt8](repeating: 0, count: 48).enumerated().map {
            [0, 0, 255, 255][$0.offset % 4]
        })
        let data = try WebPPictures.animation([(first, 100), (second, 250), (second, 40)], loops: 3)

        let decoded = try ImageCodec.decode(data)

        XCTAssertEqual(decoded.pixels, first.pixels)
        XCTAssertEqual(decoded.frameCount, 3)
        XCTAssertEqual(decoded.loopCount, 3)
        XCTAssertEqual(decoded.frameDurations, [.milliseconds(100), .milliseconds(250), .milliseconds(40)])
        let scaled = try ImageCodec.decode(data, covering: PixelSize(side: 2))
        XCTAssertEqual([scaled.width, scaled.height, scaled.frameCount], [3, 2, 3])
    }

    func test_decode_manyFrames_countsAllDecodesOne() throws {
        let pixel = try DecodedImage(width: 1, height: 1, pixels: [9, 8, 7, 255])
        let data = try WebPPictures.animation(Array(repeating: (pixel, 10), count: 20_000), loops: 0)

        let start = ContinuousClock.now
        let decoded = try ImageCodec.decode(data)

        XCTAssertEqual(decoded.frameCount, 20_000)
        XCTAssertEqual(decoded.frameDurations.count, 10_000, "the durations list is capped")
        XCTAssertEqual(decoded.pixels, [9, 8, 7, 255])
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func test_decode_exifOrientation_turnsUpright() throws {
        let upright = try OrientedPictures.patches()
        for orientation in 1...8 {
            let decoded = try ImageCodec.decode(try WebPPictures.oriented(upright, orientation: orientation))
            XCTAssertEqual([decoded.width, decoded.height], [upright.width, upright.height], "orientation \(orientation)")
            let differing = zip(decoded.pixels, upright.pixels).enumerated().first { $0.element.0 != $0.element.1 }
            XCTAssertEqual(decoded.frameCount, 1)
            XCTAssertNil(differing.map { "byte \($0.offset): \($0.element)" }, "orientation \(orientation)")
        }
    }

    func test_decode_hugeCanvas_isTooLargeBeforeDecoding() throws {
        // A VP8X canvas of 16384 × 16384 (268 MP) around a 1×1 frame.
        let pixel = try DecodedImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
        let frame = [UInt8](try WebPPictures.still(pixel).dropFirst(12))
        let body = WebPPictures.chunk("VP8X", [0x02, 0, 0, 0] + WebPPictures.u24(16383) + WebPPictures.u24(16383))
            + WebPPictures.chunk("ANIM", [0, 0, 0, 0, 0, 0])
            + WebPPictures.chunk("ANMF", [UInt8](repeating: 0, count: 12) + WebPPictures.u24(10) + [0] + frame)
        let data = Data(WebPPictures.riff(body))

        assertThrows(.tooLarge(pixels: 16384 * 16384)) { () throws(ImageCodecError) in try ImageCodec.decode(data) }
        assertThrows(.tooLarge(pixels: 16384 * 16384)) { () throws(ImageCodecError) in
            try ImageCodec.decode(data, covering: PixelSize(side: 10))
        }
    }

    func test_decode_canvasOverLibwebpsAreaLimit_isTooLargeNotCorrupt() throws {
        // 100,000 × 100,000 (the zoo's bomb): libwebp refuses any canvas of 2^32 pixels or more
        // without saying why; a loader must still show imageTooLarge, not brokenImage.
        let pixel = try DecodedImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
        let frame = [UInt8](try WebPPictures.still(pixel).dropFirst(12))
        let body = WebPPictures.chunk("VP8X", [0x02, 0, 0, 0] + WebPPictures.u24(99_999) + WebPPictures.u24(99_999))
            + WebPPictures.chunk("ANIM", [0, 0, 0, 0, 0, 0])
            + WebPPictures.chunk("ANMF", [UInt8](repeating: 0, count: 12) + WebPPictures.u24(10) + [0] + frame)
        let data = Data(WebPPictures.riff(body))

        assertThrows(.tooLarge(pixels: 10_000_000_000)) { () throws(ImageCodecError) in try ImageCodec.decode(data) }
        assertThrows(.tooLarge(pixels: 10_000_000_000)) { () throws(ImageCodecError) in try ImageCodec.probe(data) }
    }

    func test_decode_riffSizeThatLies_isRefused() throws {
        let valid = [UInt8](try WebPPictures.still(try TestImages.gradient()))
        let body = Array(valid.dropFirst(12))
        for declared in [body.count + 4 + 1_000_000, 0xFFFF_FFF0, 4, 2] {
            let data = Data(WebPPictures.riff(body, declaredSize: declared))
            XCTAssertNotNil(codecError { () throws(ImageCodecError) in try ImageCodec.decode(data) }, "RIFF size \(declared)")
        }
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(Data(valid.prefix(valid.count - 20))) }
    }
}
