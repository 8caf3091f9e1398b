/// The file types the server's images come in: the two it has always generated (`png`, `jpg`)
/// and the formats the zoo adds (served only as ``ZooVariant``s).
enum ImageFileFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg = "jpg"
    case png
    case gif
    case webp
    case avif
    case heic

    /// The format of a path's extension: `jpg` (or `jpeg`), `png`, `gif`, `webp`, `avif`, `heic`.
    init?(fileExtension: some StringProtocol) {
        if fileExtension == "jpeg" {
            self = .jpeg
        } else if let format = Self(rawValue: String(fileExtension)) {
            self = format
        } else {
            return nil
        }
    }

    /// The extension the catalog and the gallery use, without the dot.
    var fileExtension: String { rawValue }

    /// The `Content-Type` of the format.
    var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heic: "image/heic"
        }
    }

    /// Whether `/images/N.<ext>` without `variant=` serves the server's plain image (PNG and
    /// JPEG, as before the zoo); the other formats exist only as variants.
    var hasPlainImage: Bool { self == .jpeg || self == .png }
}
