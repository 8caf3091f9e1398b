import Storage

/// What ``SettingsInteractor`` tells its presenter, on the main actor.
@MainActor
protocol SettingsInteractorOutput: AnyObject {
    /// The saved settings were read (the defaults when they could not be: `error` says why).
    func interactorDidLoad(_ settings: FeedSettings, error: StorageError?)
    /// `settings` were saved, or not (`error`).
    func interactorDidSave(_ settings: FeedSettings, error: StorageError?)
}

/// The settings use case: reads and writes ``FeedSettings`` through a ``SettingsStoring``,
/// off the main actor; saves run one after another, in the order asked.
@MainActor
final class SettingsInteractor {
    /// Where results go; held weakly (the presenter owns the interactor).
    weak var output: (any SettingsInteractorOutput)?
    private let store: any SettingsStoring
    private var lastSave: Task<Void, Never>?
    private var load: Task<Void, Never>?
    /// How many saves were asked for; the last one's number ends the waiting.
    private var saveCount = 0

    init(store: any SettingsStoring) {
        self.store = store
    }

    deinit {
        load?.cancel()
    }

    /// Whether a save has not finished yet.
    var isSaving: Bool { lastSave != nil }

    /// Reads the saved settings.
    func loadSettings() {
        let store = store
        load = Task.detached { [weak self] in
            let result: (FeedSettings, StorageError?)
            do throws(StorageError) {
                result = (try await store.load(), nil)
            } catch {
                result = (.default, error)
            }
            await self?.loadFinished(result.0, error: result.1)
        }
    }

    /// Saves `settings` after any save asked before.
    func save(_ settings: FeedSettings) {
        let (store, previous) = (store, lastSave)
        saveCount += 1
        let number = saveCount
        lastSave = Task.detached { [weak self] in
            await previous?.value
            var failure: StorageError?
            do throws(StorageError) {
                try await store.save(settings)
            } catch {
                failure = error
            }
            await self?.saveFinished(settings, error: failure, number: number)
        }
    }

    /// Runs `action` once every save asked so far has finished (at once when none is running).
    func afterSaves(_ action: @escaping @MainActor () -> Void) {
        guard lastSave != nil else { return action() }
        waiters.append(action)
    }

    private var waiters: [@MainActor () -> Void] = []

    private func loadFinished(_ settings: FeedSettings, error: StorageError?) {
        output?.interactorDidLoad(settings, error: error)
    }

    private func saveFinished(_ settings: FeedSettings, error: StorageError?, number: Int) {
        output?.interactorDidSave(settings, error: error)
        guard number == saveCount else { return }
        lastSave = nil
        let ready = waiters
        waiters = []
        for action in ready { action() }
    }
}
