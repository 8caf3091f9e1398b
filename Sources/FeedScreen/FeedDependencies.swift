public import Messages
public import Networking
public import FeedData
public import Storage

/// What the feed module needs, handed to ``FeedRouter/makeModule(view:dependencies:openSettings:)``.
public struct FeedDependencies: Sendable {
    /// Where tweets are cached; what the screen shows comes from its observation.
    public let store: any TweetCaching
    /// Where new tweets come from (``TwitterClient``).
    public let source: any FeedSource
    /// Avatar bytes, kept between runs.
    public let avatars: any AvatarCaching
    /// The "show avatars" setting.
    public let settings: any SettingsStoring
    /// Fetches avatar images (the app's one shared client).
    public let avatarClient: any HTTPClient
    /// Measures the refresh interval and the countdown (a `TestClock` in tests).
    public let clock: any Clock<Duration>
    /// The language of every text the view shows.
    public let language: Language
    /// Time between two refreshes: 60 s.
    public let refreshInterval: Duration
    /// Most tweets shown.
    public let displayLimit: Int
    /// Why the feed cannot cache what it fetches (its storage could only be opened read-only,
    /// or not at all), or `nil`; asked once when the screen starts (the wireframe opens the
    /// feed's database then). The screen shows it in place of an empty message line.
    public let storageNotice: @Sendable () async -> UserMessage?

    /// Creates the dependencies.
    public init(
        store: any TweetCaching, source: any FeedSource, avatars: any AvatarCaching, settings: any SettingsStoring,
        avatarClient: any HTTPClient, clock: any Clock<Duration>, language: Language,
        refreshInterval: Duration = .seconds(60), displayLimit: Int = 100,
        storageNotice: @escaping @Sendable () async -> UserMessage? = { nil }
    ) {
        self.store = store
        self.source = source
        self.avatars = avatars
        self.settings = settings
        self.avatarClient = avatarClient
        self.clock = clock
        self.language = language
        self.refreshInterval = refreshInterval
        self.displayLimit = displayLimit
        self.storageNotice = storageNotice
    }
}
