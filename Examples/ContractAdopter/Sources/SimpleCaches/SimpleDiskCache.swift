public import Foundation
public import ImageCache
import Synchronization

/// A disk cache keeping one file per key in a folder, least recently used out first.
///
/// A key's file is named by the hex of its UTF-8 bytes (so keys longer than 127 bytes cannot be
/// stored: the write fails and is reported). Writes go to a temporary file renamed over the
/// entry, so a reader never sees a partial file. Recency is kept in each file's modification
/// time, set explicitly to a counter that grows by one at every use; a new instance rebuilds
/// its index (sizes and order) from the folder. Failed writes are reported on ``failures()``
/// and leave every stored entry as it was.
public actor SimpleDiskCache: DataCaching {
    /// Most total bytes kept.
    public nonisolated let sizeLimit: Int
    private let folder: URL
    private var entries: [String: Entry]
    private var clock: Int
    private nonisolated let subscribers = Mutex<[Int: AsyncStream<DiskCacheFailure>.Continuation]>([:])
    private nonisolated let nextSubscriber = Atomic(0)

    /// One stored file: its size and when it was last used (the counter).
    private struct Entry {
        var size: Int
        var used: Int
    }

    /// Opens the cache on `folder` (created if missing), keeping at most `sizeLimit` bytes.
    public init(folder: URL, sizeLimit: Int) {
        self.folder = folder
        self.sizeLimit = sizeLimit
        let files = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true)
        var entries: [String: Entry] = [:]
        let names = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            if name.hasPrefix(".") {
                try? files.removeItem(atPath: path)  // a temporary file left by an interrupted write
                continue
            }
            guard let attributes = try? files.attributesOfItem(atPath: path),
                let size = (attributes[.size] as? NSNumber)?.intValue,
                let modified = attributes[.modificationDate] as? Date
            else { continue }
            entries[name] = Entry(size: size, used: Int(modified.timeIntervalSince1970))
        }
        self.entries = entries
        self.clock = entries.values.map(\.used).max() ?? 0
    }

    /// The bytes for `key`, marking them most recently used; `nil` when absent or unreadable.
    public func data(for key: String) -> Data? {
        let name = Self.fileName(for: key)
        guard entries[name] != nil else { return nil }
        guard let data = try? Data(contentsOf: url(name)) else {
            entries[name] = nil
            report(.read, key: key, reason: "the file could not be read")
            return nil
        }
        markUsed(name)
        return data
    }

    /// Stores `data` for `key`, evicting least recently used entries first so the limit holds
    /// when this returns. Data larger than the whole limit is not stored.
    public func store(_ data: Data, for key: String) {
        guard data.count <= sizeLimit else { return }
        let name = Self.fileName(for: key)
        evict(toFit: data.count, replacing: name)
        let temporary = url(".\(name).\(UUID().uuidString)")
        do {
            try data.write(to: temporary)
        } catch {
            report(.write, key: key, reason: "\(error)")
            return
        }
        guard rename(temporary.path, url(name).path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            report(.write, key: key, reason: reason)
            return
        }
        entries[name] = Entry(size: data.count, used: clock)
        markUsed(name)
    }

    /// Removes the entry for `key`, if any.
    public func removeData(for key: String) {
        remove(Self.fileName(for: key), key: key)
    }

    /// Removes every entry.
    public func removeAll() {
        for name in entries.keys { remove(name, key: nil) }
    }

    /// Total bytes stored.
    public var totalSize: Int { entries.values.reduce(0) { $0 + $1.size } }

    /// Failed writes, reads and removals, as they happen; each call is a new subscriber.
    public nonisolated func failures() -> AsyncStream<DiskCacheFailure> {
        let (stream, continuation) = AsyncStream<DiskCacheFailure>.makeStream()
        let id = nextSubscriber.wrappingAdd(1, ordering: .relaxed).oldValue
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// The file name of `key`: the hex of its UTF-8 bytes.
    static func fileName(for key: String) -> String {
        key.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    private func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// Gives `name` the next counter value, in the index and as its file's modification time.
    private func markUsed(_ name: String) {
        clock += 1
        entries[name]?.used = clock
        let date = Date(timeIntervalSince1970: TimeInterval(clock))
        try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url(name).path)
    }

    /// Removes least recently used entries (other than `name`) until `size` more bytes fit,
    /// counting `name`'s current file as replaced.
    private func evict(toFit size: Int, replacing name: String) {
        let replaced = entries[name]?.size ?? 0
        var total = totalSize - replaced
        let oldestFirst = entries.filter { $0.key != name }.sorted { $0.value.used < $1.value.used }
        for (victim, entry) in oldestFirst where total + size > sizeLimit {
            remove(victim, key: nil)
            total -= entry.size
        }
    }

    private func remove(_ name: String, key: String?) {
        guard entries[name] != nil else { return }
        do {
            try FileManager.default.removeItem(at: url(name))
            entries[name] = nil
        } catch {
            if FileManager.default.fileExists(atPath: url(name).path) {
                report(.remove, key: key, reason: "\(error)")
            } else {
                entries[name] = nil  // already gone: nothing left to count
            }
        }
    }

    private func report(_ operation: DiskCacheFailure.Operation, key: String?, reason: String) {
        let failure = DiskCacheFailure(operation: operation, key: key, reason: reason)
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(failure) }
    }
}
