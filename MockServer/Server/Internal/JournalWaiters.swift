import Synchronization

/// The tasks waiting in ``MockServer/waitForRequest(matching:timeout:)``: each waits on a
/// continuation that exactly one of these resumes — a matching record, its timeout, its task's
/// cancellation, or the server stopping.
final class JournalWaiters: Sendable {
    /// How a wait ended.
    enum Result: Sendable {
        case matched(RequestRecord)
        case timedOut
        case cancelled
        case stopped
    }

    private enum Slot {
        /// Allocated; the continuation is not registered yet.
        case pending
        /// Ended (timeout or cancellation) before the continuation was registered.
        case endedEarly(Result)
        /// Registered.
        case waiting(RequestMatcher, CheckedContinuation<Result, Never>)
    }

    private struct State {
        var slots: [UInt64: Slot] = [:]
        var nextID: UInt64 = 0
        var stopped = false
    }

    private let state = Mutex(State())
    /// How long a wait that timed out still waits for answers already sent to be journalled.
    static let settleLimit = Duration.seconds(1)
    /// The longest timeout taken (a year); longer ones wait this long.
    static let longestTimeout = Duration.seconds(365 * 86_400)

    /// Waits until a record matches: first among `existing()` (read under the waiters' lock, so
    /// no record slips between the scan and the registration), then among those offered later.
    ///
    /// At the timeout it still waits (at most ``settleLimit``, polling every millisecond) until
    /// `settled()`: answers a client already has are journalled a moment later, and a wait
    /// should find them as ``MockServer/requests`` does.
    func wait(
        for matcher: RequestMatcher, timeout: Duration, existing: @escaping @Sendable () -> [RequestRecord],
        settled: @escaping @Sendable () -> Bool = { true }
    ) async -> Result {
        let id = state.withLock { state in
            state.nextID += 1
            state.slots[state.nextID] = .pending
            return state.nextID
        }
        let timer = Task { [self] in
            // Cancelled once the wait ended: `end` then finds no slot and does nothing.
            // Clamped: a deadline past the clock's range would trap in `Task.sleep`.
            guard (try? await Task.sleep(for: min(timeout, Self.longestTimeout))) != nil else { return }
            let clock = ContinuousClock()
            let deadline = clock.now + Self.settleLimit
            while !settled(), clock.now < deadline {
                guard (try? await Task.sleep(for: .milliseconds(1))) != nil else { return }
            }
            end(id, with: .timedOut)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
                let now: Result? = state.withLock { state in
                    // A timeout that came first still lets a record already journalled match.
                    var early: Result?
                    if case .endedEarly(let result) = state.slots.removeValue(forKey: id) { early = result }
                    if case .cancelled = early { return .cancelled }
                    if let match = existing().first(where: matcher.matches) { return .matched(match) }
                    if let early { return early }
                    if state.stopped { return .stopped }
                    state.slots[id] = .waiting(matcher, continuation)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            end(id, with: .cancelled)
        }
    }

    /// A record was journalled: resumes every waiter it matches.
    func offer(_ record: RequestRecord) {
        let matched = state.withLock { state -> [CheckedContinuation<Result, Never>] in
            guard !state.slots.isEmpty else { return [] }
            var matched: [CheckedContinuation<Result, Never>] = []
            for (id, slot) in state.slots {
                guard case .waiting(let matcher, let continuation) = slot, matcher.matches(record) else { continue }
                state.slots[id] = nil
                matched.append(continuation)
            }
            return matched
        }
        for continuation in matched { continuation.resume(returning: .matched(record)) }
    }

    /// The server stopped: every waiter ends now, and later waits end once they found no match.
    func stop() {
        let waiting = state.withLock { state -> [CheckedContinuation<Result, Never>] in
            state.stopped = true
            var waiting: [CheckedContinuation<Result, Never>] = []
            for (id, slot) in state.slots {
                guard case .waiting(_, let continuation) = slot else { continue }
                state.slots[id] = nil
                waiting.append(continuation)
            }
            return waiting
        }
        for continuation in waiting { continuation.resume(returning: .stopped) }
    }

    /// Waits registered right now (for tests: none may be left behind).
    var count: Int { state.withLock { $0.slots.count } }

    private func end(_ id: UInt64, with result: Result) {
        let continuation = state.withLock { state -> CheckedContinuation<Result, Never>? in
            switch state.slots[id] {
            case .pending:
                state.slots[id] = .endedEarly(result)
                return nil
            case .waiting(_, let continuation):
                state.slots[id] = nil
                return continuation
            case .endedEarly, nil:
                return nil
            }
        }
        continuation?.resume(returning: result)
    }
}
