public import Foundation
public import ImageCache
public import Messages
public import Networking

/// What the gallery module needs, handed to ``GalleryRouter/makeModule(view:dependencies:)``.
public struct GalleryDependencies: Sendable {
    /// Loads the images (``ImagePipeline``: memory → disk → network).
    public let images: any ImageLoading
    /// The six image URLs.
    public let list: any GalleryListProviding
    /// Online/offline, for the banner and the automatic retry.
    public let connectivity: any ConnectivityMonitor
    /// The language of every text the view shows.
    public let language: Language
    /// Pixels per point of the screen (2 on most phones): a cell's image is decoded at the
    /// cell's side in points times this, so a 370-point cell at scale 1 holds a 370-pixel image,
    /// not the full-size one. 1 by default: the web front end lays cells out in CSS pixels and
    /// shows the downloaded bytes themselves.
    public let displayScale: Double

    /// Creates the dependencies; a `displayScale` that is not a positive finite number counts as 1.
    public init(
        images: any ImageLoading, list: any GalleryListProviding, connectivity: any ConnectivityMonitor, language: Language,
        displayScale: Double = 1
    ) {
        self.images = images
        self.list = list
        self.connectivity = connectivity
        self.language = language
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
    }
}

/// Where the gallery's image URLs come from.
public protocol GalleryListProviding: Sendable {
    /// The image URLs, in order (six for the gallery). Implementations: ``GalleryList`` (the
    /// server's `gallery.json`, cached on disk so the list survives a restart without network)
    /// and ``FixedGalleryList``.
    func imageURLs() async throws(GalleryListError) -> [URL]

    /// Page `number` (from 1) of the list, with its captions and page count. A list that does not
    /// page has only page 1: the default answers it with ``imageURLs()`` and no page count.
    func page(_ number: Int) async throws(GalleryListError) -> GalleryPage
}

extension GalleryListProviding {
    /// Page 1 is ``imageURLs()``, without captions or a page count; later pages are empty.
    public func page(_ number: Int) async throws(GalleryListError) -> GalleryPage {
        guard number == 1 else { return GalleryPage(number: number, urls: []) }
        return GalleryPage(urls: try await imageURLs())
    }
}

/// Why the gallery's list is not available.
public enum GalleryListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The list could not be fetched and no copy was cached.
    case network(NetworkError)
    /// The answer was not a `{"images":[URL…]}` list.
    case malformed(String)

    /// One sentence for logs.
    public var description: String {
        switch self {
        case .network(let error): return "the gallery list could not be fetched: \(error)"
        case .malformed(let reason): return "the gallery list is unreadable: \(reason)"
        }
    }
}
