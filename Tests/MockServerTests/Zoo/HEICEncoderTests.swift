import CServerHEIF
import Foundation
import XCTest

@testable import MockServer

/// libheif writes what the zoo asks for: read back with libheif's own decoder (libde265).
final class HEICEncoderTests: XCTestCase {
    private let checks = ISOBMFFStillChecks(encode: HEICEncoder.encode) { data in
        let decoded = try HEIFReadBack(data)
        return (decoded.width, decoded.height, decoded.hasAlpha, decoded.rgba)
    }

    func test_still_decodesCloseToThePictureWithoutAlpha() throws { try checks.still() }

    func test_still_keepsAnOddSize() throws {
        let decoded = try HEIFReadBack(HEICEncoder.encode(try ZooEncoderFixtures.picture(width: 37, height: 23)))

        XCTAssertEqual(decoded.width, 37)
        XCTAssertEqual(decoded.height, 23)
    }

    func test_alpha_addsAnAlphaImage() throws { try checks.alpha(opaqueAtLeast: 241) }

    func test_bomb_declares100000InEveryIspe() throws { try checks.bomb(alpha: false) }

    func test_encode_isDeterministic() throws { try checks.deterministic() }
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
