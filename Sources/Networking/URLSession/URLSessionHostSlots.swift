import Synchronization

/// The per-host limit of a ``URLSessionHTTPClient``, kept in the adapter: at most `limit`
/// transfers per host are handed to the session, the others wait here in FIFO order.
///
/// The session has a per-host limit of its own (`httpMaximumConnectionsPerHost`), but a task
/// waiting there for a connection is already resumed, so its deadlines would run — the stall
/// deadline would count the wait, and queued requests would time out early. Waiting here, a
/// request has no stall clock yet; ``URLSessionTransfer`` starts it when its slot is granted.
final class URLSessionHostSlots: Sendable {
    /// Most transfers in flight per host.
    let limit: Int
    private let state = Mutex(State())

    private struct State {
        var inFlight: [String: Int] = [:]
        var waiting: [String: [Waiter]] = [:]
    }

    private struct Waiter {
        let id: ObjectIdentifier
        let start: @Sendable () -> Void
    }

    /// A limit of `limit` (at least 1) per host.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot of `host` for `id` and returns `true` (the caller starts the transfer now), or
    /// queues `id` and returns `false`: `start` is then called, outside any lock, when a slot is
    /// handed to it. Each `enter` is matched by exactly one ``leave(_:id:)``.
    func enter(_ host: String, id: ObjectIdentifier, start: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard state.inFlight[host, default: 0] < limit else {
                state.waiting[host, default: []].append(Waiter(id: id, start: start))
                return false
            }
            state.inFlight[host, default: 0] += 1
            return true
        }
    }

    /// `id` is done: removed from the line if it still waits, else its slot goes to the next in
    /// line (whose `start` is called) or is freed.
    func leave(_ host: String, id: ObjectIdentifier) {
        let next = state.withLock { state -> Waiter? in
            if let line = state.waiting[host], let index = line.firstIndex(where: { $0.id == id }) {
                state.waiting[host] = line.count == 1 ? nil : line.enumerated().filter { $0.offset != index }.map(\.element)
                return nil
            }
            if var line = state.waiting[host], !line.isEmpty {
                let next = line.removeFirst()
                state.waiting[host] = line.isEmpty ? nil : line
                return next  // the slot passes on: inFlight stays
            }
            let count = state.inFlight[host, default: 0] - 1
            state.inFlight[host] = count > 0 ? count : nil
            return nil
        }
        next?.start()
    }

    /// How many transfers of `host` hold a slot, and how many wait (for tests).
    func counts(_ host: String) -> (inFlight: Int, waiting: Int) {
        state.withLock { ($0.inFlight[host, default: 0], $0.waiting[host]?.count ?? 0) }
    }
}
