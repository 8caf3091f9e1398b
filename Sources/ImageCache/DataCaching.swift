public import Foundation

/// A disk cache of encoded image bytes, keyed by URL string. Implementation: ``DiskCache``.
///
/// Rules (each a contract in `Contracts`): the total size never exceeds ``sizeLimit`` once
/// ``store(_:for:)`` returns (a hard limit, not a later sweep); least recently used entries go
/// first, and the order survives a restart (a new instance on the same folder); writes are
/// atomic (temporary file + rename), so a read never returns a partial file; file names are
/// the SHA-256 of the key. A failed write (disk full, read-only folder) loses nothing already
/// stored, is reported on ``failures`` and logged, and is never thrown to the caller.
public protocol DataCaching: Sendable {
    /// The bytes for `key`, marking them most recently used; `nil` when absent or unreadable.
    func data(for key: String) async -> Data?
    /// Stores `data` for `key` (replacing any), evicting least recently used entries first so
    /// the limit holds when this returns. Data larger than the whole limit is not stored.
    func store(_ data: Data, for key: String) async
    /// Removes the entry for `key`, if any.
    func removeData(for key: String) async
    /// Removes every entry.
    func removeAll() async
    /// Total bytes stored.
    var totalSize: Int { get async }
    /// Most total bytes kept.
    var sizeLimit: Int { get }
    /// Failed writes and removals, as they happen (several subscribers allowed).
    func failures() -> AsyncStream<DiskCacheFailure>
    /// The bytes for `key` with their ``CacheEntryMetadata`` (`nil` metadata for an entry stored
    /// without), marking them most recently used; `nil` when absent or unreadable. Default:
    /// ``data(for:)`` with no metadata.
    func entry(for key: String) async -> CachedData?
    /// Stores `data` with `metadata` for `key`, as ``store(_:for:)`` does. Default: the
    /// metadata is dropped.
    func store(_ data: Data, metadata: CacheEntryMetadata, for key: String) async
    /// Replaces the metadata of the entry for `key` (a 304 confirmed it), keeping its bytes;
    /// nothing when there is no entry. Default: nothing.
    func updateMetadata(_ metadata: CacheEntryMetadata, for key: String) async
}

/// A disk operation that failed; the cache keeps working without it.
public struct DiskCacheFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: String, Sendable, Hashable {
        case write, remove, read, createFolder
    }

    /// The operation that failed.
    public let operation: Operation
    /// The key concerned, if any.
    public let key: String?
    /// The system's explanation (errno text).
    public let reason: String

    /// Creates a failure report.
    public init(operation: Operation, key: String?, reason: String) {
        self.operation = operation
        self.key = key
        self.reason = reason
    }

    /// One readable sentence.
    public var description: String {
        "disk cache \(operation.rawValue) failed\(key.map { " for \($0)" } ?? ""): \(reason)"
    }
}
