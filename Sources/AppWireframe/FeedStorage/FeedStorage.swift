import Foundation
import Logging
import Storage

/// The feed's caches (tweets, avatars, settings) as they could be opened, and how.
struct FeedStorage: Sendable {
    let tweets: any TweetCaching
    let avatars: any AvatarCaching
    let settings: any SettingsStoring
    let status: FeedStorageStatus

    /// Opens the database at `url`; when that fails (a full disk, a read-only file system, a
    /// file locked or not writable, a folder that cannot be made), opens it read-only and keeps
    /// what the network brings in memory; when even that fails, caches in memory only. Never
    /// throws: the feed works without its cache. Failures are logged as warnings.
    static func open(at url: URL, avatarBytes: Int, logger: Logger) async -> FeedStorage {
        let failure: StorageError
        do {
            let database = try await FeedDatabase.open(at: url, logger: logger)
            return FeedStorage(
                tweets: TweetStore(database: database), avatars: AvatarStore(database: database, sizeLimit: avatarBytes),
                settings: SettingsStore(database: database), status: .writable(recovery: database.recovery))
        } catch {
            failure = error
        }
        logger.warning("the feed cache cannot be written", metadata: ["path": "\(url.path)", "error": "\(failure)"])
        do {
            let database = try await FeedDatabase.openReadOnly(at: url, logger: logger)
            let cached = try await TweetStore(database: database).latest(limit: TweetStore.defaultCapacity)
            let settings = try await SettingsStore(database: database).load()
            logger.warning("the feed cache is read-only for this run", metadata: ["path": "\(url.path)", "tweets": "\(cached.count)"])
            return FeedStorage(
                tweets: MemoryTweetStore(cached),
                avatars: MemoryAvatarStore(sizeLimit: avatarBytes) { url in try? await database.storedAvatar(for: url) },
                settings: MemorySettingsStore(settings), status: .readOnly(reason: failure.description))
        } catch {
            logger.warning(
                "the feed cache cannot be read either; caching in memory", metadata: ["path": "\(url.path)", "error": "\(error)"])
        }
        return FeedStorage(
            tweets: MemoryTweetStore(), avatars: MemoryAvatarStore(sizeLimit: avatarBytes), settings: MemorySettingsStore(),
            status: .memoryOnly(reason: failure.description))
    }
}
