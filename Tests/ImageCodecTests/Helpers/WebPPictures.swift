import CWebP
import Foundation
import ImageCodec

/// WebP files made in the test: still images by libwebp's own lossless encoder, and animated or
/// EXIF-carrying containers assembled around its bitstreams by the container specification.
enum WebPPictures {
    /// `image` as a lossless still WebP (a simple-format file: RIFF, WEBP, one VP8L chunk).
    static func still(_ image: DecodedImage) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels in
            WebPEncodeLosslessRGBA(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        guard size > 0, let output else { throw ImageCodecError.encodingFailed("libwebp could not encode") }
        defer { WebPFree(output) }
        return Data(bytes: output, count: size)
    }

    /// An animated WebP on a canvas the size of the first frame: each frame at the top left,
    /// shown for its duration in milliseconds, the whole played `loops` times (0: forever).
    static func animation(_ frames: [(DecodedImage, Int)], loops: Int) throws -> Data {
        let canvas = frames[0].0
        var body = chunk("VP8X", [0x12, 0, 0, 0] + u24(canvas.width - 1) + u24(canvas.height - 1))  // Alpha, animation.
        body += chunk("ANIM", [0, 0, 0, 0] + [UInt8(loops & 0xFF), UInt8(loops >> 8)])
        for (frame, duration) in frames {
            let bitstream = [UInt8](try still(frame).dropFirst(12))  // The VP8L chunk, header included.
            body += chunk("ANMF", u24(0) + u24(0) + u24(frame.width - 1) + u24(frame.height - 1) + u24(duration) + [0] + bitstream)
        }
        return Data(riff(body))
    }

    /// `image` stored turned for `orientation`, in an extended-format WebP with an `EXIF` chunk
    /// (a bare TIFF structure, as the specification has it) naming it.
    static func oriented(_ upright: DecodedImage, orientation: Int) throws -> Data {
        let stored = try OrientedPictures.stored(upright, orientation: orientation)
        let bitstream = [UInt8](try still(stored).dropFirst(12))
        let header = chunk("VP8X", [0x08, 0, 0, 0] + u24(stored.width - 1) + u24(stored.height - 1))  // EXIF.
        let exif = chunk("EXIF", OrientedPictures.tiff(orientation: orientation, littleEndian: true))
        return Data(riff(header + bitstream + exif))
    }

    /// A RIFF WEBP file around `body`, its size field `declaredSize` when given (a lie).
    static func riff(_ body: [UInt8], declaredSize: Int? = nil) -> [UInt8] {
        Array("RIFF".utf8) + u32(declaredSize ?? body.count + 4) + Array("WEBP".utf8) + body
    }

    /// One chunk: four-letter type, little-endian size, payload, padding to an even length.
    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        Array(type.utf8) + u32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func u24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }

    static func u32(_ value: Int) -> [UInt8] { u24(value) + [UInt8(value >> 24 & 0xFF)] }
}
