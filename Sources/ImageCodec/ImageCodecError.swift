/// Why ``ImageCodec`` could not read or write an image.
public enum ImageCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data starts with neither a PNG nor a JPEG signature, nor that of another image format
    /// (or is empty): it is not an image at all.
    case unsupportedFormat
    /// The data is an image in a format ImageCodec recognises by its signature but does not
    /// decode: JPEG XL, JPEG 2000, TIFF, BMP, ICO or SVG. The associated
    /// value names the format.
    case undecodableFormat(String)
    /// The data ends before the image does: no PNG `IEND` chunk or JPEG `EOI` marker.
    case truncated
    /// The decoder rejected the data; the associated value is libpng's or TurboJPEG's message.
    case corrupt(String)
    /// The header declares more pixels than the caller allows; the associated value is the
    /// declared count (`Int.max` if the byte size would overflow).
    case tooLarge(pixels: Int)
    /// The width and height are not positive, exceed the format's limit, or do not match the
    /// number of pixel bytes.
    case invalidDimensions(width: Int, height: Int)
    /// The encoder failed or was given an out-of-range parameter; the associated value says why.
    case encodingFailed(String)

    /// One English sentence describing the error.
    public var description: String {
        switch self {
        case .unsupportedFormat:
            "The data is neither a PNG nor a JPEG image."
        case .undecodableFormat(let name):
            "The data is a \(name) image, a format that is not decoded."
        case .truncated:
            "The image data ends before the image does."
        case .corrupt(let message):
            "The decoder rejected the image data: \(Self.clause(message))."
        case .tooLarge(let pixels):
            "The image declares \(pixels) pixels, more than the allowed maximum."
        case .invalidDimensions(let width, let height):
            "The size \(width)×\(height) is not valid for this image."
        case .encodingFailed(let message):
            "The image could not be encoded: \(Self.clause(message))."
        }
    }

    /// A library message without trailing punctuation or space, so it can end a sentence.
    private static func clause(_ message: String) -> Substring {
        let trimmed = message.reversed().drop { $0 == "." || $0.isWhitespace }
        return trimmed.isEmpty ? "no reason given" : message.prefix(trimmed.count)
    }
}
