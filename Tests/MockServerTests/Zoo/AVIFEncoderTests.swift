import CServerAVIF
import Foundation
import XCTest

@testable import MockServer

/// libavif writes what the zoo asks for: read back with libavif's own decoder.
final class AVIFEncoderTests: XCTestCase {
    private let checks = ISOBMFFStillChecks(encode: AVIFEncoder.encode) { data in
        let decoded = try AVIFReadBack(data)
        return (decoded.width, decoded.height, decoded.hasAlpha, decoded.rgba)
    }

    func test_still_decodesCloseToThePictureWithoutAlpha() throws { try checks.still() }

    func test_alpha_addsAnAlphaItem() throws { try checks.alpha(opaqueAtLeast: 255) }

    func test_bomb_declares100000InEveryIspeAndLibavifRefusesIt() throws {
        let bomb = try checks.bomb(alpha: true)

        XCTAssertEqual(bomb.ispes, 1, "libavif shares one ispe between the colour and alpha items")
        XCTAssertThrowsError(try AVIFReadBack(bomb.data), "libavif's own size limit refuses it before decoding")
    }

    func test_encode_isDeterministic() throws { try checks.deterministic() }
}

/// An AVIF decoded by libavif, as 8-bit RGBA.
struct AVIFReadBack {
    let width: Int
    let height: Int
    let hasAlpha: Bool
    let rgba: [UInt8]

    init(_ data: Data) throws {
        let decoder = try XCTUnwrap(avifDecoderCreate())
        defer { avifDecoderDestroy(decoder) }
        let image = try XCTUnwrap(avifImageCreateEmpty())
        defer { avifImageDestroy(image) }
        let bytes = [UInt8](data)
        let result = avifDecoderReadMemory(decoder, image, bytes, bytes.count)
        guard result == AVIF_RESULT_OK else {
            throw ZooEncodingError("avifDecoderReadMemory: \(String(cString: avifResultToString(result)))")
        }
        width = Int(image.pointee.width)
        height = Int(image.pointee.height)
        hasAlpha = image.pointee.alphaPlane != nil
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        rgb.depth = 8
        avifRGBImageAllocatePixels(&rgb)
        defer { avifRGBImageFreePixels(&rgb) }
        XCTAssertEqual(avifImageYUVToRGB(image, &rgb), AVIF_RESULT_OK)
        let (columns, rows, pixels, rowBytes) = (width, height, rgb.pixels, Int(rgb.rowBytes))
        rgba = (0..<rows).flatMap { y in Array(UnsafeBufferPointer(start: pixels! + y * rowBytes, count: columns * 4)) }
    }
}
