import AppWireframe
import Foundation
import Gallery
import Messages
import MockServer
import Networking
import TestSupport
import XCTest

/// The whole gallery stack: AppWireframe, MockServer, real caches in a temporary folder.
@MainActor
final class GalleryIntegrationTests: ServerAndFolderTestCase {
    private func configuration(_ scenario: String) -> AppConfiguration {
        AppConfiguration(
            serverBaseURL: server.baseURL, cacheFolder: folder.appendingPathComponent("cache"),
            databaseURL: folder.appendingPathComponent("feed.sqlite"), galleryScenario: scenario, language: .en,
            // The stall deadline runs from the connection: it must outlast the mixed scenario's 3 s delay.
            timeouts: RequestTimeouts(connect: .seconds(2), stall: .seconds(4), total: .seconds(8)),
            connectivityProbeInterval: .milliseconds(100))
    }

    private func start(_ app: AppWireframe, _ screen: GalleryScreen) -> GalleryPresenter {
        let presenter = app.showGallery(in: screen)
        presenter.viewDidLoad()
        presenter.viewDidResize(width: 400, height: 2400)
        return presenter
    }

    func test_mixedScenario_showsEachCellsExactOutcome() async throws {
        // Given
        let app = AppWireframe(configuration: configuration("mixed"))
        let screen = GalleryScreen()
        let presenter = start(app, screen)
        // When
        let listed = await eventually { screen.cells.count == 6 }
        XCTAssertTrue(listed)
        presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
        let settled = await eventually(timeout: 15) { screen.settled }
        XCTAssertTrue(settled, "\(screen.cells.map(\.state))")
        // Then
        let text = { (message: UserMessage) in message.text(in: .en) }
        XCTAssertEqual(screen.sources, ["network", "network", "-", "-", "-", "-"])
        XCTAssertEqual(screen.cells[2].state, .failed(message: text(.brokenImage), hint: nil))
        XCTAssertEqual(screen.cells[3].state, .failed(message: text(.imageUnavailable), hint: nil))
        XCTAssertEqual(screen.cells[4].state, .failed(message: text(.imageTooLarge), hint: nil))
        XCTAssertEqual(screen.cells[5].state, .failed(message: text(.timedOut), hint: text(.pullToRefresh)))
        await app.shutDown()
    }

    func test_offlineFirst_refreshFallsBackToDiskAndARestartWorksWithoutNetwork() async throws {
        // Given every image served once (the server then goes offline by itself)
        let app = AppWireframe(configuration: configuration("offline-first"))
        let screen = GalleryScreen()
        let presenter = start(app, screen)
        let listed = await eventually { screen.cells.count == 6 }
        XCTAssertTrue(listed)
        presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
        let loaded = await eventually(timeout: 15) { screen.settled }
        XCTAssertTrue(loaded)
        XCTAssertEqual(screen.sources, Array(repeating: "network", count: 6))
        let wentOffline = await eventually(timeout: 5) { self.server.isOffline }
        XCTAssertTrue(wentOffline, "offline-first switches the server offline")
        // When the user pulls to refresh
        presenter.didPullToRefresh()
        let refreshed = await eventually(timeout: 15) { screen.refreshesEnded == 1 }
        XCTAssertTrue(refreshed)
        // Then every image comes from the disk copy, and the banner says offline
        XCTAssertEqual(screen.sources, Array(repeating: "disk", count: 6))
        let banner = await eventually(timeout: 5) { screen.banner == UserMessage.offline.text(in: .en) }
        XCTAssertTrue(banner, "banner: \(screen.banner ?? "none")")
        await app.shutDown()

        // When the app starts again with the network still gone
        let restarted = AppWireframe(configuration: configuration("offline-first"))
        let again = GalleryScreen()
        let presenterAgain = start(restarted, again)
        let relisted = await eventually { again.cells.count == 6 }
        XCTAssertTrue(relisted, "the list of the 6 URLs is cached with the images")
        presenterAgain.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
        let fromDisk = await eventually(timeout: 10) { again.settled }
        XCTAssertTrue(fromDisk)
        XCTAssertEqual(again.sources, Array(repeating: "disk", count: 6))
        await restarted.shutDown()
    }
}
