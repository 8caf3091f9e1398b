import Foundation
import ImageCodec

/// Deterministic images and encoded fixtures shared by the tests.
enum TestImages {
    /// An RGBA image with horizontal and vertical gradients and varying alpha: smooth enough
    /// for JPEG to reproduce closely, varied enough that a wrong pixel is noticed.
    static func gradient(width: Int = 64, height: Int = 48) throws -> DecodedImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(UInt8(x * 255 / max(width - 1, 1)))
                pixels.append(UInt8(y * 255 / max(height - 1, 1)))
                pixels.append(UInt8((x + y) * 255 / max(width + height - 2, 1)))
                pixels.append(UInt8(255 - (x * 3 + y) % 128))
            }
        }
        return try DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The same image with alpha forced to 255, for comparing with JPEG output.
    static func opaqueGradient(width: Int = 64, height: Int = 48) throws -> DecodedImage {
        let image = try gradient(width: width, height: height)
        var pixels = image.pixels
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        return try DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// Fills an RGB row with a pattern that differs per row and column: `(x, y, x ^ y)`.
    static func patternRow(y: Int, row: UnsafeMutableBufferPointer<UInt8>) {
        for x in 0..<row.count / 3 {
            row[x * 3] = UInt8(truncatingIfNeeded: x)
            row[x * 3 + 1] = UInt8(truncatingIfNeeded: y)
            row[x * 3 + 2] = UInt8(truncatingIfNeeded: x ^ y)
        }
    }

    /// The RGBA pixels a decoder should return for row `y` of ``patternRow(y:row:)``.
    static func expectedPatternRow(y: Int, width: Int) -> [UInt8] {
        (0..<width).flatMap { x in
            [
                UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y),
                UInt8(truncatingIfNeeded: x ^ y), 255,
            ]
        }
    }

    /// A PNG of ``gradient(width:height:)``.
    static func png() throws -> Data { try ImageCodec.encodePNG(gradient()) }

    /// A JPEG of ``opaqueGradient(width:height:)``.
    static func jpeg() throws -> Data { try ImageCodec.encodeJPEG(opaqueGradient()) }

    /// A streamed 20000×20000 RGB PNG of one constant gray row at zlib level 1, made once for
    /// all tests that need a header declaring 400 megapixels (about 5 MB; seconds to make).
    static let hugePNG = Result { () throws(ImageCodecError) -> Data in
        try ImageCodec.encodePNG(width: 20_000, height: 20_000, compressionLevel: 1) { _, row in
            row.update(repeating: 0x80)
        }
    }
}
