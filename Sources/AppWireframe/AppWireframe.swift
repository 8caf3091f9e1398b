public import Feed
import Foundation
public import Gallery
import ImageCache
public import Logging
public import Messages
import Networking
public import Settings
public import Storage

/// The composition root: builds the shared services once (one HTTP client and connection pool,
/// the image pipeline with its caches, the connectivity monitor, the feed database) and each
/// screen's module with its dependencies through `init`; composes the navigation
/// Feed → Settings → back.
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
    public private(set) var stack: [Screen] = []
    /// Set when the feed database was unusable and was replaced at start.
    public let databaseRecovery: DatabaseRecovery?

    private let client: CurlHTTPClient
    private let images: ImagePipeline
    private let connectivity: ProbingConnectivityMonitor
    private let database: FeedDatabase
    private let clock: any Clock<Duration>
    private let logger: Logger
    private var galleryPresenter: GalleryPresenter?
    private var feedPresenter: FeedPresenter?
    private var settingsPresenter: SettingsPresenter?

    /// Builds the shared services; opens (or recovers) the feed database and starts the
    /// connectivity monitor.
    /// - Parameter clock: times the feed's refresh and countdown and the connectivity probes.
    public init(
        configuration: AppConfiguration, clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "testbed.app")
    ) async throws(StorageError) {
        self.configuration = configuration
        self.language = Language.resolved(configured: configuration.language)
        self.clock = clock
        self.logger = logger
        let limits = configuration.limits
        let client = CurlHTTPClient(configuration: .init(maxConnectionsPerHost: limits.connectionsPerHost))
        self.client = client
        images = ImagePipeline(
            client: client, memory: MemoryImageCache(costLimit: limits.memoryCacheBytes),
            disk: DiskCache(folder: configuration.cacheFolder.appendingPathComponent("images"), sizeLimit: limits.diskCacheBytes),
            configuration: .init(maxBytes: limits.imageBytes, timeouts: configuration.timeouts,
                                 maxConcurrentTransfers: limits.connectionsPerHost))
        connectivity = ProbingConnectivityMonitor(
            client: client, probeURL: configuration.serverBaseURL.appendingPathComponent("health"),
            interval: configuration.connectivityProbeInterval, clock: clock)
        database = try await FeedDatabase.open(at: configuration.databaseURL, logger: logger)
        databaseRecovery = database.recovery
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
        let dependencies = FeedDependencies(
            store: TweetStore(database: database), source: source,
            avatars: AvatarStore(database: database, sizeLimit: configuration.limits.avatarBytes),
            settings: SettingsStore(database: database), avatarClient: client, clock: clock, language: language,
            refreshInterval: configuration.feedRefreshInterval)
        let presenter = FeedRouter.makeModule(view: view, dependencies: dependencies) { [weak self] in
            self?.openSettings(settingsView())
        }
        feedPresenter = presenter
        stack = [.feed]
        return presenter
    }

    private func openSettings(_ view: any SettingsView) {
        let presenter = SettingsRouter.makeModule(view: view, settings: SettingsStore(database: database)) { [weak self] in
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

    /// The settings screen's presenter while it is shown (front ends forward its view's events).
    public var currentSettings: SettingsPresenter? { settingsPresenter }

    /// Stops everything: the feed's timer and requests, the connectivity probes.
    public func shutDown() async {
        feedPresenter?.viewWillClose()
        feedPresenter = nil
        galleryPresenter = nil
        settingsPresenter = nil
        stack = []
        await connectivity.stop()
    }
}
