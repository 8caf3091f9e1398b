import ContractsCore
public import FeedData
public import Foundation
public import Logging
public import Networking

/// A ``FeedSource`` under test: a name for reports and a factory the suite calls once per
/// check with the server, format and credentials to use.
public struct FeedSourceSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Builds a source as `setup` describes.
    public let makeSource: @Sendable (_ setup: FeedSourceSetup) throws -> any FeedSource

    /// Creates a subject.
    public init(name: String, makeSource: @escaping @Sendable (_ setup: FeedSourceSetup) throws -> any FeedSource) {
        self.name = name
        self.makeSource = makeSource
    }
}

/// What a source under test is to talk to, and how.
public struct FeedSourceSetup: Sendable {
    /// The server's root, e.g. `http://127.0.0.1:PORT`; endpoints are Twitter's paths below it.
    public let baseURL: URL
    /// Which API the source reads.
    public let format: TwitterFormat
    /// The search query (`q` in v1.1, `query` in v2) for the search formats.
    public let query: String
    /// The account for ``TwitterFormat/v11UserTimeline``.
    public let screenName: String
    /// The bearer token to send. It must appear in no error description and no log line.
    public let token: String
    /// Query items to add to every request (the suite's fault switches, such as `status=429`).
    public let extraQueryItems: [URLQueryItem]
    /// Where the source must log: the suite reads every line at `.trace` level.
    public let logger: Logger
    /// Deadlines to use.
    public let timeouts: RequestTimeouts

    /// Creates a setup.
    public init(
        baseURL: URL, format: TwitterFormat, query: String, screenName: String, token: String,
        extraQueryItems: [URLQueryItem], logger: Logger, timeouts: RequestTimeouts
    ) {
        self.baseURL = baseURL
        self.format = format
        self.query = query
        self.screenName = screenName
        self.token = token
        self.extraQueryItems = extraQueryItems
        self.logger = logger
        self.timeouts = timeouts
    }
}
