import Clocks
import FeedData
import FeedScreen
import Foundation
import MockServer
import Networking
import Storage
import TestSupport
import XCTest

/// The whole feed over a real MockServer, TwitterClient, CurlHTTPClient and SQLite cache.
final class FeedIntegrationTests: XCTestCase {
    private var server: MockServer?
    private var folder: URL?

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FeedScreenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
    }

    override func tearDown() {
        server?.stop()
        server = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    @MainActor
    func test_feed_showsTheServersTweetsWithAvatars_andTheCacheFirstAfterARestart() async throws {
        let server = try XCTUnwrap(server)
        let databaseURL = try XCTUnwrap(folder).appendingPathComponent("feed.sqlite")
        let http = CurlHTTPClient()

        // Given a first run on an empty cache
        let first = try await Run(server: server, databaseURL: databaseURL, http: http)
        first.presenter.viewDidLoad()

        // Then the server's tweets appear, each with its avatar image
        await eventually(timeout: 15, "tweets with avatars not met within 15 s") {
            !first.presenter.tweets.isEmpty
                && first.presenter.tweets.allSatisfy { if case .image(let bytes) = $0.avatar { bytes.starts(with: [0x89, 0x50]) } else { false } }
        }
        XCTAssertNil(first.presenter.messageText)
        XCTAssertEqual(first.presenter.countdownText.hasPrefix("Next update in"), true)
        let shown = first.presenter.tweets
        XCTAssertEqual(shown.map(\.id), shown.map(\.id).sorted(by: >))
        XCTAssertTrue(server.requests.contains { $0.path.hasPrefix("/avatars/") })
        first.presenter.viewWillClose()

        // When the app starts again on the same database
        server.resetJournal()
        let second = try await Run(server: server, databaseURL: databaseURL, http: http)
        var journalAtFirstDisplay: Int?
        var firstDisplay: [TweetViewModel]?
        second.view.onFirstDisplay = {
            journalAtFirstDisplay = server.requests.count
            firstDisplay = second.presenter.tweets
        }
        second.presenter.viewDidLoad()

        // Then the cached tweets come first, before any request reached the server
        await eventually(timeout: 15, "first display not met within 15 s") { firstDisplay != nil }
        XCTAssertEqual(journalAtFirstDisplay, 0)
        XCTAssertEqual(firstDisplay?.map(\.id), shown.map(\.id))
        await eventually(timeout: 15, "refresh done not met within 15 s") { server.requests.contains { $0.path.hasPrefix("/1.1/") } }
        await eventually(timeout: 15, "cached avatars not met within 15 s") { second.presenter.tweets.allSatisfy { if case .image = $0.avatar { true } else { false } } }
        XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/avatars/") }, "avatars come from the cache")
        second.presenter.viewWillClose()
    }
}

/// One run of the app's feed over the database at a URL.
@MainActor
private final class Run {
    let clock = TestClock<Duration>()
    let view = SpyFeedView()
    let presenter: FeedPresenter

    init(server: MockServer, databaseURL: URL, http: CurlHTTPClient) async throws {
        let database = try await FeedDatabase.open(at: databaseURL)
        let configuration = TwitterClient.Configuration(baseURL: server.baseURL, endpoint: .search(query: "*"))
        let source = TwitterClient(configuration: configuration, token: try BearerToken(server.token), http: http)
        let dependencies = FeedDependencies(
            store: TweetStore(database: database), source: source, avatars: AvatarStore(database: database),
            settings: SettingsStore(database: database), avatarClient: http, clock: clock, language: .en)
        presenter = FeedRouter.makeModule(view: view, dependencies: dependencies) {}
    }
}
