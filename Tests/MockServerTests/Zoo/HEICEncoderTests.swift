import CServerHEIF
import Foundation
import XCTest

@testable import MockServer

/// libheif writes what the zoo asks for: read back with libheif's own decoder (libde265).
final class HEICEncoderTests: XCTestCase {
    func test_still_decodesCloseToThePictureWithoutAlpha() throws {
        let picture = try ZooEncoderFixtures.picture()
        let decoded = try HEIFReadBack(HEICEncoder.encode(picture))

        XCTAssertEqual(decoded.width, 48)
        XCTAssertEqual(decoded.height, 32)
        XCTAssertFalse(decoded.hasAlpha)
        XCTAssertLessThan(ZooEncoderFixtures.meanDifference(picture, decoded.rgba), 12)
    }

    func test_still_keepsAnOddSize() throws {
        let decoded = try HEIFReadBack(HEICEncoder.encode(try ZooEncoderFixtures.picture(width: 37, height: 23)))

        XCTAssertEqual(decoded.width, 37)
        XCTAssertEqual(decoded.height, 23)
    }

    func test_alpha_addsAnAlphaImage() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        let decoded = try HEIFReadBack(HEICEncoder.encode(picture))

        XCTAssertTrue(decoded.hasAlpha)
        let alphas = ZooEncoderFixtures.alphas(decoded.rgba)
        XCTAssertGreaterThan(alphas.first ?? 0, 240)
        XCTAssertLessThan(Int(alphas.last ?? 255), 16, "the bottom band is (nearly) clear")
    }

    func test_bomb_declares100000InEveryIspe() throws {
        let data = try DeclaredSize.isobmff(HEICEncoder.encode(try ZooEncoderFixtures.picture()), width: 100_000, height: 100_000)

        let sizes = ISOBMFFProbe.ispeSizes(data)
        XCTAssertFalse(sizes.isEmpty)
        XCTAssertTrue(sizes.allSatisfy { $0 == [100_000, 100_000] }, "\(sizes)")
    }

    func test_encode_isDeterministic() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        XCTAssertEqual(try HEICEncoder.encode(picture), try HEICEncoder.encode(picture))
    }
}

/// A HEIF file's primary image decoded by libheif, as 8-bit RGBA.
struct HEIFReadBack {
    let width: Int
    let height: Int
    let hasAlpha: Bool
    let rgba: [UInt8]

    init(_ data: Data) throws {
        let context = try XCTUnwrap(heif_context_alloc())
        defer { heif_context_free(context) }
        let bytes = [UInt8](data)
        let decoded = try bytes.withUnsafeBytes { raw in
            try Self.check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil))
            var handle: OpaquePointer?
            try Self.check(heif_context_get_primary_image_handle(context, &handle))
            defer { heif_image_handle_release(handle) }
            let alpha = heif_image_handle_has_alpha_channel(handle) != 0
            var image: OpaquePointer?
            try Self.check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil))
            defer { heif_image_release(image) }
            let width = Int(heif_image_get_primary_width(image))
            let height = Int(heif_image_get_primary_height(image))
            var stride: Int32 = 0
            let plane = try XCTUnwrap(heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride))
            let rgba = (0..<height).flatMap { y in Array(UnsafeBufferPointer(start: plane + y * Int(stride), count: width * 4)) }
            return (width, height, alpha, rgba)
        }
        (width, height, hasAlpha, rgba) = decoded
    }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw ZooEncodingError("libheif: \(error.message.map { String(cString: $0) } ?? "\(error.code)")")
    }
}
