import ContractsCore
public import FeedScreen
public import Foundation
public import Messages
public import Networking

/// A feed module under test: a name and a factory that builds it around the suite's spy view.
public struct FeedRulesSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Builds the module showing into `view`, as `setup` says (the database at
    /// `setup.databaseURL` may already hold tweets from an earlier run: a restart). The suite
    /// keeps the returned object alive and sends it the view's events.
    public let makeFeed: @MainActor @Sendable (_ view: any FeedView, _ setup: FeedRulesSetup) async throws -> any FeedViewOutput

    /// Creates a subject.
    public init(
        name: String,
        makeFeed: @escaping @MainActor @Sendable (_ view: any FeedView, _ setup: FeedRulesSetup) async throws -> any FeedViewOutput
    ) {
        self.name = name
        self.makeFeed = makeFeed
    }
}

/// What the feed under test is to use.
public struct FeedRulesSetup: Sendable {
    /// The server's root; the feed reads v1.1 `search/tweets` with ``query``.
    public let serverBaseURL: URL
    /// The search query: `*`, every tweet.
    public let query: String
    /// The bearer token.
    public let token: String
    /// Query items to add to every tweet request (the suite's fault switches, such as `delay=1500`).
    public let extraQueryItems: [URLQueryItem]
    /// The database file (cache, avatars, settings).
    public let databaseURL: URL
    /// The clock of the refresh interval and the countdown: a `TestClock` the suite advances.
    public let clock: any Clock<Duration>
    /// The "show avatars" setting to save before the module starts.
    public let showsAvatars: Bool
    /// Request deadlines: connect 2 s, stall 5 s, total 8 s (a held request must not time out).
    public let timeouts: RequestTimeouts
    /// The language of the texts: English (the suite compares exact strings).
    public let language: Language

    /// Creates a setup.
    public init(
        serverBaseURL: URL, query: String, token: String, extraQueryItems: [URLQueryItem], databaseURL: URL,
        clock: any Clock<Duration>, showsAvatars: Bool, timeouts: RequestTimeouts, language: Language
    ) {
        self.serverBaseURL = serverBaseURL
        self.query = query
        self.token = token
        self.extraQueryItems = extraQueryItems
        self.databaseURL = databaseURL
        self.clock = clock
        self.showsAvatars = showsAvatars
        self.timeouts = timeouts
        self.language = language
    }
}
