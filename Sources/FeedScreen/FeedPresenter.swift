import Messages

/// The feed screen's presenter: turns what the interactor reports into view models and tells
/// the view; forwards the view's events.
///
/// Holds the view weakly, the interactor and the router strongly. Built by
/// ``FeedRouter/makeModule(view:dependencies:openSettings:)``; the caller keeps it alive.
@MainActor
public final class FeedPresenter: FeedViewOutput {
    /// The tweets the view was last given, newest first.
    public private(set) var tweets: [TweetViewModel] = []
    /// The countdown line the view was last given ("" before the first tick).
    public private(set) var countdownText = ""
    /// The message line the view was last given, `nil` when hidden.
    public private(set) var messageText: String?
    /// Refreshes that ended so far (successful or not); each one's tweets were handed to the
    /// view before it counted.
    public private(set) var refreshesEnded = 0
    /// Whether the last refresh that ended failed (`false` before the first).
    public private(set) var lastRefreshFailed = false
    /// Why the feed cannot cache what it fetches, as shown on the message line when no refresh
    /// failure is (`nil`: it can, or the screen has not started yet).
    public private(set) var storageNoticeText: String?

    private weak var view: (any FeedView)?
    private let interactor: FeedInteractor
    private let router: any FeedRouting
    private let language: Language
    private var entries: [FeedEntry] = []
    private var showsAvatars = false
    private var avatarBytes: [String: [UInt8]] = [:]
    private var failedAvatars: Set<String> = []

    init(view: any FeedView, interactor: FeedInteractor, router: any FeedRouting, language: Language) {
        self.view = view
        self.interactor = interactor
        self.router = router
        self.language = language
    }

    // MARK: - FeedViewOutput

    /// Shows the cached tweets, then refreshes at once and every interval.
    public func viewDidLoad() {
        interactor.start()
    }

    /// Reloads the settings (they may have changed on the settings screen) and shows the tweets
    /// again accordingly.
    public func viewWillAppear() {
        interactor.reloadSettings()
    }

    /// Opens the settings through the router.
    public func didTapSettings() {
        router.openSettings()
    }

    /// Stops the timer, the refresh, the observation and every avatar fetch.
    public func viewWillClose() {
        interactor.stop()
    }

    /// Whether an avatar of a tweet on screen is still on its way (not loaded, not failed).
    /// A failed avatar keeps its placeholder but is not pending: its failure is final.
    public var isLoadingAvatars: Bool {
        showsAvatars && entries.contains { entry in
            guard let url = entry.avatarURL else { return false }
            return avatarBytes[url] == nil && !failedAvatars.contains(url)
        }
    }

    // MARK: - Rendering

    private func render() {
        tweets = entries.map { entry in
            TweetViewModel(
                id: entry.id, userName: entry.userName, screenName: entry.screenName, text: entry.text,
                avatar: avatar(for: entry))
        }
        view?.display(tweets)
        if showsAvatars {
            let missing = Set(entries.compactMap(\.avatarURL)).subtracting(avatarBytes.keys).subtracting(failedAvatars)
            if !missing.isEmpty { interactor.loadAvatars(missing.sorted()) }
        }
    }

    private func avatar(for entry: FeedEntry) -> AvatarViewModel {
        guard showsAvatars else { return .hidden }
        guard let url = entry.avatarURL, let bytes = avatarBytes[url] else { return .placeholder }
        return .image(bytes: bytes)
    }
}

extension FeedPresenter: FeedInteractorOutput {
    func interactorDidLoadSettings(showsAvatars: Bool) {
        self.showsAvatars = showsAvatars
        if !showsAvatars { interactor.cancelAvatarLoads() }
        if !entries.isEmpty { render() }
    }

    func interactorDidLoadTweets(_ entries: [FeedEntry]) {
        self.entries = entries
        let shown = Set(entries.compactMap(\.avatarURL))
        avatarBytes = avatarBytes.filter { shown.contains($0.key) }
        render()
    }

    func interactorDidUpdateCountdown(secondsLeft seconds: Int) {
        countdownText = UserMessage.nextUpdateIn(seconds: seconds).text(in: language)
        view?.showCountdown(countdownText)
    }

    func interactorDidFinishRefresh(_ outcome: RefreshOutcome) {
        switch outcome {
        case .succeeded:
            lastRefreshFailed = false
            messageText = storageNoticeText
        case .failed(let message):
            lastRefreshFailed = true
            messageText = message.text(in: language)
        }
        refreshesEnded += 1
        view?.showMessage(messageText)
    }

    func interactorDidLoadStorageNotice(_ notice: UserMessage?) {
        storageNoticeText = notice?.text(in: language)
        guard let storageNoticeText else { return }
        messageText = storageNoticeText
        view?.showMessage(messageText)
    }

    func interactorDidFailLoadingAvatar(for url: String) {
        failedAvatars.insert(url)
    }

    func interactorDidLoadAvatar(_ bytes: [UInt8], for url: String) {
        avatarBytes[url] = bytes
        guard showsAvatars, entries.contains(where: { $0.avatarURL == url }) else { return }
        render()
    }
}
