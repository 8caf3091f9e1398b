import Synchronization

/// The last known connectivity state and its subscribers: publishes only changes, replays the
/// current state to a new subscriber.
final class ConnectivityState: Sendable {
    private struct State {
        var current: Bool?
        var subscribers: [Int: AsyncStream<Bool>.Continuation] = [:]
        var nextID = 0
        var completedProbes = 0
    }

    private let state = Mutex(State())

    /// The last published state, `nil` before the first.
    var current: Bool? { state.withLock { $0.current } }

    /// How many results have been published (changed or not).
    var completedProbes: Int { state.withLock { $0.completedProbes } }

    /// A stream that starts with the current state, when known, and then yields each change.
    func subscribe() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            if let current = state.current { continuation.yield(current) }
            return id
        }
        // Set outside the lock: termination can run synchronously and takes the lock itself.
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Records a probe result; subscribers hear it only when it differs from the current state.
    func publish(_ online: Bool) {
        state.withLock { state in
            state.completedProbes += 1
            guard state.current != online else { return }
            state.current = online
            // Yielding never re-enters this type (termination handlers only run on finish or
            // cancellation), and doing it under the lock keeps every subscriber's order.
            for continuation in state.subscribers.values { continuation.yield(online) }
        }
    }

    /// Ends every stream handed out so far.
    func finishSubscribers() {
        let subscribers = state.withLock { state in
            defer { state.subscribers = [:] }
            return state.subscribers.values
        }
        for continuation in subscribers { continuation.finish() }
    }
}
