import Settings
import Storage
import Synchronization

/// A ``SettingsView`` that records every model it is given.
@MainActor
final class SpySettingsView: SettingsView {
    private(set) var displayed: [SettingsViewModel] = []

    func display(_ settings: SettingsViewModel) { displayed.append(settings) }
}

/// A ``SettingsStoring`` in memory whose reads and writes can be made to fail.
final class FlakySettingsStore: SettingsStoring {
    private struct State {
        var settings = FeedSettings.default
        var failLoads = false
        var failSaves = false
        var saves = 0
    }

    private let state = Mutex(State())

    init(_ settings: FeedSettings = .default, failLoads: Bool = false, failSaves: Bool = false) {
        state.withLock { $0 = State(settings: settings, failLoads: failLoads, failSaves: failSaves) }
    }

    /// What is saved.
    var current: FeedSettings { state.withLock { $0.settings } }
    /// Save attempts.
    var saves: Int { state.withLock { $0.saves } }

    func load() async throws(StorageError) -> FeedSettings {
        let (settings, fails) = state.withLock { ($0.settings, $0.failLoads) }
        if fails { throw StorageError(.readFailed, "broken") }
        return settings
    }

    func save(_ settings: FeedSettings) async throws(StorageError) {
        let fails = state.withLock { state in
            state.saves += 1
            if !state.failSaves { state.settings = settings }
            return state.failSaves
        }
        if fails { throw StorageError(.writeFailed, "broken") }
    }
}
