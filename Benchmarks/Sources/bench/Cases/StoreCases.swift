import CBenchSQLite
import Foundation
import FeedData
import Storage

/// Case 5: TweetStore's bulk save against raw sqlite3 inserts in one transaction, and the first
/// page of 50 from a large cache on a fresh open against the same query through the C API.
struct StoreCases {
    let settings: Settings

    func run(into report: inout Report) async throws {
        let tweets = Self.tweets(count: settings.bulkTweets, firstID: 1_000_000_000_000_000_000)
        let (saveOurs, savePeer) = try await alternating(rounds: settings.repetitions * 2) { round in
            let folder = try settings.folder("store-save-\(round)")
            return try await Self.saveWithStore(tweets, at: folder.appendingPathComponent("ours.sqlite")) * 1000
        } peer: { round in
            let folder = try settings.folder("store-save-\(round)")
            defer { try? FileManager.default.removeItem(at: folder) }
            return try Self.saveRaw(tweets, at: folder.appendingPathComponent("raw.sqlite")) * 1000
        }
        progress("case 5 save \(tweets.count): TweetStore \(Format.number(saveOurs.median)) ms, raw sqlite3 \(Format.number(savePeer.median)) ms")
        report.rows.append(Row(
            5, "save \(Format.grouped(tweets.count)) tweets in one transaction, ms", ours: saveOurs, peer: "sqlite3 C API", savePeer,
            target: .ratioAtMost(2),
            note: "Save: `TweetStore.save` (capacity raised to 1,000,000 so all \(Format.grouped(tweets.count)) stay, \(Self.userCount) authors) into a new file, against the same upserts as prepared statements between BEGIN and COMMIT on a raw connection with the same settings (WAL, synchronous=NORMAL). Opening and creating the schema are not timed on either side."))

        let folder = try settings.folder("store-cold")
        let file = folder.appendingPathComponent("big.sqlite")
        let fillTime = try await seconds { try await Self.fill(file, rows: settings.cacheRows) }
        progress("case 5 built a \(Format.grouped(settings.cacheRows))-tweet cache in \(Format.number(fillTime)) s")
        // Our pool closes (and checkpoints) a moment after its last user lets go: a pause after
        // each side lets it, so the peer neither waits on that lock nor shares the disk with it.
        let (pageOurs, pagePeer) = try await alternating(rounds: settings.repetitions * 3) { _ in
            let elapsed = try await Self.firstPageWithStore(file)
            try await Task.sleep(for: .milliseconds(300))
            return elapsed * 1000
        } peer: { _ in
            let elapsed = try Self.firstPageRaw(file)
            try await Task.sleep(for: .milliseconds(300))
            return elapsed * 1000
        }
        progress("case 5 first page: ours \(Format.number(pageOurs.median)) ms, raw \(Format.number(pagePeer.median)) ms")
        report.rows.append(Row(
            5, "open + first 50 of \(Format.grouped(settings.cacheRows)) tweets, ms", ours: pageOurs, peer: "sqlite3 C API", pagePeer,
            target: .below(10),
            note: "First page: `FeedDatabase.open` (its integrity and schema checks included) + `TweetStore.latest(limit: 50)` against sqlite3_open_v2 + the same SELECT … JOIN … ORDER BY id DESC LIMIT 50, each a new connection per run. The file stays in the OS page cache (dropping it needs privileges the run does not have), so 'cold' means a new process-side connection, not a cold disk."))
    }

    static let userCount = 100

    static func tweets(count: Int, firstID: Int64) -> [Tweet] {
        let users = (0..<userCount).map { index in
            TwitterUser(
                id: 10_000 + Int64(index), name: "User \(index)", screenName: "user\(index)",
                avatarURL: "http://127.0.0.1/avatars/user\(index).png")
        }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<count).map { index in
            Tweet(
                id: firstID + Int64(index),
                text: "Tweet \(index): a cached tweet of typical length, with a link https://t.co/\(index) and #swift.",
                createdAt: start.addingTimeInterval(Double(index)), author: users[index % userCount])
        }
    }

    static func saveWithStore(_ tweets: [Tweet], at file: URL) async throws -> Double {
        let database = try await FeedDatabase.open(at: file)
        let store = TweetStore(database: database, capacity: 1_000_000)
        var summary: TweetSaveSummary?
        let elapsed = try await seconds { summary = try await store.save(tweets) }
        guard summary?.inserted == tweets.count else { throw ChildError("TweetStore inserted \(String(describing: summary))") }
        return elapsed
    }

    /// The tables TweetStore's first migration creates (the peer writes the same shape).
    static let schema = """
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = NORMAL;
        CREATE TABLE user (id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, screenName TEXT NOT NULL, avatarURL TEXT);
        CREATE TABLE tweet (id INTEGER PRIMARY KEY NOT NULL, text TEXT NOT NULL, createdAt REAL NOT NULL,
            authorID INTEGER NOT NULL REFERENCES user(id));
        CREATE INDEX tweet_authorID ON tweet(authorID);
        """

    static func saveRaw(_ tweets: [Tweet], at file: URL) throws -> Double {
        let db = try RawDatabase(file.path)
        try db.execute(schema)
        let upsertUser = try db.prepare("""
            INSERT INTO user (id, name, screenName, avatarURL) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, screenName = excluded.screenName, avatarURL = excluded.avatarURL
            """)
        let upsertTweet = try db.prepare("""
            INSERT INTO tweet (id, text, createdAt, authorID) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET text = excluded.text, createdAt = excluded.createdAt, authorID = excluded.authorID
            """)
        defer { sqlite3_finalize(upsertUser); sqlite3_finalize(upsertTweet) }
        let elapsed = try seconds {
            try db.execute("BEGIN")
            for tweet in tweets {
                let author = tweet.author
                sqlite3_bind_int64(upsertUser, 1, author.id)
                cbenchsqlite_bind_text(upsertUser, 2, author.name)
                cbenchsqlite_bind_text(upsertUser, 3, author.screenName)
                if let avatar = author.avatarURL { cbenchsqlite_bind_text(upsertUser, 4, avatar) } else { sqlite3_bind_null(upsertUser, 4) }
                try db.stepDone(upsertUser)
                sqlite3_bind_int64(upsertTweet, 1, tweet.id)
                cbenchsqlite_bind_text(upsertTweet, 2, tweet.text)
                sqlite3_bind_double(upsertTweet, 3, tweet.createdAt.timeIntervalSince1970)
                sqlite3_bind_int64(upsertTweet, 4, author.id)
                try db.stepDone(upsertTweet)
            }
            try db.execute("COMMIT")
        }
        guard try db.count("SELECT COUNT(*) FROM tweet") == tweets.count else { throw ChildError("raw insert lost tweets") }
        return elapsed
    }

    /// Builds the big cache through TweetStore, 10,000 tweets a save.
    static func fill(_ file: URL, rows: Int) async throws {
        try? FileManager.default.removeItem(at: file)
        let database = try await FeedDatabase.open(at: file)
        let store = TweetStore(database: database, capacity: 1_000_000)
        var next: Int64 = 1_100_000_000_000_000_000
        var left = rows
        while left > 0 {
            let chunk = tweets(count: min(10_000, left), firstID: next)
            _ = try await store.save(chunk)
            next += Int64(chunk.count)
            left -= chunk.count
        }
        guard try await store.count() == rows else { throw ChildError("the big cache holds the wrong count") }
    }

    static func firstPageWithStore(_ file: URL) async throws -> Double {
        var page: [Tweet] = []
        let elapsed = try await seconds {
            let database = try await FeedDatabase.open(at: file)
            page = try await TweetStore(database: database, capacity: 1_000_000).latest(limit: 50)
        }
        guard page.count == 50 else { throw ChildError("the first page held \(page.count) tweets") }
        return elapsed
    }

    static func firstPageRaw(_ file: URL) throws -> Double {
        var rows = 0
        let elapsed = try seconds {
            let db = try RawDatabase(file.path)
            let query = try db.prepare("""
                SELECT tweet.id, tweet.text, tweet.createdAt, user.id, user.name, user.screenName, user.avatarURL
                FROM tweet JOIN user ON user.id = tweet.authorID ORDER BY tweet.id DESC LIMIT 50
                """)
            defer { sqlite3_finalize(query) }
            var texts: [String] = []
            while sqlite3_step(query) == SQLITE_ROW {
                _ = sqlite3_column_int64(query, 0)
                texts.append(String(cString: sqlite3_column_text(query, 1)))
                _ = sqlite3_column_double(query, 2)
                _ = sqlite3_column_int64(query, 3)
                texts.append(String(cString: sqlite3_column_text(query, 4)))
                texts.append(String(cString: sqlite3_column_text(query, 5)))
                if let avatar = sqlite3_column_text(query, 6) { texts.append(String(cString: avatar)) }
                rows += 1
            }
        }
        guard rows == 50 else { throw ChildError("the raw first page held \(rows) rows") }
        return elapsed
    }
}

/// The thinnest wrapper over a sqlite3 connection the peer needs.
final class RawDatabase {
    private let handle: OpaquePointer

    init(_ path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            throw ChildError("sqlite3_open_v2 \(path): \(code)")
        }
        // Wait for a lock as GRDB is configured to (busyMode .timeout(5)), instead of failing.
        sqlite3_busy_timeout(handle, 5000)
        self.handle = handle
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw ChildError("sqlite3: \(message.map { String(cString: $0) } ?? "error")")
        }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ChildError("sqlite3 prepare: \(String(cString: sqlite3_errmsg(handle)))")
        }
        return statement
    }

    func stepDone(_ statement: OpaquePointer) throws {
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw ChildError("sqlite3 step: \(String(cString: sqlite3_errmsg(handle)))")
        }
        sqlite3_reset(statement)
    }

    func count(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw ChildError("sqlite3: no row") }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
