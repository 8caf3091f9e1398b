import Synchronization

/// The tasks a module started, cancelled together (also from a `deinit`, so it is `Sendable`).
final class TaskBag: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Keeps `task` until ``cancelAll()``; finished tasks are dropped as new ones come.
    func insert(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    /// Cancels every task kept and forgets them.
    func cancelAll() {
        let all = tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in all { task.cancel() }
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
