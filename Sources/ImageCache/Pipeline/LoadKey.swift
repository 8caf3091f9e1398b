import ImageCodec

/// The keys of one load: the disk copy is the URL's (the downloaded bytes, one download
/// serving every size), while the decoded image and the shared job are per URL and size (a
/// 370×370 and a full-size load of one URL are two entries in memory and two jobs).
struct LoadKey: Sendable, Hashable {
    /// The URL as a string: the disk cache's key, and the memory key of the full size.
    let url: String
    /// The size to decode at, or `nil` for the full size.
    let target: PixelSize?

    /// The memory cache's and the coalescer's key: the URL, then for a target size a space and
    /// the size ("http://host/1.jpg 370x370"). A URL string never holds a space, so no URL's
    /// full-size key can be another's sized one.
    var memory: String { Self.memoryKey(url: url, target: target) }

    /// The memory key of `url` at `target`.
    static func memoryKey(url: String, target: PixelSize?) -> String {
        guard let target else { return url }
        return "\(url) \(target.width)x\(target.height)"
    }
}
