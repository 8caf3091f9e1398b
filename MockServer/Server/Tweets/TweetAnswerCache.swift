import Foundation
import Synchronization

/// The encoded tweet answers already built, so a client polling the same page does not pay for
/// building and encoding it again.
///
/// An answer is a pure function of the request (endpoint and parameters, ``Route``), the base
/// URL its absolute links use (from the `Host` header), and how many tweets exist at the
/// server's time: that triple is the key, so a new tweet (or a moved `ManualServerClock`) means
/// a new key, never a stale answer. Built without the `malformed`/`empty` shapers, which are
/// applied to the cached bytes as to fresh ones. Building a 50-tweet v1.1 page took ~1 ms
/// (about 950 answers/s for one polling thread); a hit is a dictionary lookup. Answers are kept
/// as ``SharedBytes``, which responses send without copying (a 51 KB copy per hit was ~5% of
/// the CPU of a cached answer).
final class TweetAnswerCache: Sendable {
    struct Key: Hashable, Sendable {
        let route: Route
        let baseURL: String
        let tweetCount: Int
    }

    private struct State {
        var answers: [Key: SharedBytes] = [:]
        var order: [Key] = []
    }

    /// Most answers kept; the oldest inserted goes first. Pages are at most a few hundred KB.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The cached answer for `key`, or the one `build` makes (cached unless `build` returns nil).
    func answer(for key: Key, build: () -> Data?) -> Data? {
        sharedAnswer(for: key, build: build)?.data
    }

    /// ``answer(for:build:)`` as the shared bytes a response sends as they are.
    func sharedAnswer(for key: Key, build: () -> Data?) -> SharedBytes? {
        if let hit = state.withLock({ $0.answers[key] }) { return hit }
        guard let built = build().map(SharedBytes.init) else { return nil }
        return state.withLock { state in
            if let raced = state.answers[key] { return raced }
            state.answers[key] = built
            state.order.append(key)
            if state.order.count > capacity {
                state.answers[state.order.removeFirst()] = nil
            }
            return built
        }
    }

    /// How many answers are cached (tests).
    var count: Int { state.withLock { $0.answers.count } }
}
