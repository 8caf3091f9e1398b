import Foundation
import Logging
import Messages
import Networking
import FeedData
import Storage

/// The feed's use case: shows the cache first, refreshes it on a timer, follows the cache's
/// observation, loads the settings and the avatars.
///
/// Its bookkeeping (which tasks run, which avatars are in flight, a refresh waiting for the
/// observation) lives on the main actor, next to the presenter that calls it; the work itself —
/// every store and network call — runs in `@concurrent` static functions, off the main actor,
/// which take what they need as parameters and return a value that the main actor applies.
/// Every task it starts is a main-actor task holding it weakly; ``stop()`` (or its end) cancels
/// them, and after ``stop()`` nothing more is reported. Built only by ``FeedRouter``.
@MainActor
final class FeedInteractor {
    /// Largest avatar accepted: 1 MB.
    static let avatarMaxBytes = 1024 * 1024

    /// Where results go; held weakly (the presenter owns the interactor).
    weak var output: (any FeedInteractorOutput)?

    let dependencies: FeedDependencies
    let logger: Logger
    /// Avatar fetches in flight, by URL.
    var avatarTasks: [String: AvatarFetch] = [:]
    /// The token of the latest avatar fetch started.
    var nextAvatarToken = 0
    /// Avatars that could not be fetched; not asked for again.
    var failedAvatars: Set<String> = []
    /// The tweets last handed to the output (`nil` before the first).
    var shownEntries: [FeedEntry]?
    /// A refresh that ended before the observation showed what it saved (see ``refreshDidEnd(_:saved:)``).
    var pendingRefresh: PendingRefresh?
    /// The store read while a pending refresh waits for an unexpected observation value; a newer
    /// read replaces it.
    var completionCheck: Task<Void, Never>?
    /// Whether the store's observation has ended (failed): nothing more comes from it.
    var isObservationOver = false
    private(set) var isStopped = false
    private var isStarted = false
    /// Storage notice, settings and cached tweets, read at start.
    private var startTask: Task<Void, Never>?
    /// The settings read again; a newer read replaces it.
    private var settingsTask: Task<Void, Never>?
    private var observationTask: Task<Void, Never>?
    private var scheduleTask: Task<Void, Never>?

    init(dependencies: FeedDependencies, logger: Logger) {
        self.dependencies = dependencies
        self.logger = logger
    }

    isolated deinit {
        cancelTasks()
    }

    /// Asks for the storage notice (the wireframe opens the feed's database then), loads the
    /// settings and the cached tweets, reports them, then starts the observation and the timer
    /// (a refresh at once, then every ``FeedDependencies/refreshInterval``). Once.
    func start() {
        guard !isStarted, !isStopped else { return }
        isStarted = true
        let (store, settings, limit, logger) = (dependencies.store, dependencies.settings, dependencies.displayLimit, logger)
        let storageNotice = dependencies.storageNotice
        startTask = Task { [weak self] in
            let start = await Self.loadStart(
                storageNotice: storageNotice, settings: settings, store: store, limit: limit, logger: logger)
            guard let self, !Task.isCancelled else { return }
            self.deliverStart(start)
        }
    }

    /// Loads the settings again and reports them (back from the settings screen).
    func reloadSettings() {
        guard !isStopped else { return }
        let (settings, logger) = (dependencies.settings, logger)
        settingsTask?.cancel()
        settingsTask = Task { [weak self] in
            let showsAvatars = await Self.loadShowsAvatars(settings, logger: logger)
            guard let self, !Task.isCancelled else { return }
            self.deliver { $0.interactorDidLoadSettings(showsAvatars: showsAvatars) }
        }
    }

    /// Stops everything: timer, refresh, observation, avatar fetches. Final.
    func stop() {
        isStopped = true
        cancelTasks()
    }

    private func cancelTasks() {
        for task in [startTask, settingsTask, observationTask, scheduleTask, completionCheck] { task?.cancel() }
        cancelAvatarLoads()
    }

    // MARK: - Reporting

    /// Runs `report` with the output unless stopped.
    func deliver(_ report: @MainActor (any FeedInteractorOutput) -> Void) {
        guard !isStopped, let output else { return }
        report(output)
    }

    private func deliverStart(_ start: FeedStart) {
        guard !isStopped else { return }
        deliver { $0.interactorDidLoadStorageNotice(start.notice) }
        deliver { $0.interactorDidLoadSettings(showsAvatars: start.showsAvatars) }
        show(start.entries)
        startObservation()
        startSchedule()
    }

    // MARK: - Observation and timer

    private func startObservation() {
        let (store, limit, logger) = (dependencies.store, dependencies.displayLimit, logger)
        observationTask = Task { [weak self] in
            let observation = await Self.observe(store, limit: limit)
            do {
                for try await tweets in observation {
                    guard let self else { return }
                    self.observationDelivered(tweets.map(FeedEntry.init))
                }
            } catch {
                if !Task.isCancelled {
                    logger.error("observing the cached tweets failed", metadata: ["error": "\(error)"])
                }
            }
            guard let self, !Task.isCancelled else { return }
            self.observationEnded()
        }
    }

    private func startSchedule() {
        let (clock, interval) = (dependencies.clock, dependencies.refreshInterval)
        let (store, source, limit, logger) = (dependencies.store, dependencies.source, dependencies.displayLimit, logger)
        let refresh: @MainActor @Sendable () async -> Void = { [weak self] in
            guard let ended = await Self.refreshAndRead(store: store, source: source, limit: limit, logger: logger),
                !Task.isCancelled
            else { return }
            self?.refreshDidEnd(ended.outcome, saved: ended.saved)
        }
        let countdown: @MainActor @Sendable (Int) -> Void = { [weak self] seconds in
            self?.deliver { $0.interactorDidUpdateCountdown(secondsLeft: seconds) }
        }
        scheduleTask = Task {
            await RefreshSchedule.run(clock: clock, interval: interval, refresh: refresh, countdown: countdown)
        }
    }

    // MARK: - Work off the main actor

    /// What the screen shows at start: why the feed cannot cache (or `nil`), the "show avatars"
    /// setting, and the cached tweets (none when they cannot be read; logged).
    @concurrent
    private nonisolated static func loadStart(
        storageNotice: @Sendable () async -> UserMessage?, settings: any SettingsStoring, store: any TweetCaching, limit: Int,
        logger: Logger
    ) async -> FeedStart {
        let notice = await storageNotice()
        let showsAvatars = await loadShowsAvatars(settings, logger: logger)
        let cached: [Tweet]
        do {
            cached = try await store.latest(limit: max(0, limit))
        } catch {
            logger.error("reading the cached tweets failed", metadata: ["error": "\(error)"])
            cached = []
        }
        return FeedStart(notice: notice, showsAvatars: showsAvatars, entries: cached.map(FeedEntry.init))
    }

    /// The store's observation of its newest `limit` tweets, started off the main actor
    /// (starting one may touch the database).
    @concurrent
    private nonisolated static func observe(
        _ store: any TweetCaching, limit: Int
    ) async -> AsyncThrowingStream<[Tweet], any Error> {
        store.observeLatest(limit: max(0, limit))
    }

    /// One refresh, then, when it saved, the newest tweets as read after the save (what the
    /// observation will show). `nil` when cancelled.
    @concurrent
    private nonisolated static func refreshAndRead(
        store: any TweetCaching, source: any FeedSource, limit: Int, logger: Logger
    ) async -> FinishedRefresh? {
        guard let outcome = await refresh(store: store, source: source, logger: logger) else { return nil }
        let saved = outcome == .succeeded ? await newest(store, limit: limit, logger: logger) : nil
        return FinishedRefresh(outcome: outcome, saved: saved)
    }

    /// One refresh: tweets newer than the newest cached one, saved to the store. `nil` when
    /// cancelled.
    @concurrent
    private nonisolated static func refresh(
        store: any TweetCaching, source: any FeedSource, logger: Logger
    ) async -> RefreshOutcome? {
        let sinceID: Int64?
        do {
            sinceID = try await store.latest(limit: 1).first?.id
        } catch {
            logger.warning("reading the newest cached id failed; fetching without since_id", metadata: ["error": "\(error)"])
            sinceID = nil
        }
        let page: TwitterPage
        do {
            page = try await source.fetchPage(sinceID: sinceID)
        } catch {
            guard let message = FailureMessages.feedRefresh(for: error, now: Date()), !Task.isCancelled else { return nil }
            logger.warning("refreshing the feed failed", metadata: ["error": "\(error)"])
            return .failed(message)
        }
        do {
            try await store.save(page.tweets)
        } catch {
            logger.error("saving the refreshed tweets failed", metadata: ["error": "\(error)"])
            return .failed(.feedUpdateFailed)
        }
        return Task.isCancelled ? nil : .succeeded
    }

    /// The newest `limit` cached tweets (what the observation will show), or `nil` when they
    /// cannot be read (logged).
    @concurrent
    nonisolated static func newest(_ store: any TweetCaching, limit: Int, logger: Logger) async -> [FeedEntry]? {
        do {
            return try await store.latest(limit: max(0, limit)).map(FeedEntry.init)
        } catch {
            logger.warning("reading the refreshed tweets failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The "show avatars" setting, or the default when it cannot be read (logged).
    @concurrent
    private nonisolated static func loadShowsAvatars(_ settings: any SettingsStoring, logger: Logger) async -> Bool {
        do {
            return try await settings.load().showsAvatars
        } catch {
            logger.error("reading the settings failed; using the defaults", metadata: ["error": "\(error)"])
            return FeedSettings.default.showsAvatars
        }
    }
}

/// What ``FeedInteractor`` shows at start.
private struct FeedStart: Sendable {
    /// Why the feed cannot cache what it fetches, or `nil`.
    let notice: UserMessage?
    /// The "show avatars" setting.
    let showsAvatars: Bool
    /// The cached tweets, newest first.
    let entries: [FeedEntry]
}

/// A refresh that ended: how, and, after a successful save, the newest tweets as read then.
private struct FinishedRefresh: Sendable {
    /// How it ended.
    let outcome: RefreshOutcome
    /// What the screen must show before the end is reported (`nil`: nothing to wait for).
    let saved: [FeedEntry]?
}

extension FeedEntry {
    /// The entry for `tweet`.
    init(_ tweet: Tweet) {
        self.init(
            id: tweet.id, userName: tweet.author.name, screenName: tweet.author.screenName, text: tweet.text,
            avatarURL: tweet.author.avatarURL)
    }
}
