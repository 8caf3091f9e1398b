public import FeedData
/// A cache of tweets with their authors, newest first, bounded.
///
/// ``TweetStore`` is the implementation; the `Contracts` module's TweetStore suite checks any
/// other. The rules: a saved page is kept whole or not at all (one transaction), tweets are
/// unique by id, reads come newest first (larger id first), at most a fixed number of tweets
/// (1,000 by default) are kept — the oldest go first, with users no kept tweet refers to.
public protocol TweetCaching: Sendable {
    /// Saves `tweets` with their authors in one transaction: a tweet already cached is updated,
    /// not duplicated; then the oldest tweets beyond the capacity are dropped.
    @discardableResult
    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary
    /// The newest `limit` tweets, newest first.
    func latest(limit: Int) async throws(StorageError) -> [Tweet]
    /// The newest `limit` tweets now, and again after every change that lands.
    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error>
}

/// What one ``TweetCaching/save(_:)`` did.
public struct TweetSaveSummary: Hashable, Sendable {
    /// Tweets that were not cached before (the rest were updates or dropped at once).
    public let inserted: Int
    /// Tweets dropped because the cache was over its capacity (oldest first).
    public let dropped: Int

    /// Creates a summary.
    public init(inserted: Int, dropped: Int) {
        self.inserted = inserted
        self.dropped = dropped
    }
}
