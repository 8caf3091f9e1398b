import ContractsCore
import Clocks
import FeedData
import FeedScreen
import Foundation
import Messages
import MockServer
import Networking

/// A feed module the suite is driving, on a `TestClock`.
@MainActor
final class FeedRun {
    let view = FeedSpyView()
    let clock = TestClock<Duration>()
    let server: MockServer
    private(set) var output: (any FeedViewOutput)?

    init(server: MockServer) { self.server = server }

    func start(
        _ subject: FeedRulesSubject, database: URL, showsAvatars: Bool = false, extra: [URLQueryItem] = []
    ) async -> String? {
        let setup = FeedRulesSetup(
            serverBaseURL: server.baseURL, query: "*", token: server.token, extraQueryItems: extra, databaseURL: database,
            clock: clock, showsAvatars: showsAvatars,
            timeouts: RequestTimeouts(connect: .seconds(2), stall: .seconds(5), total: .seconds(8)), language: .en)
        do {
            output = try await subject.makeFeed(view, setup)
        } catch {
            return "the feed module could not be built: \(error)"
        }
        output?.viewDidLoad()
        return nil
    }

    /// Starts the module and waits for the refresh at start: one tweet request answered and
    /// tweets on screen. `nil`, or what went wrong.
    func startAndRefresh(
        _ subject: FeedRulesSubject, database: URL, showsAvatars: Bool = false, extra: [URLQueryItem] = []
    ) async -> String? {
        if let problem = await start(subject, database: database, showsAvatars: showsAvatars, extra: extra) { return problem }
        return await waitOnMain(within: .seconds(5), { self.tweetRequests.count == 1 && !self.view.tweets.isEmpty })
            ? nil : "no refresh at start: \(tweetRequests.count) tweet requests and \(view.tweets.count) tweets shown after 5 s"
    }

    func close() {
        output?.viewWillClose()
        output = nil
    }

    /// Advances the clock one second at a time, letting the module react after each.
    func advance(seconds: Int) async {
        for _ in 0..<seconds {
            await clock.advance(by: .seconds(1))
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Tweet requests the server has answered.
    var tweetRequests: [RecordLike] {
        server.requests.filter { $0.path.hasPrefix("/1.1/") || $0.path.hasPrefix("/2/") }.map(RecordLike.init)
    }

    /// Avatar requests the server has answered.
    var avatarRequests: [String] { server.requests.map(\.path).filter { $0.hasPrefix("/avatars/") } }
}

/// The parts of a journal record the rules read.
struct RecordLike {
    let started: Int
    let ms: Int
    init(_ record: RequestRecord) {
        started = record.started
        ms = record.ms
    }
}

/// Runs `body` with a new database path in a temporary folder, on the main actor.
func withFeedDatabase(_ body: @MainActor @escaping (URL) async -> String?) async -> String? {
    await withTemporaryFolder { folder in await body(folder.appendingPathComponent("feed.sqlite")) }
}

/// The set-up most feed rules share: a module of `subject` on a new database, started (and, when
/// `refreshed`, past its refresh at start), then `body` on the main actor; the module is closed
/// afterwards. `nil`, or what went wrong.
func withFeedRun(
    _ subject: FeedRulesSubject, _ server: MockServer, refreshed: Bool = true, showsAvatars: Bool = false,
    extra: [URLQueryItem] = [], _ body: @MainActor @escaping (FeedRun) async -> String?
) async -> String? {
    await withFeedDatabase { database in
        let run = FeedRun(server: server)
        defer { run.close() }
        let problem =
            refreshed
            ? await run.startAndRefresh(subject, database: database, showsAvatars: showsAvatars, extra: extra)
            : await run.start(subject, database: database, showsAvatars: showsAvatars, extra: extra)
        if let problem { return problem }
        return await body(run)
    }
}

/// The countdown text for `seconds`, in English.
func countdownText(_ seconds: Int) -> String { UserMessage.nextUpdateIn(seconds: seconds).text(in: .en) }
