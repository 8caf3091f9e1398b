import Storage
import Synchronization

/// The feed's settings kept in memory for the run: its settings store when the database
/// cannot be written (starting from what a read-only database holds).
final class MemorySettingsStore: SettingsStoring {
    private let current: Mutex<FeedSettings>

    /// A store starting with `settings`.
    init(_ settings: FeedSettings = .default) {
        current = Mutex(settings)
    }

    func load() async throws(StorageError) -> FeedSettings { current.withLock { $0 } }

    func save(_ settings: FeedSettings) async throws(StorageError) { current.withLock { $0 = settings } }
}
