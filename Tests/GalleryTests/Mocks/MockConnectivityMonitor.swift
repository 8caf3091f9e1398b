import Networking
import Synchronization

/// A ``ConnectivityMonitor`` the test drives: ``send(_:)`` publishes a state to every stream;
/// a new stream starts with the last state sent.
final class MockConnectivityMonitor: ConnectivityMonitor {
    private struct State {
        var current: Bool?
        var continuations: [AsyncStream<Bool>.Continuation] = []
    }

    private let state = Mutex(State())

    init(initial: Bool? = nil) {
        state.withLock { $0.current = initial }
    }

    var isOnline: Bool { get async { state.withLock { $0.current ?? true } } }

    var subscriberCount: Int { state.withLock { $0.continuations.count } }

    func changes() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        state.withLock { state in
            if let current = state.current { continuation.yield(current) }
            state.continuations.append(continuation)
        }
        return stream
    }

    func send(_ online: Bool) {
        state.withLock { state in
            state.current = online
            for continuation in state.continuations { continuation.yield(online) }
        }
    }
}
