import Foundation
import FeedData
import Storage
import Synchronization

/// The real ``TweetStore`` with a flaw in what it delivers.
final class FlawedTweets: TweetCaching {
    private let real: TweetStore
    private let flaw: StoreFlaw

    init(real: TweetStore, flaw: StoreFlaw) {
        self.real = real
        self.flaw = flaw
    }

    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary {
        try await real.save(tweets)
    }

    func latest(limit: Int) async throws(StorageError) -> [Tweet] {
        let tweets = try await real.latest(limit: limit)
        guard flaw == .seedsDemoTweets, tweets.isEmpty else { return tweets }
        let demo = TwitterUser(id: 1, name: "Testbed", screenName: "testbed", avatarURL: nil)
        return [Tweet(id: 1, text: "Welcome! Pull to refresh.", createdAt: Date(timeIntervalSince1970: 0), author: demo)]
    }

    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        guard flaw == .silentObservation else { return real.observeLatest(limit: limit) }
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream()
        let task = Task { [real] in
            do {
                continuation.yield(try await real.latest(limit: limit))
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// Avatars in a dictionary: gone with the instance; evicts in insertion order within `limit`.
final class MemoryAvatars: AvatarCaching {
    private let entries = Mutex<[(String, Data)]>([])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    func avatar(for url: String) async throws(StorageError) -> Data? {
        entries.withLock { $0.first { $0.0 == url }?.1 }
    }

    func store(_ data: Data, for url: String) async throws(StorageError) {
        entries.withLock { entries in
            entries.removeAll { $0.0 == url }
            entries.append((url, data))
            while entries.reduce(0, { $0 + $1.1.count }) > limit, !entries.isEmpty { entries.removeFirst() }
        }
    }

    func totalSize() async throws(StorageError) -> Int {
        entries.withLock { $0.reduce(0) { $0 + $1.1.count } }
    }
}

/// Settings in memory: gone with the instance.
final class MemorySettings: SettingsStoring {
    private let settings = Mutex(FeedSettings.default)

    func load() async throws(StorageError) -> FeedSettings { settings.withLock { $0 } }
    func save(_ settings: FeedSettings) async throws(StorageError) { self.settings.withLock { $0 = settings } }
}
