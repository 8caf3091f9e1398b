import CServerWebP
import Foundation
import XCTest

@testable import MockServer

/// libwebp writes what the zoo asks for: stills read back with libwebp's decoder, animations
/// checked chunk by chunk (RIFF: VP8X, ANIM, ANMF).
final class WebPEncoderTests: XCTestCase {
    func test_lossless_decodesToTheSamePixels() throws {
        let picture = try ZooEncoderFixtures.picture()
        let data = try WebPEncoder.encode(picture, compression: .lossless)

        XCTAssertEqual(WebPChunks(data).types, ["VP8L"])
        XCTAssertEqual(try Self.decode(data), picture.bytes)
    }

    func test_lossy_isVP8AndCloseToThePicture() throws {
        let picture = try ZooEncoderFixtures.picture()
        let data = try WebPEncoder.encode(picture, compression: .lossy(quality: 80))

        XCTAssertEqual(WebPChunks(data).types, ["VP8 "], "opaque pixels make a simple-format file")
        XCTAssertLessThan(ZooEncoderFixtures.meanDifference(picture, try Self.decode(data)), 12)
    }

    func test_alpha_keepsTheAlphaChannel() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        let data = try WebPEncoder.encode(picture, compression: .lossy(quality: 80))

        XCTAssertEqual(WebPChunks(data).types, ["VP8X", "ALPH", "VP8 "])
        XCTAssertEqual(ZooEncoderFixtures.alphas(try Self.decode(data)), ZooEncoderFixtures.alphas(picture.bytes))
    }

    func test_animated_hasTheFramesAndLoopCount() throws {
        let frames = try (0..<4).map { try ZooEncoderFixtures.picture(seed: $0) }
        let data = try WebPEncoder.encodeAnimation(frames, delay: 100, loopCount: 0, compression: .lossy(quality: 80))
        let chunks = WebPChunks(data)

        XCTAssertEqual(chunks.types.first, "VP8X")
        XCTAssertEqual(try XCTUnwrap(chunks.payload("VP8X")).first.map { $0 & 0x02 }, 0x02, "the animation flag")
        XCTAssertEqual(chunks.types.filter { $0 == "ANMF" }.count, 4)
        let anim = try XCTUnwrap(chunks.payload("ANIM"))
        XCTAssertEqual(Int(anim[4]) | Int(anim[5]) << 8, 0, "loop forever")
    }

    func test_bomb_declaresA100000Canvas() throws {
        let frames = try (0..<2).map { try ZooEncoderFixtures.picture(seed: $0) }
        let animation = try WebPEncoder.encodeAnimation(frames, delay: 100, loopCount: 0, compression: .lossless)
        let data = try DeclaredSize.webp(animation, width: 100_000, height: 100_000)

        XCTAssertEqual(data.count, animation.count)
        let vp8x = try XCTUnwrap(WebPChunks(data).payload("VP8X"))
        let canvas = [4, 7].map { at in (0..<3).reduce(0) { $0 | Int(vp8x[at + $1]) << (8 * $1) } + 1 }
        XCTAssertEqual(canvas, [100_000, 100_000])
        var features = WebPBitstreamFeatures()
        XCTAssertEqual(
            data.withUnsafeBytes { WebPGetFeatures($0.baseAddress, $0.count, &features) }, VP8_STATUS_BITSTREAM_ERROR,
            "libwebp itself refuses a canvas over 2^32 pixels from the header alone")
        XCTAssertThrowsError(try DeclaredSize.webp(try WebPEncoder.encode(frames[0], compression: .lossless), width: 9, height: 9))
    }

    func test_encode_isDeterministic() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        XCTAssertEqual(
            try WebPEncoder.encode(picture, compression: .lossy(quality: 75)),
            try WebPEncoder.encode(picture, compression: .lossy(quality: 75)))
        let frames = try (0..<3).map { try ZooEncoderFixtures.picture(seed: $0) }
        XCTAssertEqual(
            try WebPEncoder.encodeAnimation(frames, delay: 80, loopCount: 0, compression: .lossy(quality: 75)),
            try WebPEncoder.encodeAnimation(frames, delay: 80, loopCount: 0, compression: .lossy(quality: 75)))
    }

    func test_encode_namesLibwebpsReasonForAnImpossibleSize() throws {
        let wide = try RGBAPixels(width: 20_000, height: 1, bytes: [UInt8](repeating: 255, count: 80_000))
        XCTAssertThrowsError(try WebPEncoder.encode(wide, compression: .lossless)) { error in
            XCTAssertTrue("\(error)".contains("16383"), "\(error)")
        }
    }

    func test_variants_refuseASideOver16383_beforeDrawingAPixel() throws {
        for name in ["lossy", "lossless", "alpha", "animated"] {
            let variant = try XCTUnwrap(ZooVariants.named(name, of: .webp))
            XCTAssertThrowsError(try variant.make(ZooPicture(number: 1, width: 16_384, height: 20_000)), name) { error in
                XCTAssertEqual("\(error)", "libwebp codes at most 16383 pixels a side, not 16384×20000")
            }
        }
    }

    /// The RGBA pixels libwebp decodes from a still.
    static func decode(_ data: Data) throws -> [UInt8] {
        var width: Int32 = 0
        var height: Int32 = 0
        let pixels = data.withUnsafeBytes { WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }
        let decoded = try XCTUnwrap(pixels, "WebPDecodeRGBA failed")
        defer { WebPFree(decoded) }
        return Array(UnsafeBufferPointer(start: decoded, count: Int(width * height * 4)))
    }
}

/// The top-level chunks of a WebP file (RIFF, little-endian sizes, padded to even lengths).
struct WebPChunks {
    let chunks: [(type: String, payload: [UInt8])]

    init(_ data: Data) {
        let bytes = [UInt8](data)
        var chunks: [(String, [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            let end = min(bytes.count, offset + 8 + size)
            chunks.append((String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), Array(bytes[(offset + 8)..<end])))
            offset += 8 + size + (size & 1)
        }
        self.chunks = chunks
    }

    var types: [String] { chunks.map(\.type) }

    func payload(_ type: String) -> [UInt8]? { chunks.first { $0.type == type }?.payload }
}
