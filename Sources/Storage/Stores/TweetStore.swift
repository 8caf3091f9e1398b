public import FeedData
import Foundation
import GRDB

/// The feed's tweet cache in SQLite (``FeedDatabase``): tweets and their users, unique by id,
/// newest first, at most ``capacity`` tweets.
///
/// A save is one transaction: upsert each author once (the page's last description of a user
/// wins; a user the answer did not describe never overwrites a known one), upsert the tweets
/// (up to 200 rows per statement), drop the oldest tweets beyond the capacity, then
/// the users no kept tweet refers to and their avatars. A process killed in the middle leaves
/// the previous state, whole.
public final class TweetStore: TweetCaching {
    /// The default capacity: 1,000 tweets.
    public static let defaultCapacity = 1_000

    /// Most tweets kept.
    public let capacity: Int
    private let database: FeedDatabase

    /// A store on `database` keeping at most `capacity` tweets (at least 1).
    public init(database: FeedDatabase, capacity: Int = TweetStore.defaultCapacity) {
        self.database = database
        self.capacity = max(1, capacity)
    }

    @discardableResult
    public func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary {
        let capacity = capacity
        do {
            return try await database.pool.write { db in try Self.save(tweets, capacity: capacity, in: db) }
        } catch {
            database.logger.error("saving tweets failed", metadata: ["count": "\(tweets.count)", "error": "\(error)"])
            throw StorageError(.writeFailed, "saving \(tweets.count) tweets to \(database.url.path) failed", cause: error)
        }
    }

    public func latest(limit: Int) async throws(StorageError) -> [Tweet] {
        guard limit >= 0 else { throw StorageError(.invalidArgument, "latest(limit:) needs a limit ≥ 0, got \(limit)") }
        do {
            return try await database.pool.read { db in try TweetRow.newest(limit: limit, in: db) }
        } catch {
            throw StorageError(.readFailed, "reading tweets from \(database.url.path) failed", cause: error)
        }
    }

    public func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        let limit = max(0, limit)
        let observation = ValueObservation.tracking { db in try TweetRow.newest(limit: limit, in: db) }.removeDuplicates()
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let queue = DispatchQueue(label: "testbed.feed.observation")
        let cancellable = observation.start(
            in: database.pool, scheduling: .async(onQueue: queue),
            onError: { error in
                continuation.finish(throwing: StorageError(.readFailed, "observing tweets failed", cause: error))
            },
            onChange: { tweets in continuation.yield(tweets) })
        continuation.onTermination = { _ in cancellable.cancel() }
        return stream
    }

    /// How many tweets are cached.
    public func count() async throws(StorageError) -> Int {
        do {
            return try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tweet") ?? 0 }
        } catch {
            throw StorageError(.readFailed, "counting tweets in \(database.url.path) failed", cause: error)
        }
    }

    // MARK: - SQL

    private static func save(_ tweets: [Tweet], capacity: Int, in db: Database) throws -> TweetSaveSummary {
        let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tweet") ?? 0
        // Each author once: a known author's last description in the page wins (what upserting
        // per tweet left), then the unknown ones, which never overwrite a row already there.
        var known: [Int64: TwitterUser] = [:]
        var knownOrder: [Int64] = []
        var unknownOrder: [Int64] = []
        var unknownSeen = Set<Int64>()
        for tweet in tweets {
            let author = tweet.author
            if author.isKnown {
                if known.updateValue(author, forKey: author.id) == nil { knownOrder.append(author.id) }
            } else if unknownSeen.insert(author.id).inserted {
                unknownOrder.append(author.id)
            }
        }
        if !knownOrder.isEmpty {
            let upsertUser = try db.cachedStatement(sql: """
                INSERT INTO user (id, name, screenName, avatarURL) VALUES (?, CAST(? AS TEXT), CAST(? AS TEXT), ?)
                ON CONFLICT(id) DO UPDATE SET name = excluded.name, screenName = excluded.screenName,
                    avatarURL = excluded.avatarURL
                """)
            for id in knownOrder {
                guard let author = known[id] else { continue }
                try upsertUser.execute(arguments: [
                    author.id, exactText(author.name), exactText(author.screenName), author.avatarURL,
                ])
            }
        }
        let unknownOnly = unknownOrder.filter { known[$0] == nil }
        if !unknownOnly.isEmpty {
            let insertUnknownUser = try db.cachedStatement(
                sql: "INSERT INTO user (id, name, screenName, avatarURL) VALUES (?, '', '', NULL) ON CONFLICT(id) DO NOTHING")
            for id in unknownOnly { try insertUnknownUser.execute(arguments: [id]) }
        }
        try upsertTweets(tweets, in: db)
        let afterSave = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tweet") ?? 0
        var dropped = 0
        if afterSave > capacity {
            try db.execute(
                sql: "DELETE FROM tweet WHERE id < (SELECT id FROM tweet ORDER BY id DESC LIMIT 1 OFFSET ?)",
                arguments: [capacity - 1])
            dropped = db.changesCount
            try db.execute(sql: """
                CREATE TEMP TABLE IF NOT EXISTS droppedAvatar (url TEXT PRIMARY KEY);
                DELETE FROM droppedAvatar;
                INSERT OR IGNORE INTO droppedAvatar
                    SELECT avatarURL FROM user
                    WHERE avatarURL IS NOT NULL AND id NOT IN (SELECT authorID FROM tweet);
                DELETE FROM user WHERE id NOT IN (SELECT authorID FROM tweet);
                DELETE FROM avatar WHERE url IN (SELECT url FROM droppedAvatar)
                    AND url NOT IN (SELECT avatarURL FROM user WHERE avatarURL IS NOT NULL);
                DELETE FROM droppedAvatar;
                """)
        }
        return TweetSaveSummary(inserted: afterSave - before, dropped: dropped)
    }

    /// Tweets per multi-row upsert: 4 values each, far below SQLite's 32,766 variables.
    static let tweetsPerStatement = 200

    /// Upserts the tweets in multi-row statements (rows apply in order, so of two rows with
    /// the same id the later wins, as with one statement per tweet).
    private static func upsertTweets(_ tweets: [Tweet], in db: Database) throws {
        var start = 0
        while start < tweets.count {
            let end = min(start + tweetsPerStatement, tweets.count)
            let sql = """
                INSERT INTO tweet (id, text, createdAt, authorID) VALUES \(
                    Array(repeating: "(?, CAST(? AS TEXT), ?, ?)", count: end - start).joined(separator: ", "))
                ON CONFLICT(id) DO UPDATE SET text = excluded.text, createdAt = excluded.createdAt,
                    authorID = excluded.authorID
                """
            // Full batches reuse one cached statement; the last, shorter one is prepared once.
            let statement = end - start == tweetsPerStatement
                ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
            var values: [(any DatabaseValueConvertible)?] = []
            values.reserveCapacity((end - start) * 4)
            for tweet in tweets[start..<end] {
                values.append(tweet.id)
                values.append(exactText(tweet.text))
                values.append(tweet.createdAt.timeIntervalSince1970)
                values.append(tweet.author.id)
            }
            try statement.execute(arguments: StatementArguments(values))
            start = end
        }
    }

    /// `text` (a tweet's text, a user's names) as a value that keeps every character when bound
    /// with `CAST(? AS TEXT)`.
    ///
    /// GRDB binds a `String` as a C string (`sqlite3_bind_text` with length -1) and reads one
    /// with `String(cString:)`, so a NUL inside a tweet (`"a\0b"`) would be stored and read back
    /// cut at the NUL. Its UTF-8 bytes as a blob carry their length; SQLite's `CAST` stores them
    /// as the same TEXT, NUL included (``TweetRow`` reads it back the same way). An empty text
    /// stays a string: an empty blob binds as NULL.
    static func exactText(_ text: String) -> any DatabaseValueConvertible {
        text.isEmpty ? text : Data(text.utf8)
    }
}
