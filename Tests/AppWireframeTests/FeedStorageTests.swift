import AppWireframe
import FeedData
import Foundation
import Gallery
import MockServer
import Networking
import TestSupport
import XCTest

/// The gallery never depends on the feed's database, and the feed works, saying why, when its
/// database cannot be written or opened.
///
/// Tests run as root, for whom permission bits do not stop a write. The failures made here hold
/// for root too: a database path whose folder is a regular file (nothing can be created there),
/// and a folder and file made immutable (`chattr +i`: not even root may change them; SQLite then
/// can neither write the file nor create its `-shm`, exactly as on a read-only file system).
@MainActor
final class FeedStorageTests: ServerAndFolderTestCase {
    override func tearDown() async throws {
        _ = try? chattr("-i", folder.appendingPathComponent("db"))
        for suffix in ["", "-wal", "-shm"] {
            _ = try? chattr("-i", folder.appendingPathComponent("db/feed.sqlite" + suffix))
        }
        try await super.tearDown()
    }

    private func configuration(database: URL) -> AppConfiguration {
        AppConfiguration(
            serverBaseURL: server.baseURL, cacheFolder: folder.appendingPathComponent("cache"), databaseURL: database,
            language: .en, token: .value(server.token), feedEndpoint: .search(query: "*"),
            timeouts: RequestTimeouts(connect: .seconds(2), stall: .seconds(4), total: .seconds(8)),
            connectivityProbeInterval: .seconds(3600))
    }

    /// A database path that can never be opened: its folder is a regular file.
    private func unopenableDatabase() throws -> URL {
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        return blocker.appendingPathComponent("feed.sqlite")
    }

    /// Runs `chattr FLAG PATH`; returns its exit status.
    @discardableResult
    private func chattr(_ flag: String, _ url: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, url.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the feed once on a writable cache at `database`; returns the ids it showed.
    private func fillCache(at database: URL) async throws -> [Int64] {
        let app = AppWireframe(configuration: configuration(database: database))
        let screen = FeedScreen()
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()
        await eventually { feed.refreshesEnded == 1 && !feed.isLoadingAvatars }
        await app.shutDown()
        return screen.tweets.map(\.id)
    }

    func test_gallery_showsItsSixCells_whenTheFeedDatabaseCannotBeOpened() async throws {
        // Given
        let app = AppWireframe(configuration: configuration(database: try unopenableDatabase()))
        let screen = GalleryScreen()

        // When
        let presenter = app.showGallery(in: screen)
        presenter.viewDidLoad()
        presenter.viewDidResize(width: 400, height: 2400)

        // Then
        let settled = await eventually(timeout: 30) { screen.settled }
        XCTAssertTrue(settled)
        XCTAssertEqual(screen.sources, Array(repeating: "network", count: 6))
        let status = await app.feedStorageStatus()
        XCTAssertNil(status, "the gallery alone never touches the feed's database")
        await app.shutDown()
    }

    func test_theFeedDatabase_isOpenedWhenTheFeedIsFirstShown() async throws {
        // Given
        let database = folder.appendingPathComponent("db/feed.sqlite")
        let app = AppWireframe(configuration: configuration(database: database))
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path), "not at start")

        // When
        let screen = FeedScreen()
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()

        // Then
        let status = await app.feedStorageStatus()
        XCTAssertEqual(status, .writable(recovery: nil))
        XCTAssertTrue(FileManager.default.fileExists(atPath: database.path))
        await app.shutDown()
    }

    func test_feed_withADatabaseThatCannotBeOpened_worksFromTheNetwork_andSaysWhy() async throws {
        // Given
        let app = AppWireframe(configuration: configuration(database: try unopenableDatabase()))
        let screen = FeedScreen()

        // When
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()

        // Then the tweets come from the network, and the message line says they are not kept
        let refreshed = await eventually { feed.refreshesEnded == 1 }
        XCTAssertTrue(refreshed)
        XCTAssertEqual(screen.tweets.count, 40)
        XCTAssertFalse(feed.lastRefreshFailed)
        XCTAssertEqual(screen.messages.last, "Tweets cannot be saved on this device")
        let status = await app.feedStorageStatus()
        guard case .memoryOnly(let reason)? = status else { return XCTFail("\(String(describing: status))") }
        XCTAssertTrue(reason.contains("blocker"), reason)
        await app.shutDown()
    }

    func test_feed_withADatabaseThatCannotBeWritten_showsTheCachedTweets_andSaysTheyCannotBeUpdated() async throws {
        // Given a cache filled by a first run, closed cleanly (no -wal left beside it)
        try LinuxOnly.require("chattr +i (an immutable file, unwritable for root too)")
        let database = folder.appendingPathComponent("db/feed.sqlite")
        let cachedIDs = try await fillCache(at: database)
        XCTAssertEqual(cachedIDs.count, 40)
        let closed = await eventually { !FileManager.default.fileExists(atPath: database.path + "-wal") }
        XCTAssertTrue(closed, "the first run closed its database")
        // ... then made unwritable, for root too
        XCTAssertEqual(try chattr("+i", database), 0)
        XCTAssertEqual(try chattr("+i", database.deletingLastPathComponent()), 0)

        // When
        let app = AppWireframe(configuration: configuration(database: database))
        let screen = FeedScreen()
        var firstShown: [Int64] = []
        screen.onFirstTweets = { firstShown = screen.tweets.map(\.id) }
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()

        // Then the cached tweets come first, the refresh works, and the message says why nothing is kept
        let refreshed = await eventually { feed.refreshesEnded == 1 }
        XCTAssertTrue(refreshed)
        XCTAssertEqual(firstShown, cachedIDs)
        XCTAssertFalse(feed.lastRefreshFailed)
        XCTAssertEqual(screen.messages.last, "Saved tweets cannot be updated on this device")
        let status = await app.feedStorageStatus()
        guard case .readOnly? = status else { return XCTFail("\(String(describing: status))") }
        await app.shutDown()
    }

    func test_feed_withAnUnwritableDatabaseLeftOpenByACrashedRun_isReadOnly_notWritable() async throws {
        // Given the files of a cache whose run did not close it (its -wal and -shm still beside
        // it: SQLite then opens the file read-only without a word, and a read-only transaction
        // succeeds), made unwritable for root too
        try LinuxOnly.require("chattr +i (an immutable file, unwritable for root too)")
        let source = folder.appendingPathComponent("source/feed.sqlite")
        let filling = AppWireframe(configuration: configuration(database: source))
        let fillingScreen = FeedScreen()
        let filler = try filling.showFeed(in: fillingScreen) { fillingScreen }
        filler.viewDidLoad()
        await eventually { filler.refreshesEnded == 1 && !filler.isLoadingAvatars }
        let database = folder.appendingPathComponent("db/feed.sqlite")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: source.path + suffix, toPath: database.path + suffix)
        }
        await filling.shutDown()
        for suffix in ["", "-wal", "-shm"] {
            XCTAssertEqual(try chattr("+i", URL(fileURLWithPath: database.path + suffix)), 0)
        }
        XCTAssertEqual(try chattr("+i", database.deletingLastPathComponent()), 0)

        // When
        let app = AppWireframe(configuration: configuration(database: database))
        let screen = FeedScreen()
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()

        // Then it is not taken for a writable cache (whose every save would fail)
        await eventually { feed.refreshesEnded == 1 }
        let status = await app.feedStorageStatus()
        switch status {
        case .readOnly?, .memoryOnly?: break
        default: XCTFail("an unwritable file opened as \(String(describing: status))")
        }
        XCTAssertNotNil(screen.messages.last ?? nil, "the message line says the tweets cannot be kept")
        await app.shutDown()
    }
}
