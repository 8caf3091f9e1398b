import DequeModule
import Synchronization

/// The bounded request journal.
final class Journal: Sendable {
    private struct State {
        var records = Deque<RequestRecord>()
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

    /// Clears the records.
    func reset() {
        state.withLock { $0.records.removeAll() }
    }
}
