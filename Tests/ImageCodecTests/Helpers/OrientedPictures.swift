import Foundation
import ImageCodec

/// Pictures stored turned, with the EXIF orientation that turns them upright, made from an
/// upright picture by the EXIF definition of each value (where the stored first row and first
/// column are shown), independently of the decoder's own walk.
enum OrientedPictures {
    /// Where stored pixel (`x`, `y`) of a `width` × `height` stored picture is shown upright.
    static func shownAt(orientation: Int, x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch orientation {
        case 2: (width - 1 - x, y)  // First row at the top, first column on the right.
        case 3: (width - 1 - x, height - 1 - y)  // First row at the bottom, first column on the right.
        case 4: (x, height - 1 - y)  // First row at the bottom, first column on the left.
        case 5: (y, x)  // First row on the left, first column at the top.
        case 6: (height - 1 - y, x)  // First row on the right, first column at the top.
        case 7: (height - 1 - y, width - 1 - x)  // First row on the right, first column at the bottom.
        case 8: (y, width - 1 - x)  // First row on the left, first column at the bottom.
        default: (x, y)
        }
    }

    /// The stored picture that `orientation` shows as `upright`.
    static func stored(_ upright: DecodedImage, orientation: Int) throws -> DecodedImage {
        let swaps = orientation >= 5
        let (width, height) = swaps ? (upright.height, upright.width) : (upright.width, upright.height)
        var pixels = [UInt8](repeating: 0, count: upright.pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let shown = shownAt(orientation: orientation, x: x, y: y, width: width, height: height)
                let from = (shown.y * upright.width + shown.x) * 4
                let to = (y * width + x) * 4
                pixels[to..<to + 4] = upright.pixels[from..<from + 4]
            }
        }
        return try DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// A TIFF structure whose IFD0 holds one entry, the orientation (tag 0x0112, SHORT), in
    /// Intel ("II") or Motorola ("MM") byte order.
    static func tiff(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func short(_ value: Int) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        func long(_ value: Int) -> [UInt8] {
            littleEndian ? short(value & 0xFFFF) + short(value >> 16) : short(value >> 16) + short(value & 0xFFFF)
        }
        let order: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        return order + short(42) + long(8)  // Header: byte order, 42, IFD0 at offset 8.
            + short(1)  // One entry:
            + short(0x0112) + short(3) + long(1) + short(orientation) + short(0)  // tag, SHORT, 1 value.
            + long(0)  // No next IFD.
    }

    /// `upright` stored turned as a JPEG with an APP1 EXIF segment naming `orientation`.
    static func jpeg(_ upright: DecodedImage, orientation: Int, littleEndian: Bool = false) throws -> Data {
        let encoded = try ImageCodec.encodeJPEG(try stored(upright, orientation: orientation), quality: 95)
        let exif = JPEGSurgery.exifSegment(tiff(orientation: orientation, littleEndian: littleEndian))
        return JPEGSurgery.insert(exif, afterSegments: 1, in: encoded)
    }

    /// `upright` stored turned as a PNG with an `eXIf` chunk naming `orientation`.
    static func png(_ upright: DecodedImage, orientation: Int, littleEndian: Bool = false) throws -> Data {
        let encoded = try ImageCodec.encodePNG(try stored(upright, orientation: orientation))
        let exif = PNGSurgery.chunk("eXIf", tiff(orientation: orientation, littleEndian: littleEndian))
        return PNGSurgery.insertAfterHeader(exif, in: encoded)
    }

    /// The 48 × 32 "patches" picture (``FixturePictures``), opaque, drawn in code: six 16-pixel
    /// squares, so every orientation puts a different colour in the top-left corner.
    static func patches() throws -> DecodedImage {
        let width = FixturePictures.width
        let height = FixturePictures.height
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += FixturePictures.patchRGB[FixturePictures.patchIndex(x: x, y: y)] + [255] }
        }
        return try DecodedImage(width: width, height: height, pixels: pixels)
    }
}
