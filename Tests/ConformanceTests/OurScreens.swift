import Contracts
import FeedData
import FeedScreen
import Foundation
import Gallery
import ImageCache
import Logging
import Networking
import Storage

/// Builds our screens for the presenter-rule suites, with knobs the broken twins turn.
enum OurScreens {
    /// Our gallery module on a fresh pipeline, list and connectivity monitor, as `setup` says.
    @MainActor
    static func gallery(
        view: any GalleryView, setup: GalleryRulesSetup, timeoutScale: Double = 1, connectivity: (any ConnectivityMonitor)? = nil
    ) -> GalleryPresenter {
        let client = CurlHTTPClient()
        let timeouts = timeoutScale == 1 ? setup.timeouts : setup.timeouts.scaled(by: timeoutScale)
        let pipeline = ImagePipeline(
            client: client, memory: MemoryImageCache(),
            disk: DiskCache(folder: setup.cacheFolder.appendingPathComponent("images"), logger: quiet),
            configuration: .init(timeouts: timeouts))
        let monitor: any ConnectivityMonitor
        if let connectivity {
            monitor = connectivity
        } else {
            let probing = ProbingConnectivityMonitor(client: client, probeURL: setup.healthURL, interval: setup.probeInterval)
            probing.start()
            monitor = probing
        }
        let list = GalleryList(
            client: client, url: setup.listURL, cacheFile: setup.cacheFolder.appendingPathComponent("gallery.json"),
            timeouts: timeouts)
        return GalleryRouter.makeModule(
            view: view, dependencies: GalleryDependencies(images: pipeline, list: list, connectivity: monitor, language: setup.language))
    }

    /// Our feed module on the GRDB cache at `setup.databaseURL` and a TwitterClient, as `setup` says.
    @MainActor
    static func feed(
        view: any FeedView, setup: FeedRulesSetup, refreshInterval: Duration = .seconds(60),
        wrapSource: (any FeedSource) -> any FeedSource = { $0 },
        wrapSettings: (any SettingsStoring) -> any SettingsStoring = { $0 }
    ) async throws -> FeedPresenter {
        let database = try await FeedDatabase.open(at: setup.databaseURL, logger: quiet)
        let settings = SettingsStore(database: database)
        try await settings.save(FeedSettings(showsAvatars: setup.showsAvatars))
        let client = CurlHTTPClient()
        let source = TwitterClient(
            configuration: .init(
                baseURL: setup.serverBaseURL, endpoint: .search(query: setup.query), timeouts: setup.timeouts,
                extraQueryItems: setup.extraQueryItems),
            token: try BearerToken(setup.token), http: client, logger: quiet)
        let dependencies = FeedDependencies(
            store: TweetStore(database: database), source: wrapSource(source), avatars: AvatarStore(database: database),
            settings: wrapSettings(settings), avatarClient: client, clock: setup.clock, language: setup.language,
            refreshInterval: refreshInterval)
        return FeedRouter.makeModule(view: view, dependencies: dependencies, openSettings: {})
    }

    /// A logger that drops everything (expected warnings would bury the test output).
    static let quiet = Logger(label: "conformance") { _ in SwiftLogNoOpLogHandler() }
}
