/// The feed screen as the presenter sees it: passive, it shows what it is given and reports
/// what the user does through a ``FeedViewOutput``.
@MainActor
public protocol FeedView: AnyObject {
    /// Shows `tweets`, newest first, replacing the list.
    func display(_ tweets: [TweetViewModel])
    /// Shows the countdown line, e.g. "Next update in 42 s".
    func showCountdown(_ text: String)
    /// Shows the message line (why the last refresh failed, else why the feed cannot cache, e.g.
    /// "Tweets cannot be saved on this device"), or hides it when `nil`.
    func showMessage(_ text: String?)
}

/// What the feed view reports; implemented by ``FeedPresenter``.
@MainActor
public protocol FeedViewOutput: AnyObject {
    /// The view is ready: show the cached tweets, then refresh, then every 60 s.
    func viewDidLoad()
    /// The view is on screen again (back from Settings): apply the settings.
    func viewWillAppear()
    /// The user asked for the settings.
    func didTapSettings()
    /// The view is going away for good: stop the timer and every request.
    func viewWillClose()
}

/// One tweet as the view shows it: immutable.
public struct TweetViewModel: Sendable, Hashable, Identifiable {
    /// The tweet's id.
    public let id: Int64
    /// The author's display name.
    public let userName: String
    /// The author's handle, without `@`.
    public let screenName: String
    /// The text.
    public let text: String
    /// The avatar, or ``AvatarViewModel/hidden`` when the setting is off.
    public let avatar: AvatarViewModel

    /// Creates a tweet model.
    public init(id: Int64, userName: String, screenName: String, text: String, avatar: AvatarViewModel) {
        self.id = id
        self.userName = userName
        self.screenName = screenName
        self.text = text
        self.avatar = avatar
    }
}

/// What a tweet shows in place of the avatar.
public enum AvatarViewModel: Sendable, Hashable {
    /// Nothing: avatars are off (and none is requested).
    case hidden
    /// A placeholder while the image is fetched (or when it could not be).
    case placeholder
    /// The avatar's encoded image bytes (PNG or JPEG).
    case image(bytes: [UInt8])
}

/// Navigation out of the feed; implemented by ``FeedRouter``.
@MainActor
public protocol FeedRouting: AnyObject {
    /// Shows the settings screen.
    func openSettings()
}
