import Foundation
import Storage
import Synchronization

/// Avatar bytes kept in memory for the run, at most `sizeLimit` bytes, least recently used out
/// first: the feed's avatar cache when its database cannot be written. A miss may be answered
/// by `fallback` (the read-only database's copy).
final class MemoryAvatarStore: AvatarCaching {
    private struct State {
        var entries: [String: (data: Data, lastAccess: Int)] = [:]
        var clock = 0
    }

    private let sizeLimit: Int
    private let fallback: (@Sendable (String) async -> Data?)?
    private let state = Mutex(State())

    /// A store of at most `sizeLimit` bytes; `fallback` answers what it does not hold.
    init(sizeLimit: Int = AvatarStore.defaultSizeLimit, fallback: (@Sendable (String) async -> Data?)? = nil) {
        self.sizeLimit = max(0, sizeLimit)
        self.fallback = fallback
    }

    func avatar(for url: String) async throws(StorageError) -> Data? {
        let held: Data? = state.withLock { state in
            guard let entry = state.entries[url] else { return nil }
            state.clock += 1
            state.entries[url] = (entry.data, state.clock)
            return entry.data
        }
        if let held { return held }
        return await fallback?(url)
    }

    func store(_ data: Data, for url: String) async throws(StorageError) {
        guard data.count <= sizeLimit else { return }
        state.withLock { state in
            state.clock += 1
            state.entries[url] = (data, state.clock)
            var total = state.entries.values.reduce(0) { $0 + $1.data.count }
            for (key, entry) in state.entries.sorted(by: { $0.value.lastAccess < $1.value.lastAccess }) where total > sizeLimit {
                state.entries[key] = nil
                total -= entry.data.count
            }
        }
    }

    func totalSize() async throws(StorageError) -> Int {
        state.withLock { $0.entries.values.reduce(0) { $0 + $1.data.count } }
    }
}
