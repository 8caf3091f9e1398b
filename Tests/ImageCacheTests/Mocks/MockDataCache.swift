import Foundation
import ImageCache

/// A ``DataCaching`` in memory whose writes can be switched to fail silently (as a full disk
/// does: ``DiskCache`` reports such a failure on its stream and never throws). It counts reads,
/// and can hold them until released, so a test can have many loads miss memory at once.
actor MockDataCache: DataCaching {
    private var entries: [String: Data] = [:]
    private var writesFail = false
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    nonisolated let sizeLimit = Int.max
    /// `data(for:)` calls so far, held ones included.
    private(set) var reads = 0

    func setWritesFail(_ fail: Bool) { writesFail = fail }
    func put(_ data: Data, for key: String) { entries[key] = data }
    /// The bytes stored for `key`, without counting a read.
    func peek(_ key: String) -> Data? { entries[key] }

    /// Makes later reads wait until ``releaseReads()``.
    func holdReads() { holding = true }
    /// Lets every held read, and later ones, go on.
    func releaseReads() {
        holding = false
        for continuation in held { continuation.resume() }
        held = []
    }

    func data(for key: String) async -> Data? {
        reads += 1
        if holding { await withCheckedContinuation { held.append($0) } }
        return entries[key]
    }
    func store(_ data: Data, for key: String) {
        if !writesFail { entries[key] = data }
    }
    func removeData(for key: String) { entries[key] = nil }
    func removeAll() { entries = [:] }
    var totalSize: Int { entries.values.reduce(0) { $0 + $1.count } }
    nonisolated func failures() -> AsyncStream<DiskCacheFailure> { AsyncStream { $0.finish() } }
}
