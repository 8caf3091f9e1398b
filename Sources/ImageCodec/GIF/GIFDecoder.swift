internal import CGIF

/// GIF through giflib: the logical screen is read and checked against the pixel limit first,
/// then the first frame is decoded onto it and the other frames' compressed data is skipped,
/// counted but never decompressed.
enum GIFDecoder {
    /// Format and logical screen size, from the screen descriptor alone.
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        var info = cgif_info()
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        guard cgif_read(base, bytes.count, nil, 0, nil, nil, 0, &info) == 1 else { throw error(info.error) }
        guard info.screen_width > 0, info.screen_height > 0 else {
            throw .corrupt("The header declares a \(info.screen_width)×\(info.screen_height) image")
        }
        return ImageInfo(format: .gif, width: Int(info.screen_width), height: Int(info.screen_height))
    }

    /// The first frame on the logical screen (transparent where the frame does not cover it),
    /// with the frame count, loop count (0: forever) and the first
    /// ``WebPDecoder/maxDurations`` frame delays.
    static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImageCodecError) -> DecodedImage {
        let screen = try probe(bytes)
        let byteCount = try ImageCodec.decodedByteCount(width: screen.width, height: screen.height, maxPixels: maxPixels)
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        var info = cgif_info()
        var line = [UInt8](repeating: 0, count: 65_536)
        var delays = [Int32](repeating: 0, count: WebPDecoder.maxDurations)
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            status = line.withUnsafeMutableBufferPointer { line in
                delays.withUnsafeMutableBufferPointer { delays in
                    cgif_read(
                        base, bytes.count, buffer.baseAddress, byteCount, line.baseAddress, delays.baseAddress,
                        Int32(delays.count), &info)
                }
            }
            count = status == 1 ? byteCount : 0
        }
        guard status == 1 else { throw error(info.error) }
        let frames = Int(info.frame_count)
        let image = DecodedImage(validatedWidth: screen.width, height: screen.height, pixels: pixels)
        return image.animated(
            frameCount: frames, loopCount: Int(info.loop_count),
            frameDurations: frames > 1 ? delays.prefix(frames).map { .milliseconds(Int($0)) } : [])
    }

    /// giflib's error code as an error: data that ends early is ``ImageCodecError/truncated``.
    private static func error(_ code: Int32) -> ImageCodecError {
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: return .truncated
        default:
            let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
            return .corrupt(message)
        }
    }
}
