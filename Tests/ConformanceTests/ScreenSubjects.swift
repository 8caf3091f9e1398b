import Contracts
import FeedData
import FeedScreen
import Foundation
import Gallery
import ImageCache
import Logging
import Networking
import Storage
import XCTest

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

/// ``GalleryPresenter`` keeps every gallery presenter rule.
final class GalleryPresenterConformanceTests: XCTestCase, GalleryRulesContractSpec {
    static let ours = GalleryRulesSubject(name: "GalleryPresenter") { view, setup in OurScreens.gallery(view: view, setup: setup) }

    var subject: GalleryRulesSubject { Self.ours }

    func test_gallery_mixedScenario() async { await assertKeeps(GalleryRulesContracts.mixedScenario, subject) }
    func test_gallery_stallTimesOutInTime() async { await assertKeeps(GalleryRulesContracts.stallTimesOutInTime, subject) }
    func test_gallery_loadsOnlyVisible() async { await assertKeeps(GalleryRulesContracts.loadsOnlyVisible, subject) }
    func test_gallery_offlineBannerAndRecovery() async { await assertKeeps(GalleryRulesContracts.offlineBannerAndRecovery, subject) }
    func test_gallery_tapRemovesLoadedCell() async { await assertKeeps(GalleryRulesContracts.tapRemovesLoadedCell, subject) }
    func test_gallery_tapIgnoredUnlessLoaded() async { await assertKeeps(GalleryRulesContracts.tapIgnoredUnlessLoaded, subject) }
    func test_gallery_refreshRestoresAll() async { await assertKeeps(GalleryRulesContracts.refreshRestoresAll, subject) }
}

/// ``FeedPresenter`` keeps every feed presenter rule.
final class FeedPresenterConformanceTests: XCTestCase, FeedRulesContractSpec {
    static let ours = FeedRulesSubject(name: "FeedPresenter") { view, setup in try await OurScreens.feed(view: view, setup: setup) }

    var subject: FeedRulesSubject { Self.ours }

    func test_feedRules_cachedFirst() async { await assertKeeps(FeedRulesContracts.cachedFirst, subject) }
    func test_feedRules_refreshEvery60s() async { await assertKeeps(FeedRulesContracts.refreshEvery60s, subject) }
    func test_feedRules_countdownTicksEachSecond() async { await assertKeeps(FeedRulesContracts.countdownTicksEachSecond, subject) }
    func test_feedRules_noOverlap() async { await assertKeeps(FeedRulesContracts.noOverlap, subject) }
    func test_feedRules_failureKeepsTweets() async { await assertKeeps(FeedRulesContracts.failureKeepsTweets, subject) }
    func test_feedRules_avatarsShownWhenOn() async { await assertKeeps(FeedRulesContracts.avatarsShownWhenOn, subject) }
    func test_feedRules_avatarsOffNoneRequested() async { await assertKeeps(FeedRulesContracts.avatarsOffNoneRequested, subject) }
}
