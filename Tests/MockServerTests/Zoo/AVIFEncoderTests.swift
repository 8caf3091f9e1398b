import CServerAVIF
import Foundation
import XCTest

@testable import MockServer

/// libavif writes what the zoo asks for: read back with libavif's own decoder.
final class AVIFEncoderTests: XCTestCase {
    func test_still_decodesCloseToThePictureWithoutAlpha() throws {
        let picture = try ZooEncoderFixtures.picture()
        let decoded = try AVIFReadBack(AVIFEncoder.encode(picture))

        XCTAssertEqual(decoded.width, 48)
        XCTAssertEqual(decoded.height, 32)
        XCTAssertFalse(decoded.hasAlpha)
        XCTAssertLessThan(ZooEncoderFixtures.meanDifference(picture, decoded.rgba), 12)
    }

    func test_alpha_addsAnAlphaItem() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        let decoded = try AVIFReadBack(AVIFEncoder.encode(picture))

        XCTAssertTrue(decoded.hasAlpha)
        let alphas = ZooEncoderFixtures.alphas(decoded.rgba)
        XCTAssertEqual(alphas.first, 255)
        XCTAssertLessThan(Int(alphas.last ?? 255), 16, "the bottom band is (nearly) clear")
    }

    func test_bomb_declares100000InEveryIspeAndLibavifRefusesIt() throws {
        let encoded = try AVIFEncoder.encode(try ZooEncoderFixtures.picture(alpha: true))
        let data = try DeclaredSize.isobmff(encoded, width: 100_000, height: 100_000)

        let sizes = ISOBMFFProbe.ispeSizes(data)
        XCTAssertEqual(sizes.count, 1, "libavif shares one ispe between the colour and alpha items")
        XCTAssertTrue(sizes.allSatisfy { $0 == [100_000, 100_000] }, "\(sizes)")
        XCTAssertThrowsError(try AVIFReadBack(data), "libavif's own size limit refuses it before decoding")
    }

    func test_encode_isDeterministic() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        XCTAssertEqual(try AVIFEncoder.encode(picture), try AVIFEncoder.encode(picture))
    }
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

/// Finds `ispe` properties in an ISOBMFF file by their type bytes (a test's shortcut; the server
/// walks the boxes).
enum ISOBMFFProbe {
    /// Each `ispe`'s width and height, in file order.
    static func ispeSizes(_ data: Data) -> [[UInt32]] {
        let bytes = [UInt8](data)
        let marker = Array("ispe".utf8)
        return stride(from: 0, through: bytes.count - 12 - 4, by: 1).compactMap { offset in
            guard Array(bytes[offset..<(offset + 4)]) == marker else { return nil }
            let read = { (at: Int) in (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[at + $1]) } }
            return [read(offset + 8), read(offset + 12)]
        }
    }
}
