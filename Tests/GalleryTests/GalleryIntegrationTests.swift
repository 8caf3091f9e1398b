import Foundation
import Gallery
import ImageCache
import MockServer
import Networking
import XCTest

/// The gallery module end to end: a real MockServer, CurlHTTPClient, ImagePipeline (memory +
/// disk in a temporary folder) and GalleryList.
///
/// Deadlines are scaled down from the defaults but keep their order: the mixed scenario's
/// `delay=3000` cell must load (slow, within the deadline), so the stall deadline — whose clock
/// starts once connected, before the status line — is 4 s and the total 6 s; the stalled cell
/// then times out after 4 s.
final class GalleryIntegrationTests: XCTestCase {
    private var server: MockServer!
    private var folder: URL!
    private let timeouts = RequestTimeouts(connect: .seconds(1), stall: .seconds(4), total: .seconds(6))

    override func setUpWithError() throws {
        server = try MockServer.start()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("GalleryIntegrationTests-\(UUID().uuidString)")
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
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
    func test_mixedScenario_showsEachFailuresExactMessage() async {
        // Given
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
        XCTAssertEqual([first.width, first.height], [1024, 768])
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
        let client = CurlHTTPClient()
        let monitor = ProbingConnectivityMonitor(
            client: client, probeURL: server.url("/health"), interval: .milliseconds(100),
            probeTimeouts: RequestTimeouts(connect: .seconds(1), stall: .seconds(1), total: .seconds(1)))
        monitor.start()
        let gallery = makeGallery(scenario: "offline-first", client: client, connectivity: monitor)
        await eventually(timeout: 20, "six cells load") {
            gallery.presenter.cells.count == 6 && gallery.presenter.cells.allSatisfy { $0.state.loadedSource == .network }
        }
        await eventually(timeout: 10, "the server switches itself offline") { self.server.isOffline }
        // When the probe notices
        await eventually(timeout: 10, "the banner shows") { gallery.view.banners == ["No Internet connection"] }
        // When the user pulls to refresh
        gallery.presenter.didPullToRefresh()
        // Then the list comes from its cached copy and every image from disk
        await eventually(timeout: 20, "the refresh ends") { gallery.view.endRefreshingCount == 1 }
        XCTAssertEqual(gallery.presenter.cells.map(\.state.loadedSource), Array(repeating: .disk, count: 6))
        XCTAssertEqual(gallery.presenter.cells.count, 6)

        // When the app restarts with no network: a new module, memory empty, same folder
        let restarted = makeGallery(scenario: "offline-first", client: client, connectivity: monitor)
        // Then the cached list and the disk copies fill the gallery
        await eventually(timeout: 20, "the restarted gallery loads from disk") {
            restarted.presenter.cells.count == 6 && restarted.presenter.cells.allSatisfy { $0.state.loadedSource == .disk }
        }
        await eventually(timeout: 10) { restarted.view.banners == ["No Internet connection"] }

        // When the network comes back
        try server.setOffline(false)
        // Then the banner goes
        await eventually(timeout: 10, "the banner hides") { gallery.view.banners == ["No Internet connection", nil] }
        await monitor.stop()
    }

    @MainActor
    func test_backOnline_cellThatFailedOffline_retriesByItself() async throws {
        // Given the server offline from the start, with the list given in code
        let client = CurlHTTPClient()
        try server.setOffline(true)
        let monitor = ProbingConnectivityMonitor(
            client: client, probeURL: server.url("/health"), interval: .milliseconds(100),
            probeTimeouts: RequestTimeouts(connect: .seconds(1), stall: .seconds(1), total: .seconds(1)))
        monitor.start()
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
        await eventually(timeout: 10) { view.banners == ["No Internet connection"] }
        // When
        try server.setOffline(false)
        // Then both retry: one loads, the other now meets its 404
        await eventually(timeout: 10, "the cells retry") {
            presenter.cells[0].state.loadedSource == .network
                && presenter.cells[1].state == .failed(message: "The image at this URL is unavailable", hint: nil)
        }
        XCTAssertEqual(view.banners, ["No Internet connection", nil])
        await monitor.stop()
    }
}
