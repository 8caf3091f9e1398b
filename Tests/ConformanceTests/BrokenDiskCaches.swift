import Foundation
import ImageCache

// A deliberately broken disk cache. It is a plain working cache (files named by the key's
// SHA-256, an index of size and last access, modification dates as the access order) with
// one flaw switched on, each the way real caches get it wrong, so that every DiskCaching
// contract is shown to fail when its rule is broken.

/// A disk cache with one chosen flaw.
actor BrokenDiskCache: DataCaching {
    enum Flaw: Sendable {
        /// Evicts only on every `n`th store (a periodic sweep: the limit is soft).
        case sweepsEvery(Int)
        /// Writes the final file in place, in two halves with a slow disk in between.
        case writesInPlaceInHalves
        /// Rebuilds the index at start ordered by file name, not by last access.
        case ordersByNameOnRestart
        /// Deletes the folder's files at start (an index it cannot rebuild).
        case wipesOnStart
        /// Deletes the old file before writing, and on a failed write drops its whole index.
        case losesDataOnFailedWrite
    }

    private struct Entry {
        var size: Int
        var lastAccess: Date
    }

    nonisolated let sizeLimit: Int
    private let folder: URL
    private let flaw: Flaw
    private var entries: [String: Entry] = [:]
    private var stores = 0
    private nonisolated let failureStream: AsyncStream<DiskCacheFailure>
    private nonisolated let failureSink: AsyncStream<DiskCacheFailure>.Continuation

    init(folder: URL, sizeLimit: Int, flaw: Flaw) {
        self.folder = folder
        self.sizeLimit = sizeLimit
        self.flaw = flaw
        (failureStream, failureSink) = AsyncStream.makeStream(of: DiskCacheFailure.self)
        let files = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var entries: [String: Entry] = [:]
        for (position, name) in names.enumerated() {
            let url = folder.appendingPathComponent(name)
            if case .wipesOnStart = flaw {
                try? files.removeItem(at: url)
                continue
            }
            guard let attributes = try? files.attributesOfItem(atPath: url.path),
                  let size = attributes[.size] as? Int, let date = attributes[.modificationDate] as? Date
            else { continue }
            if case .ordersByNameOnRestart = flaw {
                entries[name] = Entry(size: size, lastAccess: Date(timeIntervalSince1970: Double(position)))
            } else {
                entries[name] = Entry(size: size, lastAccess: date)
            }
        }
        self.entries = entries
    }

    var totalSize: Int { entries.values.reduce(0) { $0 + $1.size } }

    nonisolated func failures() -> AsyncStream<DiskCacheFailure> { failureStream }

    func data(for key: String) async -> Data? {
        let name = DiskCache.fileName(for: key)
        guard entries[name] != nil, let data = try? Data(contentsOf: url(name)) else { return nil }
        touch(name)
        return data
    }

    func store(_ data: Data, for key: String) async {
        guard data.count <= sizeLimit else { return }
        let name = DiskCache.fileName(for: key)
        do {
            switch flaw {
            case .writesInPlaceInHalves:
                let handle = try openInPlace(name)
                try handle.write(contentsOf: data.prefix(data.count / 2))
                try? await Task.sleep(for: .milliseconds(2))
                try handle.write(contentsOf: data.dropFirst(data.count / 2))
                try handle.close()
            case .losesDataOnFailedWrite:
                try? FileManager.default.removeItem(at: url(name))
                entries[name] = nil
                try data.write(to: url(name))
            default:
                try data.write(to: url(name), options: .atomic)
            }
        } catch {
            if case .losesDataOnFailedWrite = flaw { entries.removeAll() }
            failureSink.yield(DiskCacheFailure(operation: .write, key: key, reason: "\(error)"))
            return
        }
        entries[name] = Entry(size: data.count, lastAccess: .distantPast)
        touch(name)
        stores += 1
        if case .sweepsEvery(let n) = flaw, stores % n != 0 { return }
        for (oldest, _) in entries.sorted(by: { $0.value.lastAccess < $1.value.lastAccess }) where totalSize > sizeLimit {
            try? FileManager.default.removeItem(at: url(oldest))
            entries[oldest] = nil
        }
    }

    func removeData(for key: String) async {
        let name = DiskCache.fileName(for: key)
        try? FileManager.default.removeItem(at: url(name))
        entries[name] = nil
    }

    func removeAll() async {
        for name in entries.keys { try? FileManager.default.removeItem(at: url(name)) }
        entries.removeAll()
    }

    private func touch(_ name: String) {
        let now = Date()
        entries[name]?.lastAccess = now
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url(name).path)
    }

    private func openInPlace(_ name: String) throws -> FileHandle {
        let path = url(name).path
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url(name))
        try handle.truncate(atOffset: 0)
        return handle
    }

    private func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
