import Foundation
import ImageCodec
import XCTest

/// GIF: the first frame on the logical screen, frames counted without decoding them, and
/// hostile files (a huge screen, LZW codes that point nowhere, cut files) refused.
final class ImageCodecGIFTests: XCTestCase {
    func test_decode_still_isPixelExact() throws {
        let frame = GIFPictures.Frame(width: 3, height: 2, indices: [0, 1, 2, 3, 2, 1])
        let data = GIFPictures.gif(width: 3, height: 2, frames: [frame])

        let decoded = try ImageCodec.decode(data)

        let rgba = frame.indices.flatMap { index -> [UInt8] in GIFPictures.palette[Int(index)] + [255] }
        XCTAssertEqual(decoded, try DecodedImage(width: 3, height: 2, pixels: rgba))
        XCTAssertEqual(decoded.frameCount, 1)
        assertInfo(try ImageCodec.probe(data), .gif, 3, 2)
    }

    func test_decode_smallTransparentFrame_leavesTheRestOfTheScreenClear() throws {
        let frame = GIFPictures.Frame(left: 1, top: 1, width: 2, height: 1, indices: [3, 0], transparent: 0)
        let decoded = try ImageCodec.decode(GIFPictures.gif(width: 4, height: 3, frames: [frame]))

        XCTAssertEqual([decoded.width, decoded.height], [4, 3])
        XCTAssertEqual(rgba(decoded, x: 1, y: 1), [255, 255, 255, 255])
        XCTAssertEqual(rgba(decoded, x: 2, y: 1), [0, 0, 0, 0], "the transparent index")
        XCTAssertEqual(rgba(decoded, x: 0, y: 0), [0, 0, 0, 0], "outside the frame")
    }

    func test_decode_animation_firstFrameCountLoopsAndDelays() throws {
        let first = GIFPictures.Frame(width: 2, height: 2, indices: [0, 0, 0, 0], delay: 10)
        let second = GIFPictures.Frame(width: 2, height: 2, indices: [2, 2, 2, 2], delay: 25)
        let data = GIFPictures.gif(width: 2, height: 2, frames: [first, second, second], loops: 5)

        let decoded = try ImageCodec.decode(data)

        XCTAssertEqual(decoded.pixels, [UInt8]([255, 0, 0, 255]).repeated(4))
        XCTAssertEqual(decoded.frameCount, 3)
        XCTAssertEqual(decoded.loopCount, 5)
        XCTAssertEqual(decoded.frameDurations, [.milliseconds(100), .milliseconds(250), .milliseconds(250)])
        XCTAssertEqual(try ImageCodec.decode(data, covering: PixelSize(side: 1)).frameCount, 3)
    }

    func test_decode_manyFrames_countsAllDecodesOne() throws {
        let pixel = GIFPictures.Frame(width: 1, height: 1, indices: [1], delay: 2)
        let data = GIFPictures.gif(width: 1, height: 1, frames: Array(repeating: pixel, count: 50_000))

        let start = ContinuousClock.now
        let decoded = try ImageCodec.decode(data)

        XCTAssertEqual(decoded.frameCount, 50_000)
        XCTAssertEqual(decoded.frameDurations.count, 10_000, "the durations list is capped")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func test_decode_hugeScreenTinyFrame_isTooLargeBeforeDecoding() {
        let data = GIFPictures.gif(width: 65_535, height: 65_535, frames: [.init(width: 1, height: 1, indices: [0])])

        assertThrows(.tooLarge(pixels: 65_535 * 65_535)) { () throws(ImageCodecError) in try ImageCodec.decode(data) }
        assertThrows(.tooLarge(pixels: 65_535 * 65_535)) { () throws(ImageCodecError) in
            try ImageCodec.decode(data, covering: PixelSize(side: 16))
        }
    }

    func test_decode_lzwCodesPointingNowhere_isCorrupt() {
        // After a clear code and one pixel, codes 7 name table entries that do not exist yet.
        let data = GIFPictures.gif(
            width: 2, height: 2, frames: [.init(width: 2, height: 2, indices: [])],
            lzw: { _ in GIFPictures.pack([4, 0, 7, 7, 7, 7, 7, 5], bits: 3) })

        assertThrowsCorrupt { () throws(ImageCodecError) in try ImageCodec.decode(data) }
    }

    func test_decode_cutFile_isTruncated() {
        let data = GIFPictures.gif(width: 8, height: 8, frames: [.init(width: 8, height: 8, indices: .init(repeating: 1, count: 64))])

        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(data.prefix(data.count - 12)) }
    }
}

extension Array {
    /// The elements `times` times over.
    fileprivate func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
