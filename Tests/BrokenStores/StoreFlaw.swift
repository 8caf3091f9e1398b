public import Foundation
public import Storage

/// One way a feed cache can break a TweetStore contract. Each broken twin keeps every other
/// rule as well as it can, so the one contract it targets is the one that must catch it.
public enum StoreFlaw: String, CaseIterable, Sendable {
    /// Shows placeholder tweets while the cache is empty.
    case seedsDemoTweets
    /// Deletes the file every time it opens.
    case wipesOnOpen
    /// Appends every saved tweet (no unique id).
    case noDedupe
    /// Reads tweets in the order they were saved.
    case insertionOrder
    /// Never drops old tweets.
    case noCapacity
    /// Delivers the current tweets once and never again.
    case silentObservation
    /// Keeps avatars in memory only.
    case avatarsInMemory
    /// Never evicts avatars.
    case noAvatarLimit
    /// Keeps settings in memory only.
    case settingsInMemory
    /// Opens the file as it is: a garbage file is an error.
    case noRecovery
    /// Saves each tweet in a transaction of its own.
    case noTransaction
}

/// The stores of a broken feed cache.
public struct BrokenFeedCache: Sendable {
    /// The tweets.
    public let tweets: any TweetCaching
    /// The avatars.
    public let avatars: any AvatarCaching
    /// The settings.
    public let settings: any SettingsStoring
    /// Whether opening replaced an unusable file.
    public let recovered: Bool

    /// Opens the cache at `url` with `flaw`.
    public static func open(at url: URL, avatarBytes: Int, flaw: StoreFlaw) async throws -> BrokenFeedCache {
        switch flaw {
        case .noDedupe, .insertionOrder, .noRecovery, .noTransaction:
            let plain = try PlainTweetStore(url: url, flaw: flaw)
            return BrokenFeedCache(
                tweets: plain, avatars: MemoryAvatars(limit: avatarBytes), settings: MemorySettings(), recovered: false)
        case .wipesOnOpen:
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        default:
            break
        }
        let database = try await FeedDatabase.open(at: url)
        let real = TweetStore(database: database, capacity: flaw == .noCapacity ? Int.max : TweetStore.defaultCapacity)
        let tweets: any TweetCaching = flaw == .seedsDemoTweets || flaw == .silentObservation ? FlawedTweets(real: real, flaw: flaw) : real
        let avatars: any AvatarCaching =
            switch flaw {
            case .avatarsInMemory: MemoryAvatars(limit: avatarBytes)
            case .noAvatarLimit: AvatarStore(database: database, sizeLimit: Int.max)
            default: AvatarStore(database: database, sizeLimit: avatarBytes)
            }
        let settings: any SettingsStoring = flaw == .settingsInMemory ? MemorySettings() : SettingsStore(database: database)
        return BrokenFeedCache(tweets: tweets, avatars: avatars, settings: settings, recovered: database.recovery != nil)
    }
}
