import ImageCodec
import Synchronization

/// The target sizes each URL was loaded at, so that ``ImagePipeline/dropDecodedImage(for:)``
/// can forget the decoded image of every size (the memory cache cannot list its keys).
///
/// Noted when a sized load starts, forgotten when the URL is dropped: a few dozen bytes per
/// (URL, size) in between. Full-size loads need no note: their memory key
/// is the URL itself.
final class DecodedSizes: Sendable {
    private let sizes = Mutex<[String: Set<PixelSize>]>([:])

    /// Notes that `url` is loaded at `target`.
    func note(_ target: PixelSize, for url: String) {
        sizes.withLock { _ = $0[url, default: []].insert(target) }
    }

    /// The memory keys of every size `url` was loaded at, full size first; forgets them.
    func removeKeys(for url: String) -> [String] {
        let targets = sizes.withLock { $0.removeValue(forKey: url) } ?? []
        return [url] + targets.map { LoadKey.memoryKey(url: url, target: $0) }
    }
}
