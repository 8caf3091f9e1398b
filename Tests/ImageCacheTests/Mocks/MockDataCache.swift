import Foundation
import ImageCache

/// A ``DataCaching`` in memory whose writes can be switched to fail silently (as a full disk
/// does: ``DiskCache`` reports such a failure on its stream and never throws).
actor MockDataCache: DataCaching {
    private var entries: [String: Data] = [:]
    private var writesFail = false
    nonisolated let sizeLimit = Int.max

    func setWritesFail(_ fail: Bool) { writesFail = fail }
    func put(_ data: Data, for key: String) { entries[key] = data }

    func data(for key: String) -> Data? { entries[key] }
    func store(_ data: Data, for key: String) {
        if !writesFail { entries[key] = data }
    }
    func removeData(for key: String) { entries[key] = nil }
    func removeAll() { entries = [:] }
    var totalSize: Int { entries.values.reduce(0) { $0 + $1.count } }
    nonisolated func failures() -> AsyncStream<DiskCacheFailure> { AsyncStream { $0.finish() } }
}
