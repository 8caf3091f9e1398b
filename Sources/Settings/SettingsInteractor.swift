import Storage

/// The settings use case: reads and writes ``FeedSettings`` through a ``SettingsStoring``;
/// saves run one after another, in the order asked.
///
/// Its bookkeeping (the load and the saves in flight) lives on the main actor, next to the
/// presenter; the store calls run in `@concurrent` static functions, off the main actor, which
/// return a `Result` that the main actor applies. Built only by ``SettingsRouter``.
@MainActor
final class SettingsInteractor {
    /// Where results go; held weakly (the presenter owns the interactor).
    weak var output: (any SettingsInteractorOutput)?
    private let store: any SettingsStoring
    private var lastSave: Task<Void, Never>?
    private var load: Task<Void, Never>?
    /// How many saves were asked for; the last one's number ends the waiting.
    private var saveCount = 0
    private var waiters: [@MainActor () -> Void] = []

    init(store: any SettingsStoring) {
        self.store = store
    }

    isolated deinit {
        load?.cancel()
    }

    /// Whether a save has not finished yet.
    var isSaving: Bool { lastSave != nil }

    /// Reads the saved settings; the answer goes to
    /// ``SettingsInteractorOutput/interactorDidLoadSettings(_:)`` or
    /// ``SettingsInteractorOutput/interactorDidFailLoadingSettings(_:)``.
    func loadSettings() {
        let store = store
        load = Task { [weak self] in
            let result = await Self.load(store)
            switch result {
            case .success(let settings): self?.output?.interactorDidLoadSettings(settings)
            case .failure(let error): self?.output?.interactorDidFailLoadingSettings(error)
            }
        }
    }

    /// Saves `settings` after any save asked before.
    func save(_ settings: FeedSettings) {
        let (store, previous) = (store, lastSave)
        saveCount += 1
        let number = saveCount
        lastSave = Task { [weak self] in
            await previous?.value
            let result = await Self.save(settings, to: store)
            self?.saveFinished(result, number: number)
        }
    }

    /// Runs `action` once every save asked so far has finished (at once when none is running).
    func afterSaves(_ action: @escaping @MainActor () -> Void) {
        guard lastSave != nil else { return action() }
        waiters.append(action)
    }

    private func saveFinished(_ result: Result<FeedSettings, StorageError>, number: Int) {
        switch result {
        case .success(let settings): output?.interactorDidSaveSettings(settings)
        case .failure(let error): output?.interactorDidFailSavingSettings(error)
        }
        guard number == saveCount else { return }
        lastSave = nil
        let ready = waiters
        waiters = []
        for action in ready { action() }
    }

    // MARK: Work off the main actor

    @concurrent
    private nonisolated static func load(_ store: any SettingsStoring) async -> Result<FeedSettings, StorageError> {
        do throws(StorageError) {
            return .success(try await store.load())
        } catch {
            return .failure(error)
        }
    }

    @concurrent
    private nonisolated static func save(
        _ settings: FeedSettings, to store: any SettingsStoring
    ) async -> Result<FeedSettings, StorageError> {
        do throws(StorageError) {
            try await store.save(settings)
            return .success(settings)
        } catch {
            return .failure(error)
        }
    }
}
