public import Foundation

/// A gallery list given in code (tests, demos, a configuration file): always the same URLs.
public struct FixedGalleryList: GalleryListProviding {
    /// The URLs, in cell order.
    public let urls: [URL]

    /// A list of `urls`, in cell order.
    public init(urls: [URL]) {
        self.urls = urls
    }

    /// The URLs given at creation; never fails.
    public func imageURLs() async throws(GalleryListError) -> [URL] {
        urls
    }
}
