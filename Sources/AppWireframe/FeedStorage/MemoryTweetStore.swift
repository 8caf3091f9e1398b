import Foundation
import FeedData
import Storage
import Synchronization

/// Tweets kept in memory for the run: the feed's cache when its database cannot be written.
/// Same rules as ``TweetStore`` (unique by id, newest first, at most `capacity`, users kept with
/// their tweets), with a working observation; nothing survives the process.
final class MemoryTweetStore: TweetCaching {
    private struct State {
        var tweets: [Int64: Tweet] = [:]
        var observers: [UUID: (limit: Int, continuation: AsyncThrowingStream<[Tweet], any Error>.Continuation)] = [:]
    }

    private let capacity: Int
    private let state = Mutex(State())

    /// A store holding `tweets` (e.g. those of a database that can only be read).
    init(_ tweets: [Tweet] = [], capacity: Int = TweetStore.defaultCapacity) {
        self.capacity = max(1, capacity)
        state.withLock { state in
            for tweet in tweets { state.tweets[tweet.id] = tweet }
            Self.trim(&state.tweets, to: self.capacity)
        }
    }

    @discardableResult
    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary {
        state.withLock { state in
            let inserted = tweets.filter { state.tweets[$0.id] == nil }.count
            for tweet in tweets { state.tweets[tweet.id] = tweet }
            let dropped = Self.trim(&state.tweets, to: capacity)
            for observer in state.observers.values {
                observer.continuation.yield(Self.newest(state.tweets, limit: observer.limit))
            }
            return TweetSaveSummary(inserted: inserted, dropped: dropped)
        }
    }

    func latest(limit: Int) async throws(StorageError) -> [Tweet] {
        guard limit >= 0 else { throw StorageError(.invalidArgument, "latest(limit:) needs a limit ≥ 0, got \(limit)") }
        return state.withLock { Self.newest($0.tweets, limit: limit) }
    }

    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        state.withLock { state in
            state.observers[id] = (max(0, limit), continuation)
            continuation.yield(Self.newest(state.tweets, limit: max(0, limit)))
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    private static func newest(_ tweets: [Int64: Tweet], limit: Int) -> [Tweet] {
        Array(tweets.values.sorted { $0.id > $1.id }.prefix(limit))
    }

    /// Drops the oldest tweets beyond `capacity`; returns how many.
    @discardableResult
    private static func trim(_ tweets: inout [Int64: Tweet], to capacity: Int) -> Int {
        guard tweets.count > capacity else { return 0 }
        let dropped = tweets.keys.sorted().prefix(tweets.count - capacity)
        for id in dropped { tweets[id] = nil }
        return dropped.count
    }
}
