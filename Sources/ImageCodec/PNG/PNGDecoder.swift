internal import CPNG

/// Reads PNG headers and pixels through libpng's simplified API (`png_image_*`), which
/// catches libpng's longjmp errors internally, so it is safe to call from Swift.
enum PNGDecoder {
    /// Reads the header (signature, `IHDR` and the chunks before the first `IDAT`).
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        try withImage(reading: bytes) { image throws(ImageCodecError) in
            ImageInfo(
                format: .png, width: Int(image.pointee.width), height: Int(image.pointee.height))
        }
    }

    /// Reads the header, checks the pixel limit, then decodes to RGBA straight into the
    /// returned array (one header parse, one allocation, no copy). An APNG delivers its default
    /// image with the frame count, loop count and delays of ``PNGAnimation``.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int
    ) throws(ImageCodecError) -> DecodedImage {
        try withImage(reading: bytes) { image throws(ImageCodecError) in
            let width = Int(image.pointee.width)
            let height = Int(image.pointee.height)
            let byteCount = try ImageCodec.decodedByteCount(
                width: width, height: height, maxPixels: maxPixels)
            image.pointee.format = cpng_format_rgba
            // A 16-bit file without gAMA, cHRM or sRGB would otherwise be taken as linear light
            // and gamma-encoded on the way to 8 bits (50% gray 0x8080 read as 186, not 128);
            // such files hold sRGB samples (Pillow writes them so), and browsers read them so.
            image.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var succeeded = false
            let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) {
                buffer, initializedCount in
                // Row stride 0: rows are packed, width * 4 bytes apart.
                succeeded = png_image_finish_read(image, nil, buffer.baseAddress, 0, nil) != 0
                initializedCount = succeeded ? byteCount : 0
            }
            guard succeeded else { throw failure(image, bytes) }
            let decoded = DecodedImage(validatedWidth: width, height: height, pixels: pixels)
            guard let animation = PNGAnimation.read(bytes) else { return decoded }
            return decoded.animated(
                frameCount: animation.frameCount, loopCount: animation.loopCount, frameDurations: animation.frameDurations)
        }
    }

    /// Checks the chunk lengths (``PNGChunks/checkLengths(in:)``), starts a simplified-API
    /// read and hands the `png_image` to `body`, then frees it.
    ///
    /// The struct lives on the heap because libpng keeps its address (as the error pointer its
    /// error handler writes the message through): it must not move between
    /// `png_image_begin_read_from_memory` and `png_image_finish_read`, which a Swift value
    /// passed with `&` may.
    private static func withImage<Value>(
        reading bytes: UnsafeRawBufferPointer,
        _ body: (UnsafeMutablePointer<png_image>) throws(ImageCodecError) -> Value
    ) throws(ImageCodecError) -> Value {
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        image.initialize(to: png_image())
        defer {
            png_image_free(image)  // A no-op if libpng already freed it (on error, after finish).
            image.deallocate()
        }
        image.pointee.version = UInt32(PNG_IMAGE_VERSION)
        try PNGChunks.checkLengths(in: bytes)
        guard let base = bytes.baseAddress,
            png_image_begin_read_from_memory(image, base, bytes.count) != 0
        else {
            throw failure(image, bytes)
        }
        return try body(image)
    }

    /// Classifies a libpng failure: data without `IEND` was cut short, anything else is corrupt.
    private static func failure(
        _ image: UnsafeMutablePointer<png_image>, _ bytes: UnsafeRawBufferPointer
    ) -> ImageCodecError {
        guard PNGChunks.containsEnd(bytes) else { return .truncated }
        let message = withUnsafeBytes(of: image.pointee.message) { buffer in
            String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .corrupt(message.isEmpty ? "libpng failed without a message" : message)
    }
}
