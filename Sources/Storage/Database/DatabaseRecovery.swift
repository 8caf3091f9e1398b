public import Foundation

/// What ``FeedDatabase/open(at:logger:)`` did with a database file it could not use: it moved
/// the file aside (kept, not deleted) and started an empty cache in its place.
public struct DatabaseRecovery: Hashable, Sendable, CustomStringConvertible {
    /// Where the unusable file now is (its `-wal` and `-shm` companions beside it, if any).
    public let movedAsideTo: URL
    /// Why the file could not be used (SQLite's message or the failed `quick_check` line).
    public let reason: String

    /// Creates a recovery record.
    public init(movedAsideTo: URL, reason: String) {
        self.movedAsideTo = movedAsideTo
        self.reason = reason
    }

    /// One sentence for a log or a banner.
    public var description: String {
        "the feed cache was unreadable (\(reason)); it was moved to \(movedAsideTo.path) and a new one was started"
    }
}
