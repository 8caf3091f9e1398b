import Foundation

/// A generated tweet timeline that is a pure function of server time.
///
/// Tweet number `k` (0 is the oldest) is created at `epoch + (k - (initialCount - 1)) × interval`:
/// at `epoch` the first `initialCount` tweets exist, the newest created exactly at `epoch`, and
/// afterwards one more appears every `interval` seconds. Its id, author and text depend on `k`
/// alone, so two timelines with the same parameters agree on everything, and the same tweet keeps
/// its id as time goes on. Ids are snowflake-sized (above 2^53) and strictly increase with `k`.
struct TweetTimeline: Sendable {
    /// The server time at which exactly ``initialCount`` tweets exist.
    let epoch: Date
    /// How many tweets exist at ``epoch``.
    let initialCount: Int
    /// Seconds of server time between two consecutive tweets.
    let interval: TimeInterval

    /// The id of tweet number 0 minus its jitter; ids step by 4,096 per tweet from here.
    static let baseID: UInt64 = 1_460_000_000_000_000_000

    /// The highest tweet number the timeline ever reaches, which keeps the arithmetic in range
    /// for absurd dates (2^40 tweets at 20 s apart is about 700,000 years).
    static let maxIndex = 1 << 40

    /// Creates a timeline with `initialCount` tweets at `epoch` and one more every `interval`.
    ///
    /// - Precondition: `initialCount >= 0` and `interval > 0`.
    init(epoch: Date, initialCount: Int = 40, interval: TimeInterval = 20) {
        precondition(initialCount >= 0, "initialCount must not be negative")
        precondition(interval > 0 && interval.isFinite, "interval must be positive")
        self.epoch = epoch
        self.initialCount = initialCount
        self.interval = interval
    }

    // MARK: - Single tweets

    /// The id of tweet number `index`: `baseID + index × 4096 + odd jitter below 4096`.
    ///
    /// The jitter is odd, so no id is a multiple of the 256 that separates neighbouring `Double`s
    /// at this magnitude: a client that parses the numeric `id` as a `Double` always gets it wrong.
    static func id(ofTweet index: Int) -> UInt64 {
        let k = UInt64(index)
        return baseID + k * 4096 + (TweetTimeline.mix(k, salt: 0x1D) % 2048) * 2 + 1
    }

    /// The creation date of tweet number `index` (which may lie in the future).
    func createdAt(ofTweet index: Int) -> Date {
        epoch.addingTimeInterval(Double(index - (initialCount - 1)) * interval)
    }

    /// Tweet number `index`, whether or not it exists yet at any given time.
    func tweet(index: Int) -> TimelineTweet {
        let author = TweetTimeline.authorIndex(ofTweet: index)
        return TimelineTweet(
            id: TweetTimeline.id(ofTweet: index),
            text: TweetTimeline.text(ofTweet: index, authorIndex: author),
            createdAt: createdAt(ofTweet: index),
            user: TweetTimeline.users[author])
    }

    // MARK: - Queries

    /// How many tweets exist at `now`: those created at or before it.
    func count(at now: Date) -> Int {
        let steps = (now.timeIntervalSince(epoch) / interval).rounded(.down)
        guard steps.isFinite else { return steps > 0 ? TweetTimeline.maxIndex : 0 }
        let limit = Double(TweetTimeline.maxIndex)
        var count = initialCount + Int(max(-limit, min(limit, steps)))
        count = max(0, min(TweetTimeline.maxIndex, count))
        // Division rounds; the creation dates decide, so `epoch + interval` itself counts.
        while count > 0 && createdAt(ofTweet: count - 1) > now { count -= 1 }
        while count < TweetTimeline.maxIndex && createdAt(ofTweet: count) <= now { count += 1 }
        return count
    }

    /// Every tweet that exists at `now`, newest first.
    func tweets(at now: Date) -> [TimelineTweet] {
        let count = count(at: now)
        return (0..<count).reversed().map { tweet(index: $0) }
    }

    /// Tweets existing at `now` that match `query`, newest first, at most `count` of them.
    ///
    /// Each whitespace-separated term of `query` must occur, ignoring case, in the text or in the
    /// author's `@screen_name`; an empty query or `*` matches everything. Only tweets with
    /// `id > sinceID` and `id <= maxID` are returned (either bound may be absent).
    func search(
        query: String, count: Int, sinceID: UInt64?, maxID: UInt64?, at now: Date
    ) -> [TimelineTweet] {
        let terms = TweetTimeline.searchTerms(query)
        return collect(count: count, sinceID: sinceID, maxID: maxID, at: now, where: { _ in true }) {
            tweet in
            let text = tweet.text.lowercased()
            let handle = "@" + tweet.user.screenName
            return terms.allSatisfy { text.contains($0) || handle.contains($0) }
        }
    }

    /// The tweets of the user called `screenName` (ignoring case and a leading `@`) existing at
    /// `now`, newest first, at most `count`, with `id > sinceID` and `id <= maxID`.
    ///
    /// - Returns: `nil` when no generated user has that screen name.
    func userTimeline(
        screenName: String, count: Int, sinceID: UInt64?, maxID: UInt64?, at now: Date
    ) -> [TimelineTweet]? {
        guard let user = TweetTimeline.user(screenName: screenName),
            let author = TweetTimeline.users.firstIndex(of: user)
        else { return nil }
        return collect(
            count: count, sinceID: sinceID, maxID: maxID, at: now,
            where: { TweetTimeline.authorIndex(ofTweet: $0) == author }, matching: { _ in true })
    }

    /// Walks the existing tweets from the newest within `maxID` down to `sinceID`, keeping at most
    /// `count` that pass the cheap index test `indexFilter` and then `matching`.
    private func collect(
        count: Int, sinceID: UInt64?, maxID: UInt64?, at now: Date,
        where indexFilter: (Int) -> Bool, matching: (TimelineTweet) -> Bool
    ) -> [TimelineTweet] {
        guard count > 0 else { return [] }
        var index = self.count(at: now) - 1
        if let maxID { index = min(index, TweetTimeline.lastIndex(withIDAtMost: maxID)) }
        var result: [TimelineTweet] = []
        while index >= 0 && result.count < count {
            if let sinceID, TweetTimeline.id(ofTweet: index) <= sinceID { break }
            if indexFilter(index) {
                let tweet = tweet(index: index)
                if matching(tweet) { result.append(tweet) }
            }
            index -= 1
        }
        return result
    }

    /// The highest tweet number whose id is at most `maxID`, or -1 when there is none.
    static func lastIndex(withIDAtMost maxID: UInt64) -> Int {
        guard maxID >= id(ofTweet: 0) else { return -1 }
        let guess = Int(min(UInt64(maxIndex), (maxID - baseID) / 4096))
        // Ids of tweet k lie in baseID + k×4096 + 1 ..< baseID + (k+1)×4096.
        return id(ofTweet: guess) <= maxID ? guess : guess - 1
    }

    /// The lowercased terms of a search query; a lone `*` is no term, so an empty, blank or `*`
    /// query has none and matches everything.
    static func searchTerms(_ query: String) -> [String] {
        query.split(whereSeparator: { $0.isWhitespace }).map { $0.lowercased() }.filter { $0 != "*" }
    }
}
