import AppWireframe
import Clocks
import FeedData
import Foundation
import Messages
import MockServer
import Networking
import Settings
import TestSupport
import XCTest

/// The whole feed stack: AppWireframe, MockServer with a server clock the test moves, the GRDB
/// cache in a temporary folder, a `TestClock` for the app.
@MainActor
final class FeedIntegrationTests: XCTestCase {
    private var server: MockServer!
    private var serverClock: ManualServerClock!
    private var folder: URL!

    override func setUp() async throws {
        serverClock = ManualServerClock()
        server = try MockServer.start(MockServer.Configuration(clock: serverClock))
        folder = try temporaryFolder()
    }

    override func tearDown() async throws {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func configuration() -> AppConfiguration {
        AppConfiguration(
            serverBaseURL: server.baseURL, cacheFolder: folder.appendingPathComponent("cache"),
            databaseURL: folder.appendingPathComponent("feed.sqlite"), language: .en, token: .value(server.token),
            feedEndpoint: .search(query: "*"),
            timeouts: RequestTimeouts(connect: .seconds(2), stall: .seconds(2), total: .seconds(5)),
            connectivityProbeInterval: .seconds(3600))
    }

    private var tweetRequests: Int { server.requests.filter { $0.path.hasPrefix("/1.1/") }.count }

    /// Advances `clock` one second at a time.
    private func advance(_ clock: TestClock<Duration>, seconds: Int) async {
        for _ in 0..<seconds {
            await clock.advance(by: .seconds(1))
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    func test_growingTimeline_newTweetsOnTop_andTheCacheComesFirstAfterARestart() async throws {
        // Given
        let clock = TestClock<Duration>()
        let app = AppWireframe(configuration: configuration(), clock: clock)
        let screen = FeedScreen()
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()
        let first = await eventually { !screen.tweets.isEmpty && self.tweetRequests == 1 }
        XCTAssertTrue(first)
        let firstIDs = screen.tweets.map(\.id)
        // When the server's timeline grows by three tweets and a minute passes
        serverClock.advance(by: 60)
        await advance(clock, seconds: 60)
        let grown = await eventually { self.tweetRequests == 2 && screen.tweets.count == firstIDs.count + 3 }
        XCTAssertTrue(grown, "\(screen.tweets.count) tweets after the second refresh")
        // Then the new ones are on top
        XCTAssertEqual(Array(screen.tweets.map(\.id).dropFirst(3)), firstIDs)
        XCTAssertTrue(screen.tweets.prefix(3).allSatisfy { $0.id > firstIDs[0] })
        let cached = screen.tweets.map(\.id)
        await app.shutDown()

        // When the app starts again (a new wireframe on the same database)
        server.resetJournal()
        let restarted = AppWireframe(configuration: configuration(), clock: TestClock<Duration>())
        let again = FeedScreen()
        var requestsAtFirstDisplay: Int?
        again.onFirstTweets = { requestsAtFirstDisplay = self.tweetRequests }
        let feedAgain = try restarted.showFeed(in: again) { again }
        feedAgain.viewDidLoad()
        let shown = await eventually { requestsAtFirstDisplay != nil }
        // Then the cached tweets were on screen before any request reached the server
        XCTAssertTrue(shown)
        XCTAssertEqual(requestsAtFirstDisplay, 0)
        XCTAssertEqual(Array(again.tweets.map(\.id).prefix(cached.count)), cached)
        await restarted.shutDown()
    }

    func test_settingsFromTheFeed_turnAvatarsOff_visibleOnReturnAndAfterARestart() async throws {
        // Given the feed with avatars (on by default)
        let app = AppWireframe(configuration: configuration(), clock: TestClock<Duration>())
        let screen = FeedScreen()
        let feed = try app.showFeed(in: screen) { screen }
        feed.viewDidLoad()
        let withAvatars = await eventually {
            !screen.tweets.isEmpty && screen.tweets.allSatisfy { if case .image = $0.avatar { true } else { false } }
        }
        XCTAssertTrue(withAvatars)
        // When the user opens the settings, turns avatars off and goes back
        feed.didTapSettings()
        XCTAssertEqual(app.stack, [.feed, .settings])
        let settings = try XCTUnwrap(app.currentSettings)
        let shown = await eventually { screen.settings == SettingsViewModel(showsAvatars: true) }
        XCTAssertTrue(shown)
        settings.didToggleShowAvatars(false)
        settings.didTapDone()
        // Then
        let closed = await eventually { app.stack == [.feed] }
        XCTAssertTrue(closed, "\(app.stack)")
        let hidden = await eventually { screen.tweets.allSatisfy { $0.avatar == .hidden } }
        XCTAssertTrue(hidden, "avatars still shown on return")
        await app.shutDown()

        // And after a restart no avatar is shown or requested
        server.resetJournal()
        let restarted = AppWireframe(configuration: configuration(), clock: TestClock<Duration>())
        let again = FeedScreen()
        let feedAgain = try restarted.showFeed(in: again) { again }
        feedAgain.viewDidLoad()
        let refreshed = await eventually { !again.messages.isEmpty }
        XCTAssertTrue(refreshed)
        XCTAssertTrue(again.tweets.allSatisfy { $0.avatar == .hidden })
        XCTAssertEqual(server.requests.filter { $0.path.hasPrefix("/avatars/") }.count, 0)
        await restarted.shutDown()
    }
}
