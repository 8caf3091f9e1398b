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
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        var info = cheif_info()
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            status = cheif_read(base, bytes.count, buffer.baseAddress, byteCount, &info)
            count = status == 1 ? byteCount : 0
        }
        guard status == 1 else { throw error(info) }
        return DecodedImage(validatedWidth: width, height: height, pixels: pixels)
    }

    /// The primary image's header.
    private static func read(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> cheif_info {
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        var info = cheif_info()
        guard cheif_read(base, bytes.count, nil, 0, &info) == 1 else { throw error(info) }
        guard info.width > 0, info.height > 0 else {
            throw .corrupt("The header declares a \(info.width)×\(info.height) image")
        }
        return info
    }

    /// libheif's error: data that ends early is ``ImageCodecError/truncated``, its security
    /// limit (a huge `ispe`) ``ImageCodecError/tooLarge(pixels:)`` (the count unknown:
    /// `Int.max`), the rest ``ImageCodecError/corrupt(_:)`` with libheif's message.
    private static func error(_ info: cheif_info) -> ImageCodecError {
        let message = withUnsafeBytes(of: info.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if info.subcode == Int32(heif_suberror_End_of_data.rawValue) { return .truncated }
        if info.subcode == Int32(heif_suberror_Security_limit_exceeded.rawValue) { return .tooLarge(pixels: Int.max) }
        return .corrupt(message.isEmpty ? "libheif error \(info.code).\(info.subcode)" : "libheif: \(message)")
    }
}
