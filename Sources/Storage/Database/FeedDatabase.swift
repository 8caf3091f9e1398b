public import Foundation
import GRDB
import GRDBSQLite
public import Logging

/// The feed's SQLite database: one GRDB `DatabasePool` in WAL mode, migrated to the current
/// schema, shared by ``TweetStore``, ``AvatarStore`` and ``SettingsStore``.
///
/// Opening checks the file without reading all of it. `PRAGMA quick_check` reads every page
/// (about 1.5 ms per MB: 20 ms for a 13 MB cache of 100,000 tweets, as much for the 20 MB of
/// avatars ``AvatarStore`` keeps by default), so:
/// - a file (with its `-wal`) of at most ``fullCheckSizeLimit`` (4 MiB, about 6 ms) gets the
///   whole `quick_check` before `open` returns;
/// - a larger one gets only what is cheap and what the first screen needs: the schema is read,
///   its version checked, migrations run, and the newest 50 tweets with their users, the 50
///   most recently used avatars and all settings are read. Then `open` returns, and the whole
///   `quick_check` runs in the background on a read connection, 100 ms later so the first
///   screen's reads go first (reads run beside writes, never on the main actor). Damage it
///   finds is logged as a warning and recorded in a marker file beside the database
///   (`NAME.damaged`, holding the reason); ``integrityCheck()`` awaits it.
///
/// A file that is not a database, fails the check or the first-screen reads, holds a schema
/// this build cannot read, or has a `NAME.damaged` marker from an earlier background check, is
/// moved aside (kept, renamed `NAME.unusable-DATE`; the marker is deleted) and a new empty
/// cache is created: the cache is a cache, the app keeps working. ``recovery`` says when that
/// happened; it is also logged as a warning. Problems a new file would not fix (a folder that
/// cannot be written, a full disk) are thrown as ``StorageError/Kind-swift.enum/cannotOpen``;
/// ``openReadOnly(at:logger:)`` may still read such a file.
///
/// All SQLite work runs on GRDB's own queues: the stores' methods are `async` and may be called
/// from the main actor without blocking it.
public final class FeedDatabase: Sendable {
    /// Files (the database plus its `-wal`) up to this many bytes, 4 MiB, are fully checked
    /// (`PRAGMA quick_check`) before ``open(at:logger:)`` returns: at about 1.5 ms per MB that
    /// costs about 6 ms, within the open's 10 ms budget. Larger files get the first-screen
    /// probe at open and the full check in the background.
    public static let fullCheckSizeLimit = 4 * 1024 * 1024

    /// The database file.
    public let url: URL
    /// Set when the file found at ``url`` was unusable and replaced by an empty cache.
    public let recovery: DatabaseRecovery?
    /// Whether the database was opened read-only (``openReadOnly(at:logger:)``): reads work,
    /// every write fails with ``StorageError``.
    public let isReadOnly: Bool
    let pool: DatabasePool
    let logger: Logger
    /// The background `quick_check` of a file too large to check at open; nil when the file
    /// was fully checked at open (or is new).
    private let backgroundCheck: Task<String?, Never>?

    init(
        url: URL, recovery: DatabaseRecovery?, pool: DatabasePool, logger: Logger, checkInBackground: Bool,
        isReadOnly: Bool = false
    ) {
        self.url = url
        self.recovery = recovery
        self.isReadOnly = isReadOnly
        self.pool = pool
        self.logger = logger
        backgroundCheck = checkInBackground ? Self.startBackgroundCheck(url: url, pool: pool, logger: logger) : nil
    }

    deinit {
        backgroundCheck?.cancel()
    }

    /// Opens (creating it and its folder if needed) the database at `url`, recovering from an
    /// unusable file as described above.
    public static func open(
        at url: URL, logger: Logger = Logger(label: "testbed.storage")
    ) async throws(StorageError) -> FeedDatabase {
        try openNow(at: url, logger: logger, statementObserver: nil, fullCheckSizeLimit: fullCheckSizeLimit)
    }

    /// The same, with a hook called for every SQL statement run on any connection (tests use it
    /// to check no statement runs on the main thread).
    static func open(
        at url: URL, logger: Logger = Logger(label: "testbed.storage"),
        statementObserver: @escaping @Sendable (String) -> Void
    ) async throws(StorageError) -> FeedDatabase {
        try openNow(at: url, logger: logger, statementObserver: statementObserver, fullCheckSizeLimit: fullCheckSizeLimit)
    }

    /// The same, with another size up to which the whole file is checked at open (tests use it
    /// to put the boundary where they need it).
    static func open(
        at url: URL, logger: Logger = Logger(label: "testbed.storage"), fullCheckSizeLimit: Int
    ) async throws(StorageError) -> FeedDatabase {
        try openNow(at: url, logger: logger, statementObserver: nil, fullCheckSizeLimit: fullCheckSizeLimit)
    }

    /// The result of the whole `PRAGMA quick_check`: nil when the file passed, else the first
    /// problems it reported.
    ///
    /// For a file larger than ``fullCheckSizeLimit`` this awaits the check `open` started in
    /// the background (it runs once; every call gets its result). When it found damage, it has
    /// already logged a warning and written the `NAME.damaged` marker, so the next
    /// ``open(at:logger:)`` replaces the file. A file checked whole at open (or a new one)
    /// returns nil at once, as does a check that could not run (logged as a warning).
    public func integrityCheck() async -> String? {
        await backgroundCheck?.value ?? nil
    }

    /// The bytes the full check would read: the file plus its `-wal` (0 for missing files).
    static func checkedSize(of url: URL) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    /// Opens synchronously; only ever called from the nonisolated `async` entry points above,
    /// so it never runs on the main actor.
    private static func openNow(
        at url: URL, logger: Logger, statementObserver: (@Sendable (String) -> Void)?, fullCheckSizeLimit: Int
    ) throws(StorageError) -> FeedDatabase {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StorageError(.cannotOpen, "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let configuration = makeConfiguration(statementObserver)
        let fullCheck: Bool
        let outcome: Result<DatabasePool, OpenFailure>
        if let reason = takeDamageMarker(for: url, logger: logger) {
            fullCheck = true
            outcome = .failure(.unusable(reason, nil))
        } else {
            fullCheck = checkedSize(of: url) <= fullCheckSizeLimit
            outcome = attempt(url, configuration, fullCheck: fullCheck)
        }
        switch outcome {
        case .success(let pool):
            return FeedDatabase(url: url, recovery: nil, pool: pool, logger: logger, checkInBackground: !fullCheck)
        case .failure(.environment(let message, let code)):
            throw StorageError(.cannotOpen, "cannot open the feed cache at \(url.path): \(message)", resultCode: code)
        case .failure(.unusable(let reason, _)):
            let aside = try moveAside(url, reason: reason)
            removeDamageMarker(for: url, logger: logger)
            let recovery = DatabaseRecovery(movedAsideTo: aside, reason: reason)
            logger.warning(
                "feed cache recovered", metadata: ["path": "\(url.path)", "movedTo": "\(aside.path)", "reason": "\(reason)"])
            switch attempt(url, configuration, fullCheck: true) {
            case .success(let pool):
                return FeedDatabase(url: url, recovery: recovery, pool: pool, logger: logger, checkInBackground: false)
            case .failure(.environment(let message, let code)), .failure(.unusable(let message, let code)):
                throw StorageError(.cannotOpen, "cannot create a new feed cache at \(url.path): \(message)", resultCode: code)
            }
        }
    }

    /// Why an attempt to open failed, with SQLite's result code when SQLite reported it.
    private enum OpenFailure: Error {
        /// The file is not a usable cache: moving it aside helps.
        case unusable(String, ResultCode?)
        /// The place is the problem (permissions, full disk, a folder at the path): it does not.
        case environment(String, ResultCode?)

        /// The failure SQLite's `error` is: decided on its result code
        /// (``StorageError/isEnvironmentCode(_:)``), never on its message.
        init(_ error: DatabaseError) {
            let message = "\(error.resultCode): \(error.message ?? "no message")"
            self = StorageError.isEnvironmentCode(error.extendedResultCode)
                ? .environment(message, error.extendedResultCode) : .unusable(message, error.extendedResultCode)
        }
    }

    /// Opens and migrates the file; with `fullCheck`, runs the whole `quick_check` first, else
    /// reads what the first screen needs (``probe(_:)``) instead.
    private static func attempt(
        _ url: URL, _ configuration: Configuration, fullCheck: Bool
    ) -> Result<DatabasePool, OpenFailure> {
        var opened: DatabasePool?
        let migrator = Schema.migrator
        do {
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            opened = pool
            try pool.write { db in
                // SQLite opens a file it may not write (a read-only mount, a locked-down file)
                // read-only without a word, and a transaction that only reads then succeeds: ask.
                if let connection = db.sqliteConnection, sqlite3_db_readonly(connection, "main") == 1 {
                    throw OpenFailure.environment(
                        "the file can only be read (read-only file system or permissions)", .SQLITE_READONLY)
                }
                if fullCheck {
                    let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                    guard check == ["ok"] else {
                        throw OpenFailure.unusable("quick_check: " + check.prefix(3).joined(separator: "; "), nil)
                    }
                } else {
                    _ = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master")
                }
                if try migrator.hasBeenSuperseded(db) {
                    throw OpenFailure.unusable("the schema is newer than this build understands", nil)
                }
            }
            try migrator.migrate(pool)
            if !fullCheck { try pool.read { db in try probe(db) } }
            return .success(pool)
        } catch {
            try? opened?.close()
            if let failure = error as? OpenFailure { return .failure(failure) }
            if let error = error as? DatabaseError { return .failure(OpenFailure(error)) }
            return .failure(.environment(error.localizedDescription, nil))
        }
    }

    /// Reads, stepping every row, the pages the first screen needs: the newest 50 tweets with
    /// their users, the 50 most recently used avatars, every setting. Damage there surfaces as
    /// an SQLite error at open instead of on screen.
    static func probe(_ db: Database) throws {
        // The store's own query, stepped without decoding: damage shows as an SQLite error here,
        // while a value of an unexpected type is left to the read that decodes it.
        _ = try Row.fetchAll(db, sql: TweetRow.newestSQL, arguments: [50])
        _ = try Row.fetchAll(db, sql: "SELECT url, data, size, lastAccess FROM avatar ORDER BY lastAccess DESC LIMIT 50")
        _ = try Row.fetchAll(db, sql: "SELECT key, value FROM setting")
    }

    static func makeConfiguration(_ statementObserver: (@Sendable (String) -> Void)?) -> Configuration {
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
}
