import Synchronization

/// Hands every published ``DiskCacheFailure`` to each live subscriber's stream.
final class FailureBroadcaster: Sendable {
    private struct Subscribers {
        var nextID = 0
        var continuations: [Int: AsyncStream<DiskCacheFailure>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream of the failures published from now on (the newest 64 are buffered).
    func subscribe() -> AsyncStream<DiskCacheFailure> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: DiskCacheFailure.self, bufferingPolicy: .bufferingNewest(64))
        let id = subscribers.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `failure` to every subscriber.
    func publish(_ failure: DiskCacheFailure) {
        for continuation in subscribers.withLock({ Array($0.continuations.values) }) {
            continuation.yield(failure)
        }
    }

    deinit {
        for continuation in subscribers.withLock({ Array($0.continuations.values) }) {
            continuation.finish()
        }
    }
}
