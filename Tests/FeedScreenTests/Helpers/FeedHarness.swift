import Clocks
import FeedData
import FeedScreen
import Foundation
import Messages
import Storage
import TestSupport
import XCTest

/// The feed module over test doubles and a `TestClock`, with helpers that wait for what the
/// module does off the main actor.
@MainActor
final class FeedHarness {
    let clock = TestClock<Duration>()
    let store: InMemoryTweetStore
    let source: ScriptedFeedSource
    let avatars = InMemoryAvatarStore()
    let settings: InMemorySettingsStore
    let http = RecordingAvatarClient()
    let view = SpyFeedView()
    let logs = LogCapture()
    private(set) var settingsOpened = 0
    private(set) var presenter: FeedPresenter!

    /// - Parameters:
    ///   - observationGate: when given, the store's observation delivers nothing until it opens.
    ///   - storageNotice: what the module is told about its storage.
    init(
        cached: [Tweet] = [], steps: [ScriptedFeedSource.Step] = [], showsAvatars: Bool = false, observationGate: Gate? = nil,
        storageNotice: UserMessage? = nil
    ) {
        store = InMemoryTweetStore(cached)
        source = ScriptedFeedSource(clock: clock, steps)
        settings = InMemorySettingsStore(FeedSettings(showsAvatars: showsAvatars))
        let moduleStore: any TweetCaching = observationGate.map { HeldObservationStore(store, gate: $0) } ?? store
        let dependencies = FeedDependencies(
            store: moduleStore, source: source, avatars: avatars, settings: settings, avatarClient: http, clock: clock,
            language: .en, storageNotice: { storageNotice })
        presenter = FeedRouter.makeModule(view: view, dependencies: dependencies, logger: logs.logger()) { [weak self] in
            self?.settingsOpened += 1
        }
    }

    /// Lets the module go without closing it (as a screen dropped by its owner): the harness
    /// keeps no reference to it afterwards; ``presenter`` must not be read again.
    func releasePresenter() {
        presenter = nil
    }

    /// The countdown text for `seconds`, in English.
    static func countdown(_ seconds: Int) -> String { "Next update in \(seconds) s" }

    /// Waits (real time, at most 10 s) until `condition` holds, letting the test clock resume
    /// any sleep already due meanwhile; fails the test when it never does.
    func eventually(
        _ what: String = "condition", file: StaticString = #filePath, line: UInt = #line,
        _ condition: () -> Bool
    ) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition() { return }
            await clock.advance(by: .zero)
            try? await Task.sleep(for: .milliseconds(2))
        }
        XCTAssertTrue(condition(), "\(what) not met within 10 s", file: file, line: line)
    }

    /// Lets off-main work that is not waiting on the clock run for a while (real 100 ms), to
    /// show that something does NOT happen.
    func settle() async {
        for _ in 0..<20 {
            await clock.advance(by: .zero)
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Advances the clock one second at a time, waiting for each countdown tick, `seconds`
    /// times; `from` is the countdown shown before.
    func tick(_ seconds: Int, from start: Int, file: StaticString = #filePath, line: UInt = #line) async {
        for step in 1...seconds {
            await clock.advance(by: .seconds(1))
            let expected = Self.countdown(start - step)
            await eventually("countdown \(expected)", file: file, line: line) { view.countdowns.last == expected }
        }
    }

    /// Advances the clock 59 s in one jump, from a countdown at 60, waits until the countdown
    /// shows 1 s, and settles: the last moment before the next refresh is due.
    func advanceToLastSecond(file: StaticString = #filePath, line: UInt = #line) async {
        await clock.advance(by: .seconds(59))
        await eventually("countdown at 1 s", file: file, line: line) { view.countdowns.last == Self.countdown(1) }
        await settle()
    }

    /// Starts the module and waits for the first refresh to end and the countdown to show 60.
    func start(file: StaticString = #filePath, line: UInt = #line) async {
        presenter.viewDidLoad()
        await eventually("first refresh", file: file, line: line) {
            source.finished == 1 && view.countdowns.last == Self.countdown(60)
        }
    }
}

/// Tweets for tests.
enum Fixture {
    /// The avatar URL of user `user`.
    static func avatarURL(_ user: Int) -> String { "https://avatars.test/u\(user).png" }

    /// Tweet `id` by user `user` (with an avatar URL).
    static func tweet(_ id: Int64, user: Int = 1) -> Tweet {
        Tweet(
            id: id, text: "tweet \(id)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)),
            author: TwitterUser(id: Int64(user), name: "User \(user)", screenName: "user\(user)", avatarURL: avatarURL(user)))
    }

    /// The ids, newest first, of `tweets`.
    static func ids(_ tweets: [TweetViewModel]?) -> [Int64] { tweets?.map(\.id) ?? [] }
}
