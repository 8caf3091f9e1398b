import DequeModule
import Synchronization

/// The per-URL request counts behind `flaky=K` (and, in a second instance, `fail_rate`), bounded: at most ``capacity`` URLs are
/// counted, and past that the least recently requested URL is forgotten. A forgotten URL
/// counts from zero again, so it fails another K times — the price of a bounded memory when
/// a client requests more distinct `flaky` URLs than the bound.
final class FlakyCounters: Sendable {
    /// How many URLs are counted by default (the journal's bound).
    static let defaultCapacity = 10_000

    private struct Entry {
        var count: Int
        /// The tick of the URL's last request; entries of `order` with an older tick are stale.
        var tick: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// URLs in the order of their requests, oldest first, with the tick of that request.
        /// A URL requested again gets a new element and its older ones turn stale; stale
        /// elements are skipped when evicting and dropped when they outnumber the live ones.
        var order = Deque<(url: String, tick: UInt64)>()
        var tick: UInt64 = 0
    }

    /// Most URLs counted at once.
    let capacity: Int
    private let state = Mutex(State())

    /// Counters for at most `capacity` URLs (at least one).
    init(capacity: Int = FlakyCounters.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Counts one more request for `url` (path + query) and returns how many there have been
    /// since it was last reset or evicted.
    func count(_ url: String) -> Int {
        state.withLock { state in
            state.tick &+= 1
            let count = (state.entries[url]?.count ?? 0) + 1
            state.entries[url] = Entry(count: count, tick: state.tick)
            state.order.append((url, state.tick))
            while state.entries.count > capacity, let oldest = state.order.popFirst() {
                if state.entries[oldest.url]?.tick == oldest.tick { state.entries[oldest.url] = nil }
            }
            if state.order.count > 2 * capacity + 16 {
                let live = state.entries
                state.order = Deque(state.order.filter { live[$0.url]?.tick == $0.tick })
            }
            return count
        }
    }

    /// How many URLs are counted now (at most ``capacity``).
    var trackedCount: Int { state.withLock { $0.entries.count } }

    /// Elements in the request-order log, live and stale (stays below 2 × capacity + 17).
    var orderLogCount: Int { state.withLock { $0.order.count } }

    /// The current count of `url`, without counting a request (0 when not tracked).
    func current(_ url: String) -> Int { state.withLock { $0.entries[url]?.count ?? 0 } }

    /// Forgets every count.
    func reset() {
        state.withLock { $0 = State() }
    }
}
