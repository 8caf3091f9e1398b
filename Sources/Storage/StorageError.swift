/// Why the feed's database could not do what was asked. Descriptions name the file and the
/// SQLite message; they never hold tweet text or other user content.
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
    /// One readable sentence: what failed, where, and SQLite's reason.
    public let description: String

    /// Creates an error.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
