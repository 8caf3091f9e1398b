/// The feed's persisted settings.
///
/// ``SettingsStore`` is the implementation.
public protocol SettingsStoring: Sendable {
    /// The saved settings, or the defaults when none were saved.
    func load() async throws(StorageError) -> FeedSettings
    /// Saves `settings`; they are what ``load()`` returns from now on, also after a restart.
    func save(_ settings: FeedSettings) async throws(StorageError)
}

/// The feed's settings.
public struct FeedSettings: Hashable, Sendable {
    /// Whether the feed shows (and downloads) avatars. On by default.
    public var showsAvatars: Bool

    /// The defaults: avatars on.
    public static let `default` = FeedSettings(showsAvatars: true)

    /// Creates settings.
    public init(showsAvatars: Bool) {
        self.showsAvatars = showsAvatars
    }
}
