import Foundation
import Gallery
import ImageCache
import MockServer
import Networking
import TestSupport
import XCTest

/// The gallery module end to end: a real MockServer, CurlHTTPClient, ImagePipeline (memory +
/// disk in a temporary folder) and GalleryList.
///
/// Deadlines are scaled down from the defaults but keep their order: the mixed scenario's
/// `delay=3000` cell must load (slow, within the deadline), so the stall deadline — whose clock
/// starts once connected, before the status line — is 5 s and the total 8 s; the stalled cell
/// then times out after 5 s. The server renders each image on its first request (about 0.3 s
/// each in a debug build, seconds on a loaded machine), so every test renders them first with
/// a client of its own: the deadlines then measure the scenario's faults, not the rendering.
/// Connectivity probes also go through a client of their own, so a stalled image never holds
/// up a probe.
final class GalleryIntegrationTests: TemporaryFolderTestCase {
    private var server: MockServer!
    private let timeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(5), total: .seconds(8))
    private static let probeTimeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(2), total: .seconds(3))

    /// The caches create their folders.
    override var createsFolder: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start()
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// Has the server render `paths` (fault-free, outside any scenario) before the test starts.
    private static func warmUp(_ urls: [URL]) async throws {
        let client = CurlHTTPClient()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                group.addTask { _ = try await client.send(HTTPRequest(url: url, timeouts: .default)) }
            }
            try await group.waitForAll()
        }
    }

    /// A connectivity monitor probing the server's `/health` every 100 ms, with its own client.
    private func startMonitor() -> ProbingConnectivityMonitor {
        let monitor = ProbingConnectivityMonitor(
            client: CurlHTTPClient(), probeURL: server.url("/health"), interval: .milliseconds(100),
            probeTimeouts: Self.probeTimeouts)
        monitor.start()
        return monitor
    }

    /// A gallery over the live server, with `connectivity`; the caches live in `folder`.
    @MainActor
    private func makeGallery(
        scenario: String, client: CurlHTTPClient, connectivity: any ConnectivityMonitor
    ) -> (presenter: GalleryPresenter, view: SpyGalleryView) {
        let pipeline = ImagePipeline(
            client: client, memory: MemoryImageCache(), disk: DiskCache(folder: folder.appendingPathComponent("images")),
            configuration: ImagePipeline.Configuration(timeouts: timeouts))
        let list = GalleryList(
            client: client, url: server.url("/gallery.json?scenario=\(scenario)"),
            cacheFile: folder.appendingPathComponent("gallery-list.json"), timeouts: timeouts)
        let view = SpyGalleryView()
        let presenter = GalleryRouter.makeModule(
            view: view, dependencies: GalleryDependencies(images: pipeline, list: list, connectivity: connectivity, language: .en))
        presenter.viewDidLoad()
        presenter.viewDidResize(width: 375, height: 10_000)
        return (presenter, view)
    }

    @MainActor
    func test_mixedScenario_showsEachFailuresExactMessage() async throws {
        // Given
        try await Self.warmUp(["/images/1.png", "/images/2.png", "/images/3.png", "/images/5.png", "/images/6.png"].map(server.url))
        let gallery = makeGallery(scenario: "mixed", client: CurlHTTPClient(), connectivity: MockConnectivityMonitor(initial: true))
        // When
        await eventually(timeout: 30, "every cell settles") {
            gallery.presenter.cells.count == 6 && !gallery.presenter.cells.contains { $0.state == .loading }
        }
        // Then
        let cells = gallery.presenter.cells
        guard cells.count == 6 else { return }
        XCTAssertEqual(cells.map(\.id), (0..<6).map { server.url(Self.mixedPaths[$0]).absoluteString })
        guard case .loaded(let first) = cells[0].state else { return XCTFail("cell 0 is \(cells[0].state)") }
        // The 1024×768 image decoded for its 355-point cell (scale 1): the smallest size covering 355×355.
        XCTAssertEqual([first.width, first.height], [474, 355])
        XCTAssertEqual(first.source, .network)
        XCTAssertEqual(cells[1].state.loadedSource, .network, "delay=3000 is slow but within the deadline")
        XCTAssertEqual(cells[2].state, .failed(message: "The image is damaged", hint: nil))
        XCTAssertEqual(cells[3].state, .failed(message: "The image at this URL is unavailable", hint: nil))
        XCTAssertEqual(cells[4].state, .failed(message: "The image is too large", hint: nil))
        XCTAssertEqual(
            cells[5].state, .failed(message: "Waited too long / the server is not responding", hint: "Pull down to refresh"))
        XCTAssertEqual(gallery.view.banners, [])
    }

    private static let mixedPaths = [
        "/images/1.png", "/images/2.png?delay=3000", "/images/3.png?corrupt=1", "/images/missing-4.png",
        "/images/5.png?bytes=30000000", "/images/6.png?stall_after=1000",
    ]

    @MainActor
    func test_offlineFirst_refreshFallsBackToDiskCopies_andTheBannerFollowsTheProbe() async throws {
        // Given the six images loaded once; the server then goes offline by itself
        try await Self.warmUp(["/images/1.png", "/images/2.jpg", "/images/3.png", "/images/4.jpg", "/images/5.png", "/images/6.jpg"].map(server.url))
        let client = CurlHTTPClient()
        let monitor = startMonitor()
        let gallery = makeGallery(scenario: "offline-first", client: client, connectivity: monitor)
        await eventually(timeout: 30, "six cells load") {
            gallery.presenter.cells.count == 6 && gallery.presenter.cells.allSatisfy { $0.state.loadedSource == .network }
        }
        await eventually(timeout: 10, "the server switches itself offline") { self.server.isOffline }
        // When the probe notices
        await eventually(timeout: 10, "the banner shows") { gallery.view.banners.last == "No Internet connection" }
        // When the user pulls to refresh
        gallery.presenter.didPullToRefresh()
        // Then the list comes from its cached copy and every image from disk
        await eventually(timeout: 30, "the refresh ends") { gallery.view.endRefreshingCount == 1 }
        XCTAssertEqual(gallery.presenter.cells.map(\.state.loadedSource), Array(repeating: .disk, count: 6))
        XCTAssertEqual(gallery.presenter.cells.count, 6)

        // When the app restarts with no network: a new module, memory empty, same folder
        let restarted = makeGallery(scenario: "offline-first", client: client, connectivity: monitor)
        // Then the cached list and the disk copies fill the gallery
        await eventually(timeout: 30, "the restarted gallery loads from disk") {
            restarted.presenter.cells.count == 6 && restarted.presenter.cells.allSatisfy { $0.state.loadedSource == .disk }
        }
        await eventually(timeout: 10) { restarted.view.banners.last == "No Internet connection" }

        // When the network comes back
        try server.setOffline(false)
        // Then the banner goes
        await eventually(timeout: 10, "the banner hides") { gallery.view.banners.last == .some(nil) }
        await monitor.stop()
    }

    @MainActor
    func test_backOnline_cellThatFailedOffline_retriesByItself() async throws {
        // Given the server offline from the start, with the list given in code
        try await Self.warmUp(["/images/1.png"].map(server.url))
        let client = CurlHTTPClient()
        try server.setOffline(true)
        let monitor = startMonitor()
        let pipeline = ImagePipeline(
            client: client, memory: MemoryImageCache(), disk: DiskCache(folder: folder),
            configuration: ImagePipeline.Configuration(timeouts: timeouts))
        let urls = [server.url("/images/1.png"), server.url("/images/missing-2.png")]
        let view = SpyGalleryView()
        let presenter = GalleryRouter.makeModule(
            view: view,
            dependencies: GalleryDependencies(
                images: pipeline, list: FixedGalleryList(urls: urls), connectivity: monitor, language: .en))
        presenter.viewDidLoad()
        presenter.viewDidResize(width: 375, height: 10_000)
        await eventually(timeout: 10, "both cells fail offline") {
            presenter.cells.count == 2
                && presenter.cells.allSatisfy { $0.state == .failed(message: "No Internet connection", hint: "Pull down to refresh") }
        }
        await eventually(timeout: 10) { view.banners.last == "No Internet connection" }
        // When
        try server.setOffline(false)
        // Then both retry: one loads, the other now meets its 404
        await eventually(timeout: 10, "the cells retry") {
            presenter.cells[0].state.loadedSource == .network
                && presenter.cells[1].state == .failed(message: "The image at this URL is unavailable", hint: nil)
        }
        await eventually(timeout: 10, "the banner hides") { view.banners.last == .some(nil) }
        await monitor.stop()
    }
}
