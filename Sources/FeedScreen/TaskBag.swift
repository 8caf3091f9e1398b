import Synchronization

/// The tasks a module started, cancelled together (also from a `deinit`, so it is `Sendable`).
final class TaskBag: Sendable {
    private let tasks = Mutex<[String: Task<Void, Never>]>([:])

    /// Keeps `task` under `key` until ``cancelAll()``, cancelling the task kept under the same
    /// key before (a newer settings load supersedes an older one).
    func insert(_ task: Task<Void, Never>, key: String) {
        let previous = tasks.withLock { $0.updateValue(task, forKey: key) }
        previous?.cancel()
    }

    /// Cancels every task kept and forgets them.
    func cancelAll() {
        let all = tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in all.values { task.cancel() }
    }
}

/// A flag shared between tasks.
final class SharedFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// The current value.
    var isSet: Bool { value.load(ordering: .acquiring) }

    /// Sets the value.
    func set(_ newValue: Bool) { value.store(newValue, ordering: .releasing) }
}
