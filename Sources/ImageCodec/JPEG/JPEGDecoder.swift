internal import CTurboJPEG

/// Reads JPEG headers and pixels through TurboJPEG, with a fresh instance per call.
enum JPEGDecoder {
    /// Strict decoding: a libjpeg warning (premature end of data, corrupt entropy data) stops
    /// decoding with an error instead of yielding a partly gray image; and progressive images
    /// are limited to 500 scans, so a crafted file cannot make decoding take minutes.
    private static let decodeFlags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)

    /// Reads the frame header with `tjDecompressHeader3`.
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        let handle = try TurboJPEGHandle(.decompressor, orThrow: ImageCodecError.corrupt)
        let (width, height) = try readHeader(handle, bytes)
        return ImageInfo(format: .jpeg, width: width, height: height)
    }

    /// Reads the header, checks the pixel limit, then decodes to RGBA straight into the
    /// returned array.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int
    ) throws(ImageCodecError) -> DecodedImage {
        let handle = try TurboJPEGHandle(.decompressor, orThrow: ImageCodecError.corrupt)
        let (width, height) = try readHeader(handle, bytes)
        let byteCount = try ImageCodec.decodedByteCount(
            width: width, height: height, maxPixels: maxPixels)
        var succeeded = false
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            // Pitch 0: rows are packed, width * 4 bytes apart.
            succeeded =
                tjDecompress2(
                    handle.raw, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    UInt(bytes.count), buffer.baseAddress, Int32(width), 0, Int32(height),
                    Int32(TJPF_RGBA.rawValue), decodeFlags) == 0
            initializedCount = succeeded ? byteCount : 0
        }
        guard succeeded else { throw failure(handle, bytes) }
        return DecodedImage(validatedWidth: width, height: height, pixels: pixels)
    }

    /// The frame's width and height; both positive (JPEG limits them to 65,535).
    private static func readHeader(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer
    ) throws(ImageCodecError) -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = tjDecompressHeader3(
            handle.raw, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
            &width, &height, &subsampling, &colorspace)
        guard status == 0 else { throw failure(handle, bytes) }
        // No frame: a tables-only JPEG ("abbreviated table specification"), or data cut before
        // the frame header (libjpeg then pretends an EOI marker followed and reports success).
        guard width > 0, height > 0 else {
            throw JPEGMarkers.containsEnd(bytes)
                ? .corrupt("The JPEG contains no image frame") : .truncated
        }
        return (Int(width), Int(height))
    }

    /// Classifies a TurboJPEG failure: data without `EOI` was cut short, anything else is corrupt.
    private static func failure(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer
    ) -> ImageCodecError {
        JPEGMarkers.containsEnd(bytes) ? .corrupt(handle.errorMessage) : .truncated
    }
}
