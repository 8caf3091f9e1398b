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
            // The stall deadline runs from the connection: it must outlast the mixed scenario's 3 s
            // delay with room for rendering and sending the image on loaded cores (4 s failed once
            // under AddressSanitizer with two CI runs side by side: the delayed cell timed out).
            timeouts: RequestTimeouts(connect: .seconds(2), stall: .seconds(6), total: .seconds(10)),
            connectivityProbeInterval: .milliseconds(100))
    }

    /// Shows `app`'s gallery on `screen`, tall enough for every cell, and waits until the six
    /// cells are listed and every one has settled (loaded or failed) within `timeout` seconds.
    private func startSettled(
        _ app: AppWireframe, _ screen: GalleryScreen, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line
    ) async -> GalleryPresenter {
        let presenter = app.showGallery(in: screen)
        presenter.viewDidLoad()
        presenter.viewDidResize(width: 400, height: 2400)
        let listed = await eventually { screen.cells.count == 6 }
        XCTAssertTrue(listed, "the six cells are listed", file: file, line: line)
        presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
        let settled = await eventually(timeout: timeout) { screen.settled }
        XCTAssertTrue(settled, "\(screen.cells.map(\.state))", file: file, line: line)
        return presenter
    }

    func test_mixedScenario_showsEachCellsExactOutcome() async throws {
        // Given
        let app = AppWireframe(configuration: configuration("mixed"))
        let screen = GalleryScreen()
        // When
        _ = await startSettled(app, screen)
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
        let presenter = await startSettled(app, screen)
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
        // (the list of the 6 URLs is cached with the images)
        _ = await startSettled(restarted, again, timeout: 10)
        XCTAssertEqual(again.sources, Array(repeating: "disk", count: 6))
        await restarted.shutDown()
    }
}
