import Foundation
import FeedData
import Storage
import Synchronization

/// A ``TweetCaching`` in memory with a working observation; saves can be made to fail.
final class InMemoryTweetStore: TweetCaching {
    private struct State {
        var tweets: [Int64: Tweet] = [:]
        var observers: [UUID: (limit: Int, continuation: AsyncThrowingStream<[Tweet], any Error>.Continuation)] = [:]
        var saveError: StorageError?
        var saves = 0
    }

    private let state = Mutex(State())

    init(_ tweets: [Tweet] = []) {
        state.withLock { state in
            for tweet in tweets { state.tweets[tweet.id] = tweet }
        }
    }

    /// Makes the next saves fail with `error` (`nil`: succeed again).
    func failSaves(with error: StorageError?) { state.withLock { $0.saveError = error } }

    /// Saves that succeeded.
    var saves: Int { state.withLock { $0.saves } }

    /// Observations still open.
    var observerCount: Int { state.withLock { $0.observers.count } }

    @discardableResult
    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary {
        let result: Result<TweetSaveSummary, StorageError> = state.withLock { state in
            if let error = state.saveError { return .failure(error) }
            let inserted = tweets.filter { state.tweets[$0.id] == nil }.count
            for tweet in tweets { state.tweets[tweet.id] = tweet }
            state.saves += 1
            for observer in state.observers.values {
                observer.continuation.yield(Self.newest(state.tweets, limit: observer.limit))
            }
            return .success(TweetSaveSummary(inserted: inserted, dropped: 0))
        }
        return try result.get()
    }

    func latest(limit: Int) async throws(StorageError) -> [Tweet] {
        state.withLock { Self.newest($0.tweets, limit: limit) }
    }

    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream()
        let id = UUID()
        state.withLock { state in
            state.observers[id] = (limit, continuation)
            continuation.yield(Self.newest(state.tweets, limit: limit))
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    private static func newest(_ tweets: [Int64: Tweet], limit: Int) -> [Tweet] {
        Array(tweets.values.sorted { $0.id > $1.id }.prefix(max(0, limit)))
    }
}
