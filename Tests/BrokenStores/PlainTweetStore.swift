import Foundation
import GRDB
import FeedData
import Storage

/// A naive tweet cache in one denormalised table, no recovery; its flaw decides whether ids
/// are unique, the order it reads in, and whether a page is saved in one transaction.
final class PlainTweetStore: TweetCaching {
    private let queue: DatabaseQueue
    private let flaw: StoreFlaw

    init(url: URL, flaw: StoreFlaw) throws {
        self.flaw = flaw
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        queue = try DatabaseQueue(path: url.path)
        try queue.inDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS tweet (
                    id INTEGER NOT NULL, text TEXT NOT NULL, createdAt REAL NOT NULL,
                    authorID INTEGER NOT NULL, name TEXT NOT NULL, screenName TEXT NOT NULL, avatarURL TEXT)
                """)
            if flaw != .noDedupe { try db.execute(sql: "CREATE UNIQUE INDEX IF NOT EXISTS tweet_id ON tweet(id)") }
        }
    }

    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary {
        do {
            if flaw == .noTransaction {
                for tweet in tweets { try await queue.write { db in try Self.insert(tweet, db) } }
                try await queue.write { db in try Self.trim(db) }
            } else {
                try await queue.write { db in
                    for tweet in tweets { try Self.insert(tweet, db) }
                    try Self.trim(db)
                }
            }
            return TweetSaveSummary(inserted: tweets.count, dropped: 0)
        } catch {
            throw StorageError(.writeFailed, "\(error)", resultCode: (error as? DatabaseError)?.extendedResultCode)
        }
    }

    func latest(limit: Int) async throws(StorageError) -> [Tweet] {
        let order = flaw == .insertionOrder ? "rowid" : "id DESC"
        do {
            return try await queue.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM tweet ORDER BY \(order) LIMIT ?", arguments: [limit]).map { row in
                    Tweet(
                        id: row["id"], text: row["text"], createdAt: Date(timeIntervalSince1970: row["createdAt"]),
                        author: TwitterUser(id: row["authorID"], name: row["name"], screenName: row["screenName"], avatarURL: row["avatarURL"]))
                }
            }
        } catch {
            throw StorageError(.readFailed, "\(error)", resultCode: (error as? DatabaseError)?.extendedResultCode)
        }
    }

    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        let observation = ValueObservation.tracking { db in try Row.fetchAll(db, sql: "SELECT id FROM tweet").count }
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let cancellable = observation.start(
            in: queue, scheduling: .async(onQueue: DispatchQueue(label: "plain.observation")),
            onError: { continuation.finish(throwing: $0) },
            onChange: { [self] _ in
                Task {
                    if let tweets = try? await self.latest(limit: limit) { continuation.yield(tweets) }
                }
            })
        continuation.onTermination = { _ in cancellable.cancel() }
        return stream
    }

    private static func insert(_ tweet: Tweet, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO tweet VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                tweet.id, tweet.text, tweet.createdAt.timeIntervalSince1970, tweet.author.id, tweet.author.name,
                tweet.author.screenName, tweet.author.avatarURL,
            ])
    }

    private static func trim(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM tweet WHERE id < (SELECT id FROM tweet ORDER BY id DESC LIMIT 1 OFFSET 999)")
    }
}
