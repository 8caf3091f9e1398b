/// An image file format that ``ImageCodec`` reads (and, for PNG and JPEG, writes).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// Portable Network Graphics: lossless, 8-bit RGB or RGBA as written by ``ImageCodec``.
    case png
    /// JPEG (JFIF): lossy, no alpha channel.
    case jpeg
    /// GIF (87a, 89a): palette images, possibly animated. Decoded only.
    case gif
    /// WebP (RIFF container): lossy or lossless, with alpha, possibly animated. Decoded only.
    case webp
    /// AVIF (AV1 in an ISO base media file): a still image or the first of a sequence. Decoded only.
    case avif
    /// HEIC (HEVC in an ISO base media file): the primary image, upright. Decoded only.
    case heic

    /// The media type for HTTP `Content-Type` headers: `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `image/avif` or `image/heic`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heic: "image/heic"
        }
    }

    /// The conventional file name extension, without the dot: `png`, `jpg`, `gif`, `webp`, `avif` or `heic`.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        case .avif: "avif"
        case .heic: "heic"
        }
    }
}
