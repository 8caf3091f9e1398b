import Foundation
import ImageCodec
import XCTest

/// APNG: the default image is the first frame; the frame count, loop count and delays come from
/// the `acTL` and `fcTL` chunks, counted without inflating any other frame.
final class ImageCodecAPNGTests: XCTestCase {
    /// `fcTL`: sequence number, the frame's size and place, its delay, dispose and blend.
    private func frameControl(_ sequence: Int, width: Int, height: Int, delay: (UInt16, UInt16)) -> [UInt8] {
        PNGSurgery.chunk(
            "fcTL",
            PNGSurgery.bigEndian(UInt32(sequence)) + PNGSurgery.bigEndian(UInt32(width)) + PNGSurgery.bigEndian(UInt32(height))
                + PNGSurgery.bigEndian(0) + PNGSurgery.bigEndian(0)
                + [UInt8(delay.0 >> 8), UInt8(delay.0 & 0xFF), UInt8(delay.1 >> 8), UInt8(delay.1 & 0xFF), 0, 0])
    }

    /// An APNG around `still`'s pixels: `acTL` after `IHDR`, an `fcTL` before `IDAT` (the default
    /// image is frame 1), then each later frame's `fcTL` and an `fdAT` holding a copy of the
    /// image data (never inflated by the decoder).
    private func apng(_ still: Data, width: Int, height: Int, plays: Int, delays: [(UInt16, UInt16)]) -> Data {
        var bytes = [UInt8](still)
        let actl = PNGSurgery.chunk("acTL", PNGSurgery.bigEndian(UInt32(delays.count)) + PNGSurgery.bigEndian(UInt32(plays)))
        // The first IDAT chunk starts 4 bytes (its length) before its type.
        let idatStart = (bytes[33...].firstRange(of: Array("IDAT".utf8))?.lowerBound ?? 37) - 4
        var sequence = 0
        let first = frameControl(sequence, width: width, height: height, delay: delays[0])
        sequence += 1
        bytes = Array(bytes[..<33]) + actl + Array(bytes[33..<idatStart]) + first + Array(bytes[idatStart..<(bytes.count - 12)])
        var later: [UInt8] = []
        for delay in delays.dropFirst() {
            later += frameControl(sequence, width: width, height: height, delay: delay)
            later += PNGSurgery.chunk("fdAT", PNGSurgery.bigEndian(UInt32(sequence + 1)) + [0x78, 0x9C])
            sequence += 2
        }
        return Data(bytes + later + PNGSurgery.end)
    }

    func test_decode_apng_firstFrameWithCountLoopsAndDelays() throws {
        let image = try TestImages.gradient(width: 16, height: 12)
        let data = apng(try ImageCodec.encodePNG(image), width: 16, height: 12, plays: 2, delays: [(10, 100), (1, 20), (100, 0)])

        let decoded = try ImageCodec.decode(data)
        let scaled = try ImageCodec.decode(data, covering: PixelSize(side: 6))

        XCTAssertEqual(decoded.pixels, image.pixels, "the default image is the first frame")
        XCTAssertEqual(decoded.frameCount, 3)
        XCTAssertEqual(decoded.loopCount, 2)
        XCTAssertEqual(decoded.frameDurations, [.milliseconds(100), .milliseconds(50), .seconds(1)], "a 0 denominator is hundredths")
        XCTAssertEqual([scaled.frameCount, scaled.loopCount], [3, 2], "kept at a target size")
        XCTAssertEqual(scaled.frameDurations, decoded.frameDurations)
    }

    func test_decode_stillPNG_andAnAcTLAfterTheImageData_areStill() throws {
        let still = try TestImages.png()
        var late = [UInt8](still)
        late.insert(contentsOf: PNGSurgery.chunk("acTL", PNGSurgery.bigEndian(2) + PNGSurgery.bigEndian(0)), at: late.count - 12)

        for (name, data) in [("plain", still), ("acTL after IDAT", Data(late))] {
            let decoded = try ImageCodec.decode(data)
            XCTAssertEqual(decoded.frameCount, 1, name)
            XCTAssertEqual(decoded.loopCount, 0, name)
            XCTAssertEqual(decoded.frameDurations, [], name)
        }
    }

    func test_decode_apngWith100000Frames_isCounted_durationsBounded() throws {
        let image = try TestImages.gradient(width: 4, height: 4)
        let delays = [(UInt16, UInt16)](repeating: (1, 30), count: 100_000)
        let data = apng(try ImageCodec.encodePNG(image), width: 4, height: 4, plays: 0, delays: delays)

        let decoded = try ImageCodec.decode(data)

        XCTAssertEqual(decoded.frameCount, 100_000)
        XCTAssertEqual(decoded.loopCount, 0, "plays forever")
        XCTAssertEqual(decoded.frameDurations.count, 10_000, "the list stops at 10,000 entries; the count does not")
        XCTAssertEqual(decoded.pixels, image.pixels)
    }
}
