import Foundation
import FeedData
import Storage

/// The feed's three caches, opened on first use: each call waits for the one opening (a task
/// started by the first caller), then goes to whichever store it produced. The wireframe hands
/// this to the feed and settings screens, so building the app (and showing the gallery) never
/// touches the feed's database.
final class DeferredFeedStorage: Sendable {
    private let opening: Task<FeedStorage, Never>

    /// Starts opening with `open` off the main actor.
    init(_ open: @escaping @Sendable () async -> FeedStorage) {
        opening = Task.detached { await open() }
    }

    /// The stores, once opened.
    var storage: FeedStorage {
        get async { await opening.value }
    }
}

extension DeferredFeedStorage: TweetCaching {
    @discardableResult
    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary {
        try await storage.tweets.save(tweets)
    }

    func latest(limit: Int) async throws(StorageError) -> [Tweet] {
        try await storage.tweets.latest(limit: limit)
    }

    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let forwarding = Task { [opening] in
            do {
                for try await tweets in await opening.value.tweets.observeLatest(limit: limit) {
                    continuation.yield(tweets)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return stream
    }
}

extension DeferredFeedStorage: AvatarCaching {
    func avatar(for url: String) async throws(StorageError) -> Data? {
        try await storage.avatars.avatar(for: url)
    }

    func store(_ data: Data, for url: String) async throws(StorageError) {
        try await storage.avatars.store(data, for: url)
    }

    func totalSize() async throws(StorageError) -> Int {
        try await storage.avatars.totalSize()
    }
}

extension DeferredFeedStorage: SettingsStoring {
    func load() async throws(StorageError) -> FeedSettings {
        try await storage.settings.load()
    }

    func save(_ settings: FeedSettings) async throws(StorageError) {
        try await storage.settings.save(settings)
    }
}
