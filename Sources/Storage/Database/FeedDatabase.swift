public import Foundation
import GRDB
public import Logging

/// The feed's SQLite database: one GRDB `DatabasePool` in WAL mode, migrated to the current
/// schema, shared by ``TweetStore``, ``AvatarStore`` and ``SettingsStore``.
///
/// Opening checks the file (`PRAGMA quick_check`, the schema version). A file that is not a
/// database, fails the check, or holds a schema this build cannot read is moved aside (kept,
/// renamed `NAME.unusable-DATE`) and a new empty cache is created: the cache is a cache, the
/// app keeps working. ``recovery`` says when that happened; it is also logged as a warning.
/// Problems a new file would not fix (a folder that cannot be written, a full disk) are thrown
/// as ``StorageError/Kind-swift.enum/cannotOpen``.
///
/// All SQLite work runs on GRDB's own queues: the stores' methods are `async` and may be called
/// from the main actor without blocking it.
public final class FeedDatabase: Sendable {
    /// The database file.
    public let url: URL
    /// Set when the file found at ``url`` was unusable and replaced by an empty cache.
    public let recovery: DatabaseRecovery?
    let pool: DatabasePool
    let logger: Logger

    private init(url: URL, recovery: DatabaseRecovery?, pool: DatabasePool, logger: Logger) {
        self.url = url
        self.recovery = recovery
        self.pool = pool
        self.logger = logger
    }

    /// Opens (creating it and its folder if needed) the database at `url`, recovering from an
    /// unusable file as described above.
    public static func open(
        at url: URL, logger: Logger = Logger(label: "testbed.storage")
    ) async throws(StorageError) -> FeedDatabase {
        try openNow(at: url, logger: logger, statementObserver: nil)
    }

    /// The same, with a hook called for every SQL statement run on any connection (tests use it
    /// to check no statement runs on the main thread).
    static func open(
        at url: URL, logger: Logger = Logger(label: "testbed.storage"),
        statementObserver: @escaping @Sendable (String) -> Void
    ) async throws(StorageError) -> FeedDatabase {
        try openNow(at: url, logger: logger, statementObserver: statementObserver)
    }

    /// Opens synchronously; only ever called from the nonisolated `async` entry points above,
    /// so it never runs on the main actor.
    private static func openNow(
        at url: URL, logger: Logger, statementObserver: (@Sendable (String) -> Void)?
    ) throws(StorageError) -> FeedDatabase {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StorageError(.cannotOpen, "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let configuration = makeConfiguration(statementObserver)
        switch attempt(url, configuration) {
        case .success(let pool):
            return FeedDatabase(url: url, recovery: nil, pool: pool, logger: logger)
        case .failure(.environment(let message)):
            throw StorageError(.cannotOpen, "cannot open the feed cache at \(url.path): \(message)")
        case .failure(.unusable(let reason)):
            let aside = try moveAside(url, reason: reason)
            let recovery = DatabaseRecovery(movedAsideTo: aside, reason: reason)
            logger.warning(
                "feed cache recovered", metadata: ["path": "\(url.path)", "movedTo": "\(aside.path)", "reason": "\(reason)"])
            switch attempt(url, configuration) {
            case .success(let pool):
                return FeedDatabase(url: url, recovery: recovery, pool: pool, logger: logger)
            case .failure(.environment(let message)), .failure(.unusable(let message)):
                throw StorageError(.cannotOpen, "cannot create a new feed cache at \(url.path): \(message)")
            }
        }
    }

    /// Why an attempt to open failed.
    private enum OpenFailure: Error {
        /// The file is not a usable cache: moving it aside helps.
        case unusable(String)
        /// The place is the problem (permissions, full disk, a folder at the path): it does not.
        case environment(String)
    }

    /// SQLite result codes that describe the file system, not the file's content.
    private static let environmentCodes: Set<Int32> = [
        ResultCode.SQLITE_CANTOPEN.primaryResultCode.rawValue, ResultCode.SQLITE_IOERR.rawValue,
        ResultCode.SQLITE_FULL.rawValue, ResultCode.SQLITE_READONLY.rawValue, ResultCode.SQLITE_BUSY.rawValue,
        ResultCode.SQLITE_LOCKED.rawValue, ResultCode.SQLITE_PERM.rawValue, ResultCode.SQLITE_NOMEM.rawValue,
        ResultCode.SQLITE_AUTH.rawValue,
    ]

    private static func attempt(_ url: URL, _ configuration: Configuration) -> Result<DatabasePool, OpenFailure> {
        var opened: DatabasePool?
        let migrator = Schema.migrator
        do {
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            opened = pool
            try pool.write { db in
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard check == ["ok"] else {
                    throw OpenFailure.unusable("quick_check: " + check.prefix(3).joined(separator: "; "))
                }
                if try migrator.hasBeenSuperseded(db) {
                    throw OpenFailure.unusable("the schema is newer than this build understands")
                }
            }
            try migrator.migrate(pool)
            return .success(pool)
        } catch {
            try? opened?.close()
            if let failure = error as? OpenFailure { return .failure(failure) }
            if let error = error as? DatabaseError {
                let message = "\(error.resultCode): \(error.message ?? "no message")"
                return environmentCodes.contains(error.resultCode.primaryResultCode.rawValue)
                    ? .failure(.environment(message)) : .failure(.unusable(message))
            }
            return .failure(.environment(error.localizedDescription))
        }
    }

    private static func makeConfiguration(_ statementObserver: (@Sendable (String) -> Void)?) -> Configuration {
        var configuration = Configuration()
        configuration.label = "testbed.feed"
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL with NORMAL sync: a commit survives the process being killed (the WAL is in
            // the OS's cache); only a power loss may drop the last commits, which a cache can.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if let statementObserver {
                db.trace(options: .statement) { event in statementObserver("\(event)") }
            }
        }
        return configuration
    }

    /// Renames the file and its `-wal`, `-shm` and `-journal` companions to
    /// `NAME.unusable-DATE[-wal…]`; returns the new main file's URL.
    private static func moveAside(_ url: URL, reason: String) throws(StorageError) -> URL {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
            .replacingOccurrences(of: ":", with: "")
        let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).unusable-\(stamp)")
        let manager = FileManager.default
        do {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let source = URL(fileURLWithPath: url.path + suffix)
                guard manager.fileExists(atPath: source.path) else { continue }
                try manager.moveItem(at: source, to: URL(fileURLWithPath: aside.path + suffix))
            }
        } catch {
            throw StorageError(
                .cannotOpen, "the feed cache at \(url.path) is unusable (\(reason)) and could not be moved aside: \(error.localizedDescription)")
        }
        return aside
    }
}
