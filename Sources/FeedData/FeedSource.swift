
/// Where the feed's tweets come from: one page per call, newest first.
///
/// ``TwitterClient`` is the implementation; the `Contracts` module's FeedSource suite checks
/// any other. Errors are always a ``FeedSourceError``; the token a source holds never appears
/// in one, nor in a log line.
public protocol FeedSource: Sendable {
    /// The newest page of tweets; with `sinceID`, only tweets newer than it (Twitter's
    /// `since_id`, what a refresh asks for).
    func fetchPage(sinceID: Int64?) async throws(FeedSourceError) -> TwitterPage
}

/// One page of tweets, newest first, each with its author.
public struct TwitterPage: Hashable, Sendable {
    /// The tweets, newest first.
    public let tweets: [Tweet]

    /// Creates a page; `tweets` are put newest first.
    public init(tweets: [Tweet]) {
        self.tweets = tweets.sorted { $0.id > $1.id }
    }

    /// The id of the newest tweet, the `since_id` of the next refresh.
    public var newestID: Int64? { tweets.first?.id }
}
