public import Foundation
import GRDB
public import Logging

extension FeedDatabase {
    /// Opens an existing database at `url` for reading only: what a feed whose cache cannot be
    /// written (a read-only file system, a file it may not write) can still show.
    ///
    /// Nothing is created, moved, migrated or written; the file must hold this build's whole
    /// schema. SQLite reads a WAL database read-only only when its `-shm` file exists or can be
    /// created; on a read-only file system (or in a folder nobody may write) neither holds. Then,
    /// when there is no `-wal` file with content (so no connection has changes beyond the main
    /// file), the file is opened `immutable=1`: SQLite reads the main file as it is, without
    /// locks or the `-shm`. Every write through the stores fails with a ``StorageError``.
    ///
    /// - Throws: ``StorageError/Kind-swift.enum/cannotOpen`` when the file is missing, is not a
    ///   database, or holds another schema.
    public static func openReadOnly(
        at url: URL, logger: Logger = Logger(label: "testbed.storage")
    ) async throws(StorageError) -> FeedDatabase {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StorageError(.cannotOpen, "cannot open the feed cache at \(url.path) read-only: there is no such file")
        }
        let pool: DatabasePool
        switch readOnlyPool(path: url.path) {
        case .success(let opened): pool = opened
        case .failure(let error):
            guard checkedSize(of: URL(fileURLWithPath: url.path + "-wal")) == 0 else {
                throw StorageError(.cannotOpen, "cannot open the feed cache at \(url.path) read-only", cause: error)
            }
            switch readOnlyPool(path: immutableURI(url)) {
            case .success(let opened): pool = opened
            case .failure(let error):
                throw StorageError(.cannotOpen, "cannot open the feed cache at \(url.path) read-only", cause: error)
            }
        }
        return FeedDatabase(url: url, recovery: nil, pool: pool, logger: logger, checkInBackground: false, isReadOnly: true)
    }

    /// A read-only pool on `path` (a file path or an SQLite URI) whose schema is this build's
    /// and whose first-screen pages read.
    private static func readOnlyPool(path: String) -> Result<DatabasePool, any Error> {
        var configuration = makeConfiguration(nil)
        configuration.readonly = true
        var opened: DatabasePool?
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            opened = pool
            try pool.read { db in
                let migrator = Schema.migrator
                guard try migrator.hasCompletedMigrations(db), try !migrator.hasBeenSuperseded(db) else {
                    throw StorageError(.cannotOpen, "the schema is not this build's")
                }
                try probe(db)
            }
            return .success(pool)
        } catch {
            try? opened?.close()
            return .failure(error)
        }
    }

    /// The avatar bytes stored for `url`, or `nil`, without marking the entry as used (which
    /// ``AvatarStore/avatar(for:)`` does, and a read-only database cannot).
    public func storedAvatar(for url: String) async throws(StorageError) -> Data? {
        do {
            return try await pool.read { db in
                try Data.fetchOne(db, sql: "SELECT data FROM avatar WHERE url = ?", arguments: [url])
            }
        } catch {
            throw StorageError(.readFailed, "reading an avatar from \(self.url.path) failed", cause: error)
        }
    }

    /// `file:PATH?immutable=1`, the path percent-encoded (SQLite reads URI file names: Debian's
    /// build has `SQLITE_USE_URI`).
    static func immutableURI(_ url: URL) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let path = url.path.addingPercentEncoding(withAllowedCharacters: allowed) ?? url.path
        return "file:\(path)?immutable=1"
    }
}
