import Crypto
public import Foundation
public import Logging

/// A disk cache of encoded image bytes: one file per key, named by the SHA-256 of the key.
///
/// An actor because it is a service with state (the index) and a lifecycle, and its API is
/// already async: every file operation runs on it one at a time, so the index and the folder
/// never disagree mid-operation. ``sizeLimit`` and ``failures()`` are `nonisolated`.
///
/// - The actor runs on a serial dispatch queue of its own (its ``unownedExecutor``), not on
///   Swift's cooperative pool: its `open`/`read`/`write`/`rename` calls block a thread, and
///   the pool has only one per core. Each instance has its own queue.
///
/// - Writes go to `.tmp-<uuid>` in the same folder, then `rename` over the final name, so only
///   complete files are ever visible; leftovers from a crash are deleted at start.
/// - The index (file → size, last access) lives in memory and is rebuilt from the folder at
///   start; each write, and each read of an entry other than the one last stamped, sets the
///   file's modification time to the access time, so the LRU order survives a restart.
/// - The limit is hard: a new entry is renamed into place first, then least recently used
///   entries are deleted until the total fits, before ``store(_:for:)`` returns.
/// - Failures are logged, published on ``failures()``, and never thrown; a failed write
///   leaves every stored entry (including an older value for the same key) in place.
/// - An entry stored with ``CacheEntryMetadata`` starts with a small header holding it
///   (``DiskEntryFormat``); an entry without one is the bytes alone, as older versions wrote
///   them, and reads as stored without metadata.
public actor DiskCache: DataCaching {
    /// Prefix of in-progress writes; such files are never read and are deleted at start.
    static let temporaryPrefix = ".tmp-"

    private struct Entry {
        var size: Int
        var lastAccess: Int64
    }

    /// The folder holding the files.
    public nonisolated let folder: URL
    public nonisolated let sizeLimit: Int
    /// `folder.path`, kept: building a path through `URL` on every access costs microseconds.
    private nonisolated let folderPath: String
    private let logger: Logger
    private let broadcaster = FailureBroadcaster()
    private var entries: [String: Entry]
    private var total: Int
    private var lastStamp: Int64
    /// The entry whose file carries the newest stamp on disk, when known: reading it again
    /// needs no `utimensat`, as a restart already ranks it most recent.
    private var newestOnDisk: String?
    private var folderReady: Bool
    /// Runs this actor's jobs (and so its file I/O) on a queue of its own.
    nonisolated let executor = DiskQueueExecutor(label: "ImageCache.DiskCache")
    /// Called on the actor just before the file I/O of a read or a write (tests).
    private let willAccessFiles: (@Sendable () -> Void)?

    /// The executor every operation of this cache runs on: a serial dispatch queue of its own.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens (or creates) the cache in `folder`. Never throws: when the folder cannot be
    /// created the cache works as empty, and each write reports a `.createFolder` failure.
    public init(
        folder: URL, sizeLimit: Int = 150 * 1024 * 1024,
        logger: Logger = Logger(label: "ImageCache.DiskCache")
    ) {
        self.init(folder: folder, sizeLimit: sizeLimit, logger: logger, willAccessFiles: nil)
    }

    /// As the public `init`, with `willAccessFiles` called on the actor before each read's and
    /// write's file I/O (tests check where that I/O runs).
    init(folder: URL, sizeLimit: Int, logger: Logger, willAccessFiles: (@Sendable () -> Void)?) {
        self.willAccessFiles = willAccessFiles
        self.folder = folder
        self.folderPath = folder.path
        self.sizeLimit = max(0, sizeLimit)
        self.logger = logger
        var entries: [String: Entry] = [:]
        var folderReady = true
        do {
            try DiskFile.makeFolder(folder.path)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let path = folder.appendingPathComponent(name).path
                if name.hasPrefix(Self.temporaryPrefix) {
                    try? DiskFile.remove(path)
                } else if Self.isEntryName(name), let attributes = DiskFile.attributes(path) {
                    entries[name] = Entry(size: attributes.size, lastAccess: attributes.stamp)
                }
            }
        } catch {
            folderReady = false
            logger.error("disk cache folder unusable", metadata: ["folder": "\(folder.path)", "reason": "\(error.reason)"])
        }
        self.entries = entries
        self.total = entries.values.reduce(0) { $0 + $1.size }
        self.lastStamp = entries.values.map(\.lastAccess).max() ?? 0
        self.folderReady = folderReady
    }

    /// The file name for `key`: the lowercase hex SHA-256 of its UTF-8 bytes.
    public nonisolated static func fileName(for key: String) -> String {
        // Hex by table: `String(format: "%02x")` per byte cost ~35 µs a name on Linux, which
        // made a 1 MB hit 1.75× a plain read of the file (docs/PERFORMANCE.md, case 4).
        var hex: [UInt8] = []
        hex.reserveCapacity(2 * SHA256.byteCount)
        for byte in SHA256.hash(data: Data(key.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private nonisolated static let hexDigits = Array("0123456789abcdef".utf8)

    public func data(for key: String) async -> Data? {
        await entry(for: key)?.data
    }

    /// The entry of `key`, its metadata header (``DiskEntryFormat``) and its bytes each read
    /// into a buffer of their own (the bytes are never copied out of the file's), marking it
    /// most recently used; `nil` when absent, unreadable or with a damaged header.
    func readEntry(for key: String) -> CachedData? {
        let name = Self.fileName(for: key)
        guard entries[name] != nil else { return nil }
        willAccessFiles?()
        let path = self.path(name)
        let parts: (head: Data, body: Data)?
        do {
            parts = try DiskFile.contents(path, peek: DiskEntryFormat.fixedLength, split: DiskEntryFormat.bodyOffset)
        } catch {
            // Gone or unreadable: forget it so the index matches the folder.
            if DiskFile.attributes(path) == nil { forget(name) }
            report(.read, key: key, reason: error.reason)
            return nil
        }
        let stamp = nextStamp()
        entries[name]?.lastAccess = stamp
        recordAccess(name, path: path, stamp: stamp)
        return parts.flatMap { DiskEntryFormat.decode(head: $0.head, body: $0.body) }
    }

    public func store(_ data: Data, for key: String) async {
        storeFile(data, for: key)
    }

    /// Writes `data` as the whole file of `key` (replacing any), evicting least recently used
    /// entries first so the limit holds when this returns.
    func storeFile(_ data: Data, for key: String) {
        let name = Self.fileName(for: key)
        guard data.count <= sizeLimit else {
            // Keeping the older value would serve bytes the caller just replaced.
            removeFile(name, key: key)
            logger.notice("disk cache entry over the whole limit not stored", metadata: ["key": "\(key)", "bytes": "\(data.count)"])
            return
        }
        willAccessFiles?()
        guard ensureFolder(key: key) else { return }
        var stamp = nextStamp()
        do throws(DiskFileError) {
            try write(data, name: name, stamp: stamp)
        } catch where error.isMissing {
            // The folder was deleted from outside: every file went with it. Start over empty in
            // a new folder and write once more.
            logger.notice("disk cache folder was deleted; creating it again", metadata: ["folder": "\(folderPath)"])
            entries.removeAll()
            newestOnDisk = nil
            total = 0
            folderReady = false
            guard ensureFolder(key: key) else { return }
            stamp = nextStamp()
            do throws(DiskFileError) {
                try write(data, name: name, stamp: stamp)
            } catch {
                report(.write, key: key, reason: error.reason)
                return
            }
        } catch {
            report(.write, key: key, reason: error.reason)
            return
        }
        total += data.count - (entries[name]?.size ?? 0)
        entries[name] = Entry(size: data.count, lastAccess: stamp)
        newestOnDisk = name
        evict(keeping: name)
    }

    public func removeData(for key: String) async {
        removeFile(Self.fileName(for: key), key: key)
    }

    public func removeAll() async {
        for name in entries.keys { removeFile(name, key: nil) }
    }

    public var totalSize: Int { total }

    public nonisolated func failures() -> AsyncStream<DiskCacheFailure> {
        broadcaster.subscribe()
    }

    // MARK: - Internals

    /// Writes `data` to a temporary file and renames it to `name`; on failure the temporary
    /// file is gone and any older file for `name` is untouched.
    private func write(_ data: Data, name: String, stamp: Int64) throws(DiskFileError) {
        let temporary = path(Self.temporaryPrefix + UUID().uuidString)
        do throws(DiskFileError) {
            try DiskFile.create(temporary, data: data, stamp: stamp)
            try DiskFile.replace(path(name), with: temporary)
        } catch {
            try? DiskFile.remove(temporary)
            throw error
        }
    }

    /// Deletes least recently used entries other than `kept` until the total fits the limit.
    private func evict(keeping kept: String) {
        guard total > sizeLimit else { return }
        let oldestFirst = entries.filter { $0.key != kept }.sorted { $0.value.lastAccess < $1.value.lastAccess }
        for (name, _) in oldestFirst where total > sizeLimit {
            removeFile(name, key: nil)
        }
        if total > sizeLimit {
            // Only when deletions failed: the hard limit wins over the newest entry.
            removeFile(kept, key: nil)
        }
    }

    private func removeFile(_ name: String, key: String?) {
        guard entries[name] != nil else { return }
        do {
            try DiskFile.remove(path(name))
            forget(name)
        } catch {
            report(.remove, key: key, reason: error.reason)
        }
    }

    /// Sets the file's modification time to `stamp` so the LRU order survives a restart,
    /// unless its file already has the newest stamp on disk (the same entry read again): then
    /// the order on disk is already right, and the `utimensat` (a journalled inode update, about
    /// a tenth of a hit's CPU time) is skipped. The order on disk stays exact; only the value of
    /// the newest file's stamp lags, and the LRU compares stamps, never their age.
    private func recordAccess(_ name: String, path: String, stamp: Int64) {
        guard newestOnDisk != name else { return }
        do {
            try DiskFile.touch(path, stamp: stamp)
            newestOnDisk = name
        } catch {
            logger.debug("disk cache could not record an access", metadata: ["reason": "\(error.reason)"])
        }
    }

    private func forget(_ name: String) {
        if newestOnDisk == name { newestOnDisk = nil }
        if let entry = entries.removeValue(forKey: name) { total -= entry.size }
    }

    private func ensureFolder(key: String) -> Bool {
        guard !folderReady else { return true }
        do {
            try DiskFile.makeFolder(folder.path)
            folderReady = true
        } catch {
            report(.createFolder, key: key, reason: error.reason)
        }
        return folderReady
    }

    /// A stamp later than every earlier one, even if the wall clock stepped back.
    private func nextStamp() -> Int64 {
        lastStamp = max(DiskFile.now(), lastStamp + 1)
        return lastStamp
    }

    private func path(_ name: String) -> String {
        folderPath + "/" + name
    }

    private func report(_ operation: DiskCacheFailure.Operation, key: String?, reason: String) {
        let failure = DiskCacheFailure(operation: operation, key: key, reason: reason)
        logger.warning("\(failure.description)")
        broadcaster.publish(failure)
    }

    private static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
