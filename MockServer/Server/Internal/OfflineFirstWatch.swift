import Synchronization

/// The `offline-first` gallery scenario's watch: armed when its gallery is served, it counts the
/// scenario's images served once each, and says when the last one went out (the server then goes
/// offline).
final class OfflineFirstWatch: Sendable {
    /// The image paths still waited for, when armed.
    private let waiting = Mutex<Set<String>?>(nil)

    /// Starts (or starts over) waiting for every image of the scenario.
    func arm() {
        waiting.withLock { $0 = Set(Gallery.paths(.offlineFirst)) }
    }

    /// Stops waiting (the admin API's reset).
    func disarm() {
        waiting.withLock { $0 = nil }
    }

    /// Counts `path` as served; `true` when it was the last image waited for (the watch is then
    /// disarmed).
    func served(_ path: String) -> Bool {
        waiting.withLock { waiting -> Bool in
            guard waiting != nil else { return false }
            waiting!.remove(path)
            guard waiting!.isEmpty else { return false }
            waiting = nil
            return true
        }
    }
}
