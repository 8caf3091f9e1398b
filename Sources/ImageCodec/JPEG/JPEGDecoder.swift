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
        let header = try readHeader(handle, bytes)
        return ImageInfo(format: .jpeg, width: header.width, height: header.height)
    }

    /// Reads the header, checks the pixel limit, then decodes to RGBA straight into the
    /// returned array; four-channel (CMYK, YCCK) images through ``decodeCMYK(_:_:header:byteCount:)``.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int
    ) throws(ImageCodecError) -> DecodedImage {
        let handle = try TurboJPEGHandle(.decompressor, orThrow: ImageCodecError.corrupt)
        let header = try readHeader(handle, bytes)
        let byteCount = try ImageCodec.decodedByteCount(
            width: header.width, height: header.height, maxPixels: maxPixels)
        if header.isCMYK {
            return try decodeCMYK(handle, bytes, header: header, byteCount: byteCount)
        }
        let pixels = try decompress(handle, bytes, header: header, byteCount: byteCount, to: TJPF_RGBA)
        return DecodedImage(validatedWidth: header.width, height: header.height, pixels: pixels)
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
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer, header: Header, byteCount: Int
    ) throws(ImageCodecError) -> DecodedImage {
        var pixels = try decompress(handle, bytes, header: header, byteCount: byteCount, to: TJPF_CMYK)
        let inverted = JPEGMarkers.adobeTransform(in: bytes) != nil
        pixels.withUnsafeMutableBufferPointer { buffer in
            for offset in stride(from: 0, to: buffer.count, by: 4) {
                let key = ink(buffer[offset + 3], inverted: inverted)
                buffer[offset] = channel(ink(buffer[offset], inverted: inverted), key)
                buffer[offset + 1] = channel(ink(buffer[offset + 1], inverted: inverted), key)
                buffer[offset + 2] = channel(ink(buffer[offset + 2], inverted: inverted), key)
                buffer[offset + 3] = 255
            }
        }
        return DecodedImage(validatedWidth: header.width, height: header.height, pixels: pixels)
    }

    /// How much of a colour is left once an ink is applied: 255 for no ink, 0 for full ink.
    private static func ink(_ stored: UInt8, inverted: Bool) -> UInt16 {
        inverted ? UInt16(stored) : UInt16(255 - stored)
    }

    /// One RGB channel from what its ink and the black ink leave, rounded.
    private static func channel(_ left: UInt16, _ keyLeft: UInt16) -> UInt8 {
        UInt8((left * keyLeft + 127) / 255)
    }

    /// Decompresses the whole frame into a new packed array of `byteCount` bytes in `format`.
    private static func decompress(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer, header: Header,
        byteCount: Int, to format: TJPF
    ) throws(ImageCodecError) -> [UInt8] {
        var succeeded = false
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            // Pitch 0: rows are packed, width * 4 bytes apart.
            succeeded =
                tjDecompress2(
                    handle.raw, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    UInt(bytes.count), buffer.baseAddress, Int32(header.width), 0, Int32(header.height),
                    Int32(format.rawValue), decodeFlags) == 0
            initializedCount = succeeded ? byteCount : 0
        }
        guard succeeded else { throw failure(handle, bytes) }
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
        guard status == 0 else { throw failure(handle, bytes) }
        // No frame: a tables-only JPEG ("abbreviated table specification"), or data cut before
        // the frame header (libjpeg then pretends an EOI marker followed and reports success).
        guard width > 0, height > 0 else {
            throw JPEGMarkers.containsEnd(bytes)
                ? .corrupt("The JPEG contains no image frame") : .truncated
        }
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return Header(width: Int(width), height: Int(height), isCMYK: isCMYK)
    }

    /// Classifies a TurboJPEG failure: data without `EOI` was cut short, anything else is corrupt.
    private static func failure(
        _ handle: borrowing TurboJPEGHandle, _ bytes: UnsafeRawBufferPointer
    ) -> ImageCodecError {
        JPEGMarkers.containsEnd(bytes) ? .corrupt(handle.errorMessage) : .truncated
    }
}
