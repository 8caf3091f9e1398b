import DequeModule
import Foundation
import Synchronization

/// The bounded request journal: the newest `capacity` records, the bodies of the newest of them
/// up to `bodyBudget` bytes in all, and the waiters of ``MockServer/waitForRequest(matching:timeout:)``.
///
/// Two locks: the records' lock is only held to copy or change records; the waiters' lock is
/// held while waiters' predicates run (on the thread that journals, or the one that waits), so
/// a predicate that reads the journal does not deadlock. A waiter's matcher sees every record
/// exactly once: registration scans the records present and each later record is checked by
/// its appender, which takes the waiters' lock only after the record is in.
final class Journal: Sendable {
    private struct Records {
        var records = Deque<RequestRecord>()
        /// The sequence number of `records[0]` (numbers grow by one per record ever appended).
        var firstSequence = 0
        /// Sequence numbers of the records that still hold a body, oldest first.
        var withBody = Deque<Int>()
        /// Body bytes held in all.
        var bodyBytes = 0
    }

    private let capacity: Int
    /// Most body bytes held across all records.
    let bodyBudget: Int
    private let state = Mutex(Records())
    let waiters = JournalWaiters()

    /// A journal that keeps the newest `capacity` records and at most `bodyBudget` body bytes.
    init(capacity: Int, bodyBudget: Int = MockServer.Configuration.defaultJournalBodyBudget) {
        self.capacity = max(1, capacity)
        self.bodyBudget = max(0, bodyBudget)
    }

    /// Appends a finished request, dropping the oldest beyond the capacity and the oldest bodies
    /// beyond the budget; then hands it to the waiters.
    func append(_ record: RequestRecord) {
        state.withLock { state in
            let sequence = state.firstSequence + state.records.count
            state.records.append(record)
            if !record.body.isEmpty {
                state.withBody.append(sequence)
                state.bodyBytes += record.body.count
            }
            let excess = state.records.count - capacity
            if excess > 0 {
                for dropped in state.records.prefix(excess) { state.bodyBytes -= dropped.body.count }
                state.records.removeFirst(excess)
                state.firstSequence += excess
                while let oldest = state.withBody.first, oldest < state.firstSequence { state.withBody.removeFirst() }
            }
            while state.bodyBytes > bodyBudget, let oldest = state.withBody.popFirst() {
                let index = oldest - state.firstSequence
                state.bodyBytes -= state.records[index].body.count
                state.records[index].body = Data()
                state.records[index].bodyDropped = true
            }
        }
        waiters.offer(record)
    }

    /// The records, oldest first.
    var records: [RequestRecord] { state.withLock { Array($0.records) } }

    /// Body bytes held right now (for tests of the budget).
    var bodyBytes: Int { state.withLock { $0.bodyBytes } }

    /// Clears the records (waiters go on waiting for new ones).
    func reset() {
        state.withLock { state in
            state.firstSequence += state.records.count
            state.records.removeAll()
            state.withBody.removeAll()
            state.bodyBytes = 0
        }
    }

    /// The first record matching `matcher`, journalled before or after the call, within `timeout`.
    /// `settled` tells when no answer already sent is still to be journalled.
    func first(
        matching matcher: RequestMatcher, timeout: Duration, settled: @escaping @Sendable () -> Bool = { true }
    ) async throws(RequestWaitError) -> RequestRecord {
        let result = await waiters.wait(for: matcher, timeout: timeout, existing: { self.records }, settled: settled)
        switch result {
        case .matched(let record): return record
        case .timedOut: throw .timedOut(waitingFor: matcher.description, timeout: timeout, arrived: records)
        case .cancelled: throw .cancelled(waitingFor: matcher.description)
        case .stopped: throw .serverStopped(waitingFor: matcher.description, arrived: records)
        }
    }
}
