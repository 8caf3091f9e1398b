import Messages

/// One tweet as the interactor hands it to the presenter: plain values, no storage entity.
struct FeedEntry: Sendable, Hashable {
    /// The tweet's id.
    let id: Int64
    /// The author's display name.
    let userName: String
    /// The author's handle, without `@`.
    let screenName: String
    /// The text.
    let text: String
    /// Where the author's avatar is, when the answer had one.
    let avatarURL: String?
}

/// How a refresh ended (a cancelled refresh is not reported).
enum RefreshOutcome: Sendable, Hashable {
    /// New tweets (maybe none) were fetched and saved.
    case succeeded
    /// The refresh failed; `message` says why.
    case failed(UserMessage)
}

/// What ``FeedInteractor`` tells its presenter, always on the main actor.
@MainActor
protocol FeedInteractorOutput: AnyObject {
    /// The "show avatars" setting was (re)loaded.
    func interactorDidLoadSettings(showsAvatars: Bool)
    /// The tweets to show, newest first (from the cache at start, then from its observation).
    func interactorDidLoadTweets(_ entries: [FeedEntry])
    /// `seconds` are left until the next refresh (0 while a late refresh is still running).
    func interactorDidUpdateCountdown(secondsLeft seconds: Int)
    /// A refresh ended.
    func interactorDidFinishRefresh(_ outcome: RefreshOutcome)
    /// The avatar at `url` is available as `bytes`.
    func interactorDidLoadAvatar(_ bytes: [UInt8], for url: String)
    /// The avatar at `url` could not be had; it is not asked for again (final).
    func interactorDidFailLoadingAvatar(for url: String)
    /// Why the feed cannot cache (`nil`: it can); reported once, before the first tweets.
    func interactorDidLoadStorageNotice(_ notice: UserMessage?)
}
