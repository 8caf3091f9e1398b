import DequeModule
import Synchronization

/// The bounded request journal and the per-URL `flaky` counters.
final class Journal: Sendable {
    private struct State {
        var records = Deque<RequestRecord>()
        var flakyCounts: [String: Int] = [:]
    }

    private let capacity: Int
    private let state = Mutex(State())

    /// A journal that keeps the newest `capacity` records.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends a finished request, dropping the oldest beyond the capacity.
    func append(_ record: RequestRecord) {
        state.withLock { state in
            state.records.append(record)
            if state.records.count > capacity { state.records.removeFirst(state.records.count - capacity) }
        }
    }

    /// The records, oldest first.
    var records: [RequestRecord] { state.withLock { Array($0.records) } }

    /// Counts one more request for `url` (path + query) and returns how many there have been.
    func countFlaky(_ url: String) -> Int {
        state.withLock { state in
            state.flakyCounts[url, default: 0] += 1
            return state.flakyCounts[url]!
        }
    }

    /// Clears the records and the `flaky` counters.
    func reset() {
        state.withLock { state in
            state.records.removeAll()
            state.flakyCounts.removeAll()
        }
    }
}
