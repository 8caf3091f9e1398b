internal import CAVIF

/// AVIF through libavif (dav1d or libaom underneath): the header is parsed and its size checked
/// against the pixel limit, then the first image is decoded and converted to 8-bit RGBA.
enum AVIFDecoder {
    /// Format and size from the header (`ispe`), without decoding.
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        // libavif's largest limit, so the probe reports any size it can parse, as for other formats.
        let info = try read(bytes, maxPixels: 16_384 * 16_384)
        return ImageInfo(format: .avif, width: Int(info.width), height: Int(info.height))
    }

    /// The first image at full size, with the frame count and durations of an image sequence.
    static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImageCodecError) -> DecodedImage {
        let header = try read(bytes, maxPixels: maxPixels)
        let byteCount = try ImageCodec.decodedByteCount(
            width: Int(header.width), height: Int(header.height), maxPixels: maxPixels)
        let frames = Int(header.frame_count)
        var durations = [Int32](repeating: 0, count: min(max(frames, 0), WebPDecoder.maxDurations))
        let pixels = try ShimCalls.pixels(bytes, byteCount: byteCount, cavif_info(), failure: error) { base, count, out, info in
            durations.withUnsafeMutableBufferPointer { durations in
                cavif_read(base, count, sizeLimit(maxPixels), out, byteCount, durations.baseAddress, Int32(durations.count), &info)
            }
        }
        let image = DecodedImage(validatedWidth: Int(header.width), height: Int(header.height), pixels: pixels)
        return image.animated(
            frameCount: max(1, frames), loopCount: 0,
            frameDurations: frames > 1 ? durations.map { .milliseconds(Int($0)) } : [])
    }

    /// The orientation the header's `irot` and `imir` ask for (libavif 0.11 reports them, does
    /// not apply them), as the EXIF value that shows the same: HEIF applies the rotation first,
    /// then the mirror. A quarter turn anti-clockwise alone is EXIF's 8, a half turn 3, three
    /// quarters 6; a mirror alone is 4 (top and bottom exchanged) or 2 (left and right).
    static func orientation(_ bytes: UnsafeRawBufferPointer) -> ImageOrientation {
        guard let info = try? read(bytes, maxPixels: 16_384 * 16_384) else { return .topLeft }
        return orientation(rotation: Int(info.rotation), mirror: Int(info.mirrored))
    }

    /// `irot`'s anti-clockwise quarter turns `rotation` (0–3), then `mirror` (0: none, 1: top and
    /// bottom exchanged, 2: left and right exchanged), as one EXIF orientation.
    static func orientation(rotation: Int, mirror: Int) -> ImageOrientation {
        // Rows: quarter turns; columns: no mirror, top-bottom, left-right. Worked out by applying
        // each turn and flip to a 2×3 array and matching it with EXIF's eight transforms.
        let table: [[ImageOrientation]] = [
            [.topLeft, .bottomLeft, .topRight],
            [.leftBottom, .leftTop, .rightBottom],
            [.bottomRight, .topRight, .bottomLeft],
            [.rightTop, .rightBottom, .leftTop],
        ]
        return table[rotation & 3][(0...2).contains(mirror) ? mirror : 0]
    }

    /// libavif's pixel limit for `maxPixels`: never above libavif's own default, which it
    /// refuses to raise.
    private static func sizeLimit(_ maxPixels: Int) -> UInt32 {
        UInt32(clamping: min(max(maxPixels, 1), 16_384 * 16_384))
    }

    /// The parsed header. A header libavif refuses for its size (it checks `ispe` against the
    /// limit while parsing) is ``ImageCodecError/tooLarge(pixels:)``.
    private static func read(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImageCodecError) -> cavif_info {
        try ShimCalls.header(bytes, cavif_info(), size: { ($0.width, $0.height) }, failure: error) { base, count, info in
            cavif_read(base, count, sizeLimit(maxPixels), nil, 0, nil, 0, &info)
        }
    }

    /// libavif's result as an error: data that ends early is ``ImageCodecError/truncated``, a
    /// size over the limit ``ImageCodecError/tooLarge(pixels:)`` (libavif does not say the count:
    /// `Int.max`), the rest ``ImageCodecError/corrupt(_:)`` with libavif's message.
    private static func error(_ info: cavif_info) -> ImageCodecError {
        let message = ShimCalls.message(info.message)
        if info.result == Int32(AVIF_RESULT_TRUNCATED_DATA.rawValue) { return .truncated }
        if message.lowercased().contains("too large") { return .tooLarge(pixels: Int.max) }
        let reason = String(cString: avifResultToString(avifResult(rawValue: UInt32(info.result))))
        return .corrupt(message.isEmpty ? "libavif: \(reason)" : "libavif: \(reason): \(message)")
    }
}
