import Synchronization

/// What `GET /__admin/events` streams from: where the journal stands, and the streams waiting
/// for it to move.
///
/// Every record goes into the journal through ``append(_:to:)`` and every reset through
/// ``reset(_:)``, under this feed's lock, so a stream that reads the journal under the same lock
/// (``inspect(_:)``) sees records and ``Position`` agree: no record is sent twice or skipped.
/// Lock order: the feed, then the journal, then the connection scheduler.
final class EventFeed: Sendable {
    /// How far the journal has come: resets so far, records appended since the start.
    struct Position: Sendable, Equatable {
        var generation = 0
        var sequence = 0
    }

    private struct State {
        var position = Position()
        var waiting: [ObjectIdentifier: RequestContext] = [:]
    }

    private let state = Mutex(State())

    /// Appends `record` to `journal`; returns the streams to wake.
    func append(_ record: RequestRecord, to journal: Journal) -> [RequestContext] {
        state.withLock { state in
            journal.append(record)
            state.position.sequence += 1
            return Self.takeWaiting(&state)
        }
    }

    /// Clears `journal`; returns the streams to wake (they send a fresh snapshot).
    func reset(_ journal: Journal) -> [RequestContext] {
        state.withLock { state in
            journal.reset()
            state.position.generation += 1
            return Self.takeWaiting(&state)
        }
    }

    /// Something else changed (the offline switch): returns the streams to wake.
    func takeWaiting() -> [RequestContext] {
        state.withLock { Self.takeWaiting(&$0) }
    }

    /// Runs `body` with the journal held still; `body` may register a stream as waiting (it is
    /// then returned by the next change, once).
    func inspect<Result: Sendable>(_ body: (Position, _ wait: (RequestContext) -> Void) -> Result) -> Result {
        state.withLock { state in
            body(state.position) { context in state.waiting[ObjectIdentifier(context)] = context }
        }
    }

    /// Forgets a stream that ended.
    func forget(_ context: RequestContext) {
        _ = state.withLock { $0.waiting.removeValue(forKey: ObjectIdentifier(context)) }
    }

    private static func takeWaiting(_ state: inout State) -> [RequestContext] {
        defer { state.waiting.removeAll() }
        return Array(state.waiting.values)
    }
}
