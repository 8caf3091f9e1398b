import Foundation
import Synchronization

/// What `POST /__admin/recordings/snapshot` makes mappings from: the newest proxied exchanges,
/// whether or not a recording ran, kept in memory within bounds: at most ``capacity`` exchanges,
/// a body kept only up to ``bodyLimit`` bytes (a longer one marks its exchange incomplete, which a
/// snapshot skips and counts), and the oldest dropped first. A `POST /__admin/reset` empties it
/// with the journal.
final class ProxyJournal: Sendable {
    /// Exchanges kept, at most (with ``bodyLimit``: 16 MB of bodies at most).
    static let capacity = 256
    /// Body bytes kept per exchange, at most.
    static let bodyLimit = 64 * 1024

    /// One proxied exchange as kept.
    struct Entry: Sendable {
        let request: ProxiedRequest
        let status: Int
        let headers: [StubHeader]
        /// The body, when it was complete and within ``ProxyJournal/bodyLimit``.
        let body: Data?
    }

    private struct State {
        var entries: [Entry] = []
    }

    private let state = Mutex<State>(State())

    /// The exchanges kept, oldest first.
    var entries: [Entry] { state.withLock { $0.entries } }

    /// Keeps `entry`, dropping the oldest past ``capacity``.
    func add(_ entry: Entry) {
        let dropped: Entry? = state.withLock { state in
            state.entries.append(entry)
            guard state.entries.count > Self.capacity else { return nil }
            return state.entries.removeFirst()
        }
        // The oldest entry (and its body) is freed here, outside the lock every proxied answer takes.
        withExtendedLifetime(dropped) {}
    }

    /// Forgets every exchange.
    func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }
}

/// Keeps one proxied answer for the ``ProxyJournal``: the head, and the body while it stays
/// within the limit.
final class ProxyJournalCapture: ProxyCapture {
    private struct State {
        var head = ProxyHead()
        var body = Data()
        var overLimit = false
    }

    private let request: ProxiedRequest
    private let journal: ProxyJournal
    private let state = Mutex<State>(State())

    /// A capture of the answer to `request`, kept in `journal` at its end.
    init(request: ProxiedRequest, journal: ProxyJournal) {
        self.request = request
        self.journal = journal
    }

    func head(status: Int, headers: [(name: String, value: String)]) {
        state.withLock { state in
            state.head = ProxyHead(status: status, headers: headers)
            // Room for the declared body at once, not grown (and copied) piece by piece.
            if let length = ProxyHeaders.contentLength(headers), length <= ProxyJournal.bodyLimit { state.body.reserveCapacity(length) }
        }
    }

    func body(_ chunk: UnsafeRawBufferPointer) {
        state.withLock { state in
            guard !state.overLimit else { return }
            guard state.body.count + chunk.count <= ProxyJournal.bodyLimit else {
                state.overLimit = true
                state.body = Data()
                return
            }
            state.body.append(contentsOf: chunk)
        }
    }

    func end(failure: String?) {
        let kept = state.withLock { $0 }
        guard failure == nil || (!kept.overLimit && RecordingCapture.isWhole(kept.body.count, headers: kept.head.headers)) else { return }
        journal.add(ProxyJournal.Entry(request: request, status: kept.head.status, headers: kept.head.headers, body: kept.overLimit ? nil : kept.body))
    }
}

/// Hands each call to several captures in turn (the recorder's and the proxy journal's).
final class ProxyCaptures: ProxyCapture {
    private let captures: [any ProxyCapture]

    /// Calls go to each of `captures`, in order.
    init(_ captures: [any ProxyCapture]) {
        self.captures = captures
    }

    func head(status: Int, headers: [(name: String, value: String)]) {
        for capture in captures { capture.head(status: status, headers: headers) }
    }

    func body(_ chunk: UnsafeRawBufferPointer) {
        for capture in captures { capture.body(chunk) }
    }

    func end(failure: String?) {
        for capture in captures { capture.end(failure: failure) }
    }
}
