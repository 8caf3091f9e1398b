import ContractsCore
public import Foundation
public import Gallery
public import Messages
public import Networking

/// A gallery module under test: a name and a factory that builds it around the suite's spy
/// view, as `setup` says.
public struct GalleryRulesSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Builds the module showing into `view`; the suite keeps the returned object alive and
    /// sends it the view's events.
    public let makeGallery: @MainActor @Sendable (_ view: any GalleryView, _ setup: GalleryRulesSetup) -> any GalleryViewOutput

    /// Creates a subject.
    public init(
        name: String,
        makeGallery: @escaping @MainActor @Sendable (_ view: any GalleryView, _ setup: GalleryRulesSetup) -> any GalleryViewOutput
    ) {
        self.name = name
        self.makeGallery = makeGallery
    }
}

/// What the gallery under test is to use.
public struct GalleryRulesSetup: Sendable {
    /// The server's `gallery.json` with the scenario the rule needs.
    public let listURL: URL
    /// The server's `/health`, for a connectivity monitor.
    public let healthURL: URL
    /// An empty folder for the image and list caches (deleted after the check).
    public let cacheFolder: URL
    /// Request deadlines, scaled down: connect 2 s, stall 4 s (it must outlast the mixed scenario's 3 s delay), total 8 s.
    public let timeouts: RequestTimeouts
    /// How often connectivity is probed: 100 ms.
    public let probeInterval: Duration
    /// The language of the texts: English (the suite compares exact strings).
    public let language: Language

    /// Creates a setup.
    public init(listURL: URL, healthURL: URL, cacheFolder: URL, timeouts: RequestTimeouts, probeInterval: Duration, language: Language) {
        self.listURL = listURL
        self.healthURL = healthURL
        self.cacheFolder = cacheFolder
        self.timeouts = timeouts
        self.probeInterval = probeInterval
        self.language = language
    }
}
