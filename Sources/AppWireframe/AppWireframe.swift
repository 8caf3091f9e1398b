public import FeedData
public import FeedScreen
public import Foundation
public import Gallery
import ImageCache
public import Logging
public import Messages
import Networking
public import Settings
import Storage

/// The composition root: builds the shared services once (one HTTP client and connection pool,
/// the image pipeline with its caches, the connectivity monitor) and each screen's module with
/// its dependencies through `init`; composes the navigation Feed → Settings → back.
///
/// The feed's database is opened when the feed is first shown, never before: the gallery does
/// not depend on it. A database that cannot be written is opened read-only, and one that cannot
/// be opened at all leaves the feed caching in memory (``FeedStorageStatus``); the feed screen
/// says so on its message line.
///
/// Front ends (a UIKit app, the terminal front end, `testbed gallery|feed`, tests) supply the
/// views; the wireframe keeps the presenters alive while their screen is shown.
@MainActor
public final class AppWireframe {
    /// The screens that can be on the navigation stack.
    public enum Screen: Sendable, Hashable {
        case gallery, feed, settings
    }

    /// The configuration in use.
    public let configuration: AppConfiguration
    /// The language every screen uses.
    public let language: Language
    /// The screens shown, bottom first.
    public private(set) var stack: [Screen] = [] {
        didSet { if stack != oldValue { stackDidChange?(stack) } }
    }
    /// Called with the new ``stack`` whenever it changes: a screen shown, Settings pushed or
    /// closed (which can happen later than the call that asked for it: Settings closes once its
    /// changes are saved), every screen closed. Front ends that draw a navigation bar use it.
    public var stackDidChange: (@MainActor ([Screen]) -> Void)?

    private let client: CurlHTTPClient
    private let images: ImagePipeline
    private let imageFiles: DiskCache
    private let connectivity: ProbingConnectivityMonitor
    private var feedStorage: DeferredFeedStorage?
    private let clock: any Clock<Duration>
    private let logger: Logger
    private var galleryPresenter: GalleryPresenter?
    private var feedPresenter: FeedPresenter?
    private var settingsPresenter: SettingsPresenter?

    /// Builds the shared services and starts the connectivity monitor. Touches no database:
    /// the feed's is opened when the feed is first shown.
    /// - Parameter clock: times the feed's refresh and countdown and the connectivity probes.
    public init(
        configuration: AppConfiguration, clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "testbed.app")
    ) {
        self.configuration = configuration
        self.language = Language.resolved(configured: configuration.language)
        self.clock = clock
        self.logger = logger
        let limits = configuration.limits
        let client = CurlHTTPClient(configuration: .init(maxConnectionsPerHost: limits.connectionsPerHost))
        self.client = client
        imageFiles = DiskCache(folder: configuration.cacheFolder.appendingPathComponent("images"), sizeLimit: limits.diskCacheBytes)
        images = ImagePipeline(
            client: client, memory: MemoryImageCache(costLimit: limits.memoryCacheBytes), disk: imageFiles,
            configuration: .init(maxBytes: limits.imageBytes, timeouts: configuration.timeouts,
                                 maxConcurrentTransfers: limits.connectionsPerHost, returnsFreedMemory: true))
        connectivity = ProbingConnectivityMonitor(
            client: client, probeURL: configuration.serverBaseURL.appendingPathComponent("health"),
            interval: configuration.connectivityProbeInterval, clock: clock)
        connectivity.start()
    }

    /// Shows the gallery in `view`; returns its presenter (kept by the wireframe too).
    public func showGallery(in view: any GalleryView) -> GalleryPresenter {
        let dependencies = GalleryDependencies(
            images: images,
            list: GalleryList(
                client: client, url: configuration.galleryListURL,
                cacheFile: configuration.cacheFolder.appendingPathComponent("gallery.json"), timeouts: configuration.timeouts),
            connectivity: connectivity, language: language)
        let presenter = GalleryRouter.makeModule(view: view, dependencies: dependencies)
        galleryPresenter = presenter
        stack = [.gallery]
        return presenter
    }

    /// Shows the feed in `view`; `settingsView` makes the view when the user opens the settings.
    /// Throws when no bearer token can be found (the feed cannot work without one).
    public func showFeed(
        in view: any FeedView, settingsView: @escaping @MainActor () -> any SettingsView
    ) throws(TokenError) -> FeedPresenter {
        let token: BearerToken
        switch configuration.token {
        case .value(let value): token = try BearerToken(value)
        case .environment(let file): token = try BearerToken.resolve(file: file)
        }
        let source = TwitterClient(
            configuration: .init(
                baseURL: configuration.serverBaseURL, endpoint: configuration.feedEndpoint, timeouts: configuration.timeouts,
                maxPageBytes: configuration.limits.feedPageBytes),
            token: token, http: client, logger: logger)
        let storage = openFeedStorage()
        let dependencies = FeedDependencies(
            store: storage, source: source, avatars: storage, settings: storage, avatarClient: client, clock: clock,
            language: language, refreshInterval: configuration.feedRefreshInterval,
            storageNotice: { await storage.storage.status.notice })
        let presenter = FeedRouter.makeModule(view: view, dependencies: dependencies) { [weak self] in
            self?.openSettings(settingsView())
        }
        feedPresenter = presenter
        stack = [.feed]
        return presenter
    }

    private func openSettings(_ view: any SettingsView) {
        let presenter = SettingsRouter.makeModule(view: view, settings: openFeedStorage()) { [weak self] in
            self?.closeSettings()
        }
        settingsPresenter = presenter
        stack.append(.settings)
        presenter.viewDidLoad()
    }

    private func closeSettings() {
        settingsPresenter = nil
        if stack.last == .settings { stack.removeLast() }
        feedPresenter?.viewWillAppear()
    }

    /// The feed's caches: started opening at the first call (off the main actor), the same
    /// ones afterwards.
    private func openFeedStorage() -> DeferredFeedStorage {
        if let feedStorage { return feedStorage }
        let (url, avatarBytes, logger) = (configuration.databaseURL, configuration.limits.avatarBytes, logger)
        let storage = DeferredFeedStorage { await FeedStorage.open(at: url, avatarBytes: avatarBytes, logger: logger) }
        feedStorage = storage
        return storage
    }

    /// How the feed's database was opened, once the feed has been shown (waits for the open to
    /// end); `nil` while the feed has not been shown, so the database has not been touched.
    public func feedStorageStatus() async -> FeedStorageStatus? {
        guard let feedStorage else { return nil }
        return await feedStorage.storage.status
    }

    /// The settings screen's presenter while it is shown (front ends forward its view's events).
    public var currentSettings: SettingsPresenter? { settingsPresenter }

    /// The encoded bytes (PNG or JPEG, as the server sent them) the image pipeline keeps on disk
    /// for `url`, or `nil` when it keeps none. A front end that draws with an engine of its own
    /// (a browser) hands these over instead of the decoded pixels, so nothing is decoded twice
    /// in this process.
    public func cachedImageData(for url: URL) async -> Data? {
        await imageFiles.data(for: url.absoluteString)
    }

    /// Closes every screen (back to the front end's own first screen): stops the feed's timer
    /// and requests and releases the presenters; the shared services keep running.
    public func closeScreens() {
        feedPresenter?.viewWillClose()
        feedPresenter = nil
        galleryPresenter = nil
        settingsPresenter = nil
        stack = []
    }

    /// Stops everything: the feed's timer and requests, the connectivity probes.
    public func shutDown() async {
        closeScreens()
        feedStorage = nil  // closes the feed's database once the last store is released
        await connectivity.stop()
    }
}
