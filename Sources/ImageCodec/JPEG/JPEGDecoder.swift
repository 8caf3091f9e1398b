internal import CTurboJPEG

/// Reads JPEG headers and pixels through TurboJPEG, with a fresh instance per call.
///
/// Tolerant as browsers and Pillow are: a file that libjpeg decodes to its end with warnings
/// (stray bytes before a marker, a short APP14 or EXIF segment, a corrupt entropy-coded
/// stretch it fills in) is an image, and the warning is logged at debug level. A file that
/// ends before its last scan does (no `EOI` after it) stays ``ImageCodecError/truncated``,
/// progressive ones included: a partial preview would look like a finished, blurred picture.
enum JPEGDecoder {
    /// Decoding continues past libjpeg warnings (no `TJFLAG_STOPONWARNING`); progressive images
    /// are limited to 500 scans, so a crafted file cannot make decoding take minutes.
    private static let decodeFlags = Int32(TJFLAG_LIMITSCANS)

    /// Reads the frame header with `tjDecompressHeader3`.
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        let handle = try TurboJPEGHandle(.decompressor, orThrow: ImageCodecError.corrupt)
        let header = try readHeader(handle, bytes)
        return ImageInfo(format: .jpeg, width: header.width, height: header.height)
    }

    /// Full size, turned upright by `orientation`: for 2–8 the pixels are written turned as
    /// libjpeg's rows come (``decodeTurned(_:header:orientation:byteCount:)``), with no separate
    /// pass over the stored image; four-channel images are decoded as stored, then turned.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int, orientation: ImageOrientation
    ) throws(ImageCodecError) -> DecodedImage {
        guard orientation != .topLeft else { return try decode(bytes, maxPixels: maxPixels) }
        let handle = try TurboJPEGHandle(.decompressor, orThrow: ImageCodecError.corrupt)
        let header = try readHeader(handle, bytes)
        let byteCount = try ImageCodec.decodedByteCount(width: header.width, height: header.height, maxPixels: maxPixels)
        if header.isCMYK {
            let size = PixelSize(width: header.width, height: header.height)
            return orientation.apply(to: try decodeCMYK(handle, bytes, size: size, byteCount: byteCount))
        }
        return try decodeTurned(bytes, header: header, orientation: orientation, byteCount: byteCount)
    }

    /// Decodes with libjpeg's scanline API (`ctj_decode_turned`): rows that stay rows (2–4)
    /// straight into the returned array, rows that become columns (5–8) up to 64 at a time into
    /// a strip that stays in cache, each strip written turned, 4×4 pixels at a time. The same
    /// settings as `tjDecompress2` (accurate DCT, smooth upsampling, at most 500 scans), so the
    /// pixels are those of a decode as stored followed by a turn; warnings are tolerated alike.
    private static func decodeTurned(
        _ bytes: UnsafeRawBufferPointer, header: Header, orientation: ImageOrientation, byteCount: Int
    ) throws(ImageCodecError) -> DecodedImage {
        var status: Int32 = 0
        var warnings: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            status = ctj_decode_turned(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, buffer.baseAddress,
                Int32(header.width), Int32(header.height), Int32(orientation.rawValue), &warnings, &message)
            initializedCount = status == 0 ? byteCount : 0
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0 else {
            throw JPEGMarkers.containsEnd(bytes) ? .corrupt(text) : .truncated
        }
        if warnings > 0 {
            guard JPEGMarkers.containsEnd(bytes) else { throw .truncated }
            ImageCodec.logger.debug("libjpeg warned while decoding, the image is kept: \(text)")
        }
        let upright = orientation.stored(PixelSize(width: header.width, height: header.height))
        return DecodedImage(validatedWidth: upright.width, height: upright.height, pixels: pixels)
    }

    /// Reads the header, checks the pixel limit, then decodes to RGBA straight into the
    /// returned array; four-channel (CMYK, YCCK) images through ``decodeCMYK(_:_:size:byteCount:)``.
    ///
    /// With a `target`, libjpeg scales while decoding, at the smallest of its factors whose
    /// output still covers `target` (``JPEGScaling``); the pixel limit applies to the size the
    /// header declares all the same, so an image over it is refused whatever the target.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int, target: PixelSize? = nil
    ) throws(ImageCodecError) -> DecodedImage {
        let handle = try TurboJPEGHandle(.decompressor, orThrow: ImageCodecError.corrupt)
        let header = try readHeader(handle, bytes)
        _ = try ImageCodec.decodedByteCount(width: header.width, height: header.height, maxPixels: maxPixels)
        let size =
            target.map { JPEGScaling.decodedSize(width: header.width, height: header.height, covering: $0) }
            ?? PixelSize(width: header.width, height: header.height)
        // At most the full size, which passed the limit just above.
        let byteCount = try ImageCodec.decodedByteCount(width: size.width, height: size.height, maxPixels: maxPixels)
        if header.isCMYK {
            return try decodeCMYK(handle, bytes, size: size, byteCount: byteCount)
        }
        let pixels = try decompress(handle, bytes, size: size, byteCount: byteCount, to: TJPF_RGBA)
        return DecodedImage(validatedWidth: size.width, height: size.height, pixels: pixels)
    }

    /// Decodes a CMYK or YCCK JPEG to RGBA.
    ///
    /// libjpeg cannot convert four channels to RGB, so TurboJPEG decodes to CMYK (turning YCCK
    /// into CMYK itself), and each pixel is converted here, in place (both are 4 bytes a pixel):
    /// `R = (255 - C) × (255 - K) / 255`, likewise G from M and B from Y, alpha 255. Files with an
    /// APP14 "Adobe" marker (Photoshop, and every YCCK file, whose transform flag 2 is how libjpeg
    /// knows it is YCCK) store each ink inverted, 255 meaning none, so there
    /// `R = C × K / 255` on the stored values; files without the marker store the inks as they are.
    private static func decodeCMYK(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer, size: PixelSize, byteCount: Int
    ) throws(ImageCodecError) -> DecodedImage {
        var pixels = try decompress(handle, bytes, size: size, byteCount: byteCount, to: TJPF_CMYK)
        // What each stored sample leaves of its colour: 255 for no ink, 0 for full ink. A table
        // and pointer arithmetic keep even a debug build near 0.1 s for 3 megapixels.
        let inverted = JPEGMarkers.adobeTransform(in: bytes) != nil
        let left: [UInt16] = (0...255).map { inverted ? $0 : 255 - $0 }
        left.withUnsafeBufferPointer { left in
            pixels.withUnsafeMutableBufferPointer { buffer in
                guard var pixel = buffer.baseAddress, let left = left.baseAddress else { return }
                let end = pixel + buffer.count
                while pixel < end {
                    let key = left[Int(pixel[3])]
                    pixel[0] = UInt8(truncatingIfNeeded: (left[Int(pixel[0])] &* key &+ 127) / 255)
                    pixel[1] = UInt8(truncatingIfNeeded: (left[Int(pixel[1])] &* key &+ 127) / 255)
                    pixel[2] = UInt8(truncatingIfNeeded: (left[Int(pixel[2])] &* key &+ 127) / 255)
                    pixel[3] = 255
                    pixel += 4
                }
            }
        }
        return DecodedImage(validatedWidth: size.width, height: size.height, pixels: pixels)
    }

    /// Decompresses the whole frame into a new packed array of `byteCount` bytes in `format`,
    /// at `size`: the header's, or one of libjpeg's scaled sizes of it (TurboJPEG picks the
    /// largest factor whose output fits `size`, which is the factor that gave it).
    private static func decompress(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer, size: PixelSize,
        byteCount: Int, to format: TJPF
    ) throws(ImageCodecError) -> [UInt8] {
        var status: Int32 = 0
        var succeeded = false
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            // Pitch 0: rows are packed, width * 4 bytes apart.
            status = tjDecompress2(
                handle.raw, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt(bytes.count), buffer.baseAddress, Int32(size.width), 0, Int32(size.height),
                Int32(format.rawValue), decodeFlags)
            // A warning still fills every row (libjpeg writes gray where data was missing).
            succeeded = status == 0 || handle.lastErrorIsWarning
            initializedCount = succeeded ? byteCount : 0
        }
        guard succeeded else { throw failure(handle, bytes) }
        if status != 0 { try tolerate(handle, bytes) }
        return pixels
    }

    /// What the frame header says.
    private struct Header {
        /// Pixels across; positive.
        let width: Int
        /// Pixels down; positive.
        let height: Int
        /// Whether the frame has four channels (TurboJPEG's `TJCS_CMYK` or `TJCS_YCCK`).
        let isCMYK: Bool
    }

    /// The frame's width and height, both positive (JPEG limits them to 65,535), and colour space.
    private static func readHeader(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer
    ) throws(ImageCodecError) -> Header {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = tjDecompressHeader3(
            handle.raw, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
            &width, &height, &subsampling, &colorspace)
        // A warning (stray bytes before a marker, a short APP segment) still yields the header;
        // whether the data is complete is for the decode to judge, after the pixel limit.
        guard status == 0 || handle.lastErrorIsWarning else { throw failure(handle, bytes) }
        if status != 0 {
            ImageCodec.logger.debug("libjpeg warned while reading the header: \(handle.errorMessage)")
        }
        // No frame: a tables-only JPEG ("abbreviated table specification"), or data cut before
        // the frame header (libjpeg then pretends an EOI marker followed and reports success).
        guard width > 0, height > 0 else {
            throw JPEGMarkers.containsEnd(bytes)
                ? .corrupt("The JPEG contains no image frame") : .truncated
        }
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return Header(width: Int(width), height: Int(height), isCMYK: isCMYK)
    }

    /// Accepts a libjpeg warning, logging it at debug level, unless the data ends before its
    /// last scan does: then libjpeg warned of a premature end and filled the rest with gray, and
    /// the image is ``ImageCodecError/truncated``.
    private static func tolerate(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer
    ) throws(ImageCodecError) {
        guard JPEGMarkers.containsEnd(bytes) else { throw .truncated }
        ImageCodec.logger.debug("libjpeg warned while decoding, the image is kept: \(handle.errorMessage)")
    }

    /// Classifies a TurboJPEG failure: data without `EOI` was cut short, anything else is corrupt.
    private static func failure(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer
    ) -> ImageCodecError {
        JPEGMarkers.containsEnd(bytes) ? .corrupt(handle.errorMessage) : .truncated
    }
}
