public import GRDB

/// Why the feed's database could not do what was asked. Descriptions name the file and the
/// SQLite message; they never hold tweet text or other user content.
///
/// When SQLite failed, the error keeps its result code, as GRDB's `DatabaseError` does: match
/// on ``resultCode`` (the primary code, e.g. `SQLITE_IOERR`) or ``extendedResultCode`` (e.g.
/// `SQLITE_IOERR_WRITE`), never on the text of ``description``.
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of operation failed.
    public enum Kind: String, Hashable, Sendable {
        /// The database file could not be opened or created, even after moving a bad file aside.
        case cannotOpen
        /// A read failed.
        case readFailed
        /// A write failed; nothing of it was kept (every write is one transaction).
        case writeFailed
        /// A value given to the store is outside what it accepts (e.g. a negative limit).
        case invalidArgument
    }

    /// What kind of operation failed.
    public let kind: Kind
    /// SQLite's extended result code when SQLite reported the failure (`SQLITE_IOERR_WRITE`,
    /// `SQLITE_CANTOPEN_ISDIR`…); nil when something else failed (a folder that could not be
    /// made, a bad argument, a file that is not there).
    public let extendedResultCode: ResultCode?
    /// One readable sentence: what failed, where, and SQLite's reason.
    public let description: String

    /// SQLite's primary result code (`SQLITE_IOERR`, `SQLITE_CANTOPEN`…) when SQLite reported
    /// the failure, else nil. A `switch` on it also matches extended codes, as GRDB's
    /// `ResultCode` pattern does (`case .SQLITE_IOERR` matches `SQLITE_IOERR_WRITE`).
    public var resultCode: ResultCode? { extendedResultCode?.primaryResultCode }

    /// Whether SQLite reported a problem with where the file is, not with what it holds: it
    /// could not open or write it (permissions, a read-only or full disk, an I/O error, a lock
    /// held too long, an authorizer or memory refusal). Moving the file aside does not help.
    public var isEnvironmentFailure: Bool {
        extendedResultCode.map(Self.isEnvironmentCode) ?? false
    }

    /// Creates an error; `resultCode` is SQLite's (extended) result code when SQLite failed.
    public init(_ kind: Kind, _ description: String, resultCode: ResultCode? = nil) {
        self.kind = kind
        self.description = description
        self.extendedResultCode = resultCode
    }

    /// An error whose description is `what` (e.g. "reading tweets from PATH failed"), a colon
    /// and why `cause` failed (``reason(of:)``), keeping SQLite's result code when it has one.
    init(_ kind: Kind, _ what: String, cause: any Error) {
        let code = (cause as? DatabaseError)?.extendedResultCode ?? (cause as? StorageError)?.extendedResultCode
        self.init(kind, "\(what): \(Self.reason(of: cause))", resultCode: code)
    }

    /// Why `error` failed, in a few words: SQLite's primary code (as GRDB prints it) and
    /// message for a GRDB `DatabaseError` (`13 (database or disk is full): database or disk is
    /// full`), else the error's description.
    static func reason(of error: any Error) -> String {
        if let error = error as? DatabaseError { return "\(error.resultCode): \(error.message ?? "no message")" }
        return "\(error)"
    }

    /// SQLite result codes that describe the file system, not the file's content (see
    /// ``isEnvironmentFailure``). Matches primary and extended codes alike.
    static func isEnvironmentCode(_ code: ResultCode) -> Bool {
        switch code {
        case .SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_BUSY, .SQLITE_LOCKED,
            .SQLITE_PERM, .SQLITE_NOMEM, .SQLITE_AUTH:
            true
        default:
            false
        }
    }

    public static func == (lhs: StorageError, rhs: StorageError) -> Bool {
        lhs.kind == rhs.kind && lhs.extendedResultCode == rhs.extendedResultCode && lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(extendedResultCode?.rawValue)
        hasher.combine(description)
    }
}
