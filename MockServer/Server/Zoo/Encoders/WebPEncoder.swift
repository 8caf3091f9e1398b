import CServerWebP
import Foundation

/// Writes WebP files with libwebp (`WebPEncode`, still images) and libwebpmux's
/// `WebPAnimEncoder` (animations). Single-threaded and deterministic: the same pixels give the
/// same bytes on every run.
enum WebPEncoder {
    /// How the pixels are compressed.
    enum Compression: Equatable {
        /// VP8 at this quality (0...100); alpha, if any, goes in a losslessly compressed ALPH chunk.
        case lossy(quality: Float)
        /// VP8L.
        case lossless
    }

    /// The longest side a WebP bitstream can code (14-bit fields).
    static let maximumSide = 16383

    /// Throws libwebp's limit for a `width`×`height` picture before any pixel is drawn, so an
    /// impossible size costs nothing.
    static func checkSize(width: Int, height: Int) throws(ZooEncodingError) {
        guard width <= maximumSide, height <= maximumSide else {
            throw ZooEncodingError("libwebp codes at most \(maximumSide) pixels a side, not \(width)×\(height)")
        }
    }

    /// A still WebP. Pixels that are all opaque make a plain VP8/VP8L file; any alpha adds it.
    static func encode(_ pixels: RGBAPixels, compression: Compression) throws(ZooEncodingError) -> Data {
        var config = try makeConfig(compression)
        var picture = try makePicture(pixels, compression: compression)
        defer { WebPPictureFree(&picture) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else {
            throw ZooEncodingError("libwebp: WebPEncode failed: \(describe(picture.error_code))")
        }
        return Data(bytes: memory, count: writer.size)
    }

    /// An animated WebP (ANIM + ANMF): `frames` (all one size) shown `delay` milliseconds each,
    /// looping `loopCount` times (0: forever).
    static func encodeAnimation(
        _ frames: [RGBAPixels], delay: Int, loopCount: Int, compression: Compression
    ) throws(ZooEncodingError) -> Data {
        guard let first = frames.first,
            frames.allSatisfy({ $0.width == first.width && $0.height == first.height })
        else {
            throw ZooEncodingError("libwebp: an animation needs one or more frames of one size")
        }
        guard delay > 0, delay < 1 << 24, (0...65535).contains(loopCount) else {
            throw ZooEncodingError("libwebp: delay \(delay) ms or loop count \(loopCount) out of range")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw ZooEncodingError("libwebpmux: version mismatch in WebPAnimEncoderOptionsInit")
        }
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = 0xFFFF_FFFF
        guard let encoder = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &options) else {
            throw ZooEncodingError("libwebpmux: WebPAnimEncoderNew failed for \(first.width)×\(first.height)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = try makeConfig(compression)
        for (index, frame) in frames.enumerated() {
            var picture = try makePicture(frame, compression: .lossless)  // The animation encoder wants ARGB.
            defer { WebPPictureFree(&picture) }
            guard WebPAnimEncoderAdd(encoder, &picture, Int32(index * delay), &config) != 0 else {
                throw ZooEncodingError("libwebpmux: WebPAnimEncoderAdd failed: \(animationError(encoder))")
            }
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(frames.count * delay), nil) != 0 else {
            throw ZooEncodingError("libwebpmux: WebPAnimEncoderAdd failed: \(animationError(encoder))")
        }
        var output = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &output) != 0, let bytes = output.bytes else {
            throw ZooEncodingError("libwebpmux: WebPAnimEncoderAssemble failed: \(animationError(encoder))")
        }
        defer { WebPDataClear(&output) }
        return Data(bytes: bytes, count: output.size)
    }

    /// A validated single-threaded configuration for `compression`.
    private static func makeConfig(_ compression: Compression) throws(ZooEncodingError) -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw ZooEncodingError("libwebp: version mismatch in WebPConfigInit") }
        switch compression {
        case .lossy(let quality):
            config.lossless = 0
            config.quality = quality
        case .lossless:
            config.lossless = 1
            config.quality = 75
        }
        config.method = 4
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw ZooEncodingError("libwebp: invalid configuration") }
        return config
    }

    /// A picture holding `pixels`: ARGB for lossless, YUV(A) for lossy. The caller frees it.
    private static func makePicture(_ pixels: RGBAPixels, compression: Compression) throws(ZooEncodingError) -> WebPPicture {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ZooEncodingError("libwebp: version mismatch in WebPPictureInit") }
        picture.use_argb = compression == .lossless ? 1 : 0
        picture.width = Int32(pixels.width)
        picture.height = Int32(pixels.height)
        let stride = Int32(pixels.width * 4)
        let opaque = !pixels.hasAlpha
        let imported = pixels.bytes.withUnsafeBufferPointer { bytes in
            opaque
                ? WebPPictureImportRGBX(&picture, bytes.baseAddress, stride)
                : WebPPictureImportRGBA(&picture, bytes.baseAddress, stride)
        }
        guard imported != 0 else {
            WebPPictureFree(&picture)
            throw ZooEncodingError("libwebp: cannot import \(pixels.width)×\(pixels.height) pixels: \(describe(picture.error_code))")
        }
        return picture
    }

    /// The animation encoder's last error.
    private static func animationError(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "no reason given"
    }

    /// libwebp's encoding error, in words. By its number (encode.h's `WebPEncodingError`): the
    /// header is also part of ImageCodec's own WebP shim, which then owns its enum constants, so
    /// in a build holding both modules their names are not visible from this one.
    private static func describe(_ error: WebPEncodingError) -> String {
        switch error.rawValue {
        case 1, 2: "out of memory"  // VP8_ENC_ERROR_OUT_OF_MEMORY, _BITSTREAM_OUT_OF_MEMORY
        case 4: "invalid configuration"  // VP8_ENC_ERROR_INVALID_CONFIGURATION
        case 5: "invalid width or height (at most 16383)"  // VP8_ENC_ERROR_BAD_DIMENSION
        case 6, 7: "partition too big"  // VP8_ENC_ERROR_PARTITION0_OVERFLOW, _PARTITION_OVERFLOW
        case 9: "file bigger than 4 GB"  // VP8_ENC_ERROR_FILE_TOO_BIG
        default: "error \(error.rawValue)"
        }
    }
}
