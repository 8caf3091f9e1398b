internal import CHEIF

/// HEIC through libheif (libde265 underneath): the primary image's size is read and checked
/// against the pixel limit, then the image is decoded to 8-bit RGBA with its `irot`/`imir`
/// applied by libheif.
enum HEICDecoder {
    /// Format and size (after the image's transformations), without decoding.
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        let info = try read(bytes)
        return ImageInfo(format: .heic, width: Int(info.width), height: Int(info.height))
    }

    /// The primary image at full size, upright.
    static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImageCodecError) -> DecodedImage {
        let header = try read(bytes)
        let width = Int(header.width)
        let height = Int(header.height)
        let byteCount = try ImageCodec.decodedByteCount(width: width, height: height, maxPixels: maxPixels)
        let pixels = try ShimCalls.pixels(bytes, byteCount: byteCount, cheif_info(), failure: error) { base, count, out, info in
            cheif_read(base, count, out, byteCount, &info)
        }
        return DecodedImage(validatedWidth: width, height: height, pixels: pixels)
    }

    /// The primary image's header.
    private static func read(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> cheif_info {
        try ShimCalls.header(bytes, cheif_info(), size: { ($0.width, $0.height) }, failure: error) { base, count, info in
            cheif_read(base, count, nil, 0, &info)
        }
    }

    /// libheif's error: data that ends early is ``ImageCodecError/truncated``, its security
    /// limit (a huge `ispe`) ``ImageCodecError/tooLarge(pixels:)`` (the count unknown:
    /// `Int.max`), the rest ``ImageCodecError/corrupt(_:)`` with libheif's message.
    private static func error(_ info: cheif_info) -> ImageCodecError {
        let message = ShimCalls.message(info.message)
        if info.subcode == Int32(heif_suberror_End_of_data.rawValue) { return .truncated }
        if info.subcode == Int32(heif_suberror_Security_limit_exceeded.rawValue) { return .tooLarge(pixels: Int.max) }
        return .corrupt(message.isEmpty ? "libheif error \(info.code).\(info.subcode)" : "libheif: \(message)")
    }
}
