internal import CExif

/// Finds the EXIF block of a JPEG (an APP1 "Exif" segment before the first scan), a PNG (the
/// `eXIf` chunk) or a WebP (the `EXIF` chunk) and reads its orientation tag with libexif; an
/// AVIF's `irot` and `imir` are read by libavif.
enum EXIFOrientation {
    /// The identifier an APP1 EXIF payload starts with, and libexif expects.
    static let header: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// APP1, where EXIF lives in a JPEG.
    static let app1: UInt8 = 0xE1
    /// The `eXIf` chunk type as a big-endian integer.
    static let exifChunk: UInt32 = 0x6558_4966

    /// The orientation the data's EXIF block declares; ``ImageOrientation/topLeft`` when there is
    /// no block, no tag, or a value outside 1...8 (a damaged block is not an error: the pixels
    /// are still good).
    static func read(from bytes: UnsafeRawBufferPointer, format: ImageFormat) -> ImageOrientation {
        let value: Int32 =
            switch format {
            case .png: pngBlock(in: bytes).map(orientation(ofTIFF:)) ?? 0
            case .jpeg: jpegBlock(in: bytes).map(orientation(ofEXIF:)) ?? 0
            case .gif: 0  // GIF has no EXIF.
            case .avif: Int32(AVIFDecoder.orientation(bytes).rawValue)  // libavif 0.11 reports irot/imir, applies neither.
            case .heic: 0  // libheif applies irot/imir itself.
            case .webp: WebPDecoder.exifBlock(bytes).map(orientation(ofWebP:)) ?? 0
            }
        return ImageOrientation(rawValue: Int(value)) ?? .topLeft
    }

    /// The payload of the first APP1 segment before the first scan that starts with "Exif\0\0",
    /// clipped to the data.
    private static func jpegBlock(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        for offset in JPEGMarkers.segmentOffsets(of: app1, in: bytes, beforeScan: true) {
            guard offset + 4 <= bytes.count else { continue }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let payload = offset + 4..<min(offset + 2 + length, bytes.count)
            guard payload.count > header.count, bytes[payload].starts(with: header) else { continue }
            return UnsafeRawBufferPointer(rebasing: bytes[payload])
        }
        return nil
    }

    /// The data of the first `eXIf` chunk (a bare TIFF structure), clipped to the data.
    private static func pngBlock(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var block: UnsafeRawBufferPointer?
        PNGChunks.forEach(in: bytes) { chunk in
            guard block == nil, chunk.type == exifChunk else { return }
            block = UnsafeRawBufferPointer(rebasing: bytes[chunk.dataStart..<min(chunk.dataEnd, bytes.count)])
        }
        return block
    }

    /// libexif's reading of an APP1-style block ("Exif\0\0" and TIFF).
    private static func orientation(ofEXIF block: UnsafeRawBufferPointer) -> Int32 {
        guard let base = block.baseAddress, block.count <= Int(UInt32.max) else { return 0 }
        return cexif_orientation(base.assumingMemoryBound(to: UInt8.self), UInt32(block.count))
    }

    /// A WebP `EXIF` chunk holds a bare TIFF structure, though some writers put JPEG's
    /// "Exif\0\0" in front of it.
    private static func orientation(ofWebP block: [UInt8]) -> Int32 {
        block.withUnsafeBytes { bytes in
            bytes.starts(with: header) ? orientation(ofEXIF: bytes) : orientation(ofTIFF: bytes)
        }
    }

    /// libexif's reading of a bare TIFF structure, behind the identifier libexif looks for.
    private static func orientation(ofTIFF tiff: UnsafeRawBufferPointer) -> Int32 {
        (header + tiff).withUnsafeBytes { orientation(ofEXIF: $0) }
    }
}
