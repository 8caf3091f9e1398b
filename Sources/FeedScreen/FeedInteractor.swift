import Foundation
import Logging
import Messages
import Networking
import FeedData
import Storage

/// The feed's use case: shows the cache first, refreshes it on a timer, follows the cache's
/// observation, loads the settings and the avatars.
///
/// The interactor lives on the main actor only to keep its bookkeeping (which tasks run, which
/// avatars are in flight) simple; every store and network call runs in a detached task, off the
/// main actor, and its result hops back here before it reaches the ``FeedInteractorOutput``.
/// After ``stop()`` nothing more is reported.
@MainActor
final class FeedInteractor {
    /// Largest avatar accepted: 1 MB.
    static let avatarMaxBytes = 1024 * 1024

    /// Where results go; held weakly (the presenter owns the interactor).
    weak var output: (any FeedInteractorOutput)?

    let dependencies: FeedDependencies
    let logger: Logger
    /// Every long-lived task: start-up, timer, observation, settings loads.
    let tasks = TaskBag()
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
    /// Whether the store's observation has ended (failed): nothing more comes from it.
    var isObservationOver = false
    private(set) var isStopped = false
    private var isStarted = false

    init(dependencies: FeedDependencies, logger: Logger) {
        self.dependencies = dependencies
        self.logger = logger
    }

    deinit {
        tasks.cancelAll()
    }

    /// Asks for the storage notice (the wireframe opens the feed's database then), loads the
    /// settings and the cached tweets, reports them, then starts the observation and the timer
    /// (a refresh at once, then every ``FeedDependencies/refreshInterval``). Once.
    func start() {
        guard !isStarted, !isStopped else { return }
        isStarted = true
        let (store, settings, limit, logger) = (dependencies.store, dependencies.settings, dependencies.displayLimit, logger)
        let storageNotice = dependencies.storageNotice
        tasks.insert(
            Task.detached { [weak self] in
                let notice = await storageNotice()
                let showsAvatars = await Self.loadShowsAvatars(settings, logger: logger)
                let cached: [Tweet]
                do {
                    cached = try await store.latest(limit: max(0, limit))
                } catch {
                    logger.error("reading the cached tweets failed", metadata: ["error": "\(error)"])
                    cached = []
                }
                guard let self, !Task.isCancelled else { return }
                await self.deliverStart(notice: notice, showsAvatars: showsAvatars, entries: cached.map(FeedEntry.init))
            }, key: "start")
    }

    /// Loads the settings again and reports them (back from the settings screen).
    func reloadSettings() {
        guard !isStopped else { return }
        let (settings, logger) = (dependencies.settings, logger)
        tasks.insert(
            Task.detached { [weak self] in
                let showsAvatars = await Self.loadShowsAvatars(settings, logger: logger)
                guard let self, !Task.isCancelled else { return }
                await self.deliver { $0.interactorDidLoadSettings(showsAvatars: showsAvatars) }
            }, key: "settings")
    }

    /// Stops everything: timer, refresh, observation, avatar fetches. Final.
    func stop() {
        isStopped = true
        tasks.cancelAll()
        cancelAvatarLoads()
    }

    // MARK: - Reporting

    /// Runs `report` with the output unless stopped.
    func deliver(_ report: @MainActor (any FeedInteractorOutput) -> Void) {
        guard !isStopped, let output else { return }
        report(output)
    }

    private func deliverStart(notice: UserMessage?, showsAvatars: Bool, entries: [FeedEntry]) {
        guard !isStopped else { return }
        deliver { $0.interactorDidLoadStorageNotice(notice) }
        deliver { $0.interactorDidLoadSettings(showsAvatars: showsAvatars) }
        show(entries)
        startObservation()
        startSchedule()
    }

    // MARK: - Observation and timer

    private func startObservation() {
        let (store, limit, logger) = (dependencies.store, dependencies.displayLimit, logger)
        tasks.insert(
            Task.detached { [weak self] in
                do {
                    for try await tweets in store.observeLatest(limit: max(0, limit)) {
                        let entries = tweets.map(FeedEntry.init)
                        guard let self else { return }
                        await self.observationDelivered(entries)
                    }
                } catch {
                    if !Task.isCancelled {
                        logger.error("observing the cached tweets failed", metadata: ["error": "\(error)"])
                    }
                }
                guard let self, !Task.isCancelled else { return }
                await self.observationEnded()
            }, key: "observation")
    }

    private func startSchedule() {
        let (clock, interval) = (dependencies.clock, dependencies.refreshInterval)
        let (store, source, limit, logger) = (dependencies.store, dependencies.source, dependencies.displayLimit, logger)
        tasks.insert(
            Task.detached { [weak self] in
                await RefreshSchedule.run(
                    clock: clock, interval: interval,
                    refresh: { [weak self] in
                        guard let outcome = await Self.refresh(store: store, source: source, logger: logger) else { return }
                        let saved = outcome == .succeeded ? await Self.newest(store, limit: limit, logger: logger) : nil
                        guard let self, !Task.isCancelled else { return }
                        await self.refreshDidEnd(outcome, saved: saved)
                    },
                    countdown: { [weak self] seconds in
                        guard let self, !Task.isCancelled else { return }
                        await self.deliver { $0.interactorDidUpdateCountdown(secondsLeft: seconds) }
                    })
            }, key: "schedule")
    }

    // MARK: - Work off the main actor

    /// One refresh: tweets newer than the newest cached one, saved to the store. `nil` when
    /// cancelled.
    nonisolated static func refresh(
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
    nonisolated static func newest(_ store: any TweetCaching, limit: Int, logger: Logger) async -> [FeedEntry]? {
        do {
            return try await store.latest(limit: max(0, limit)).map(FeedEntry.init)
        } catch {
            logger.warning("reading the refreshed tweets failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The "show avatars" setting, or the default when it cannot be read (logged).
    nonisolated static func loadShowsAvatars(_ settings: any SettingsStoring, logger: Logger) async -> Bool {
        do {
            return try await settings.load().showsAvatars
        } catch {
            logger.error("reading the settings failed; using the defaults", metadata: ["error": "\(error)"])
            return FeedSettings.default.showsAvatars
        }
    }
}

extension FeedEntry {
    /// The entry for `tweet`.
    init(_ tweet: Tweet) {
        self.init(
            id: tweet.id, userName: tweet.author.name, screenName: tweet.author.screenName, text: tweet.text,
            avatarURL: tweet.author.avatarURL)
    }
}
