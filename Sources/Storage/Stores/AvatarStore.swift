public import Foundation
import GRDB

/// Avatar bytes in the feed's SQLite database (``FeedDatabase``), keyed by URL, with the time
/// of the last access; at most ``sizeLimit`` bytes, least recently used out first.
///
/// Access times are kept strictly increasing (a second access in the same microsecond still
/// counts as later), so the order survives a restart exactly.
public final class AvatarStore: AvatarCaching {
    /// The default limit: 20 MB (a 73×73 avatar is a few kilobytes).
    public static let defaultSizeLimit = 20 * 1024 * 1024

    /// Most bytes of avatar data kept.
    public let sizeLimit: Int
    private let database: FeedDatabase

    /// A store on `database` keeping at most `sizeLimit` bytes.
    public init(database: FeedDatabase, sizeLimit: Int = AvatarStore.defaultSizeLimit) {
        self.database = database
        self.sizeLimit = max(0, sizeLimit)
    }

    public func avatar(for url: String) async throws(StorageError) -> Data? {
        do {
            return try await database.pool.write { db -> Data? in
                guard let data = try Data.fetchOne(db, sql: "SELECT data FROM avatar WHERE url = ?", arguments: [url])
                else { return nil }
                try db.execute(
                    sql: "UPDATE avatar SET lastAccess = ? WHERE url = ?", arguments: [try Self.nextAccess(db), url])
                return data
            }
        } catch {
            throw StorageError(.readFailed, "reading an avatar from \(database.url.path) failed", cause: error)
        }
    }

    public func store(_ data: Data, for url: String) async throws(StorageError) {
        let limit = sizeLimit
        guard data.count <= limit else {
            database.logger.info("avatar over the whole cache limit not stored", metadata: ["bytes": "\(data.count)", "limit": "\(limit)"])
            return
        }
        do {
            try await database.pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO avatar (url, data, size, lastAccess) VALUES (?, ?, ?, ?)
                        ON CONFLICT(url) DO UPDATE SET data = excluded.data, size = excluded.size,
                            lastAccess = excluded.lastAccess
                        """,
                    arguments: [url, data, data.count, try Self.nextAccess(db)])
                // Keep the most recently used entries whose sizes add up to the limit.
                try db.execute(
                    sql: """
                        DELETE FROM avatar WHERE url IN (
                            SELECT url FROM (
                                SELECT url, SUM(size) OVER (ORDER BY lastAccess DESC) AS running FROM avatar
                            ) WHERE running > ?)
                        """,
                    arguments: [limit])
            }
        } catch {
            throw StorageError(.writeFailed, "storing an avatar in \(database.url.path) failed", cause: error)
        }
    }

    public func totalSize() async throws(StorageError) -> Int {
        do {
            return try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM avatar") ?? 0 }
        } catch {
            throw StorageError(.readFailed, "reading avatar sizes from \(database.url.path) failed", cause: error)
        }
    }

    /// Now, or just after the latest access recorded, whichever is later.
    private static func nextAccess(_ db: Database) throws -> Double {
        let latest = try Double.fetchOne(db, sql: "SELECT MAX(lastAccess) FROM avatar") ?? 0
        return max(Date().timeIntervalSince1970, latest + 0.000_001)
    }
}
