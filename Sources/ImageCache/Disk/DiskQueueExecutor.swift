import Dispatch

/// The executor of one ``DiskCache``: runs the actor's jobs, and so its blocking POSIX calls,
/// one at a time on a serial dispatch queue of its own instead of Swift's cooperative pool,
/// whose few threads (one per core) would otherwise sit in `open`/`read`/`write` while ready
/// tasks wait. Nuke's `DataCache` keeps its I/O on a serial queue for the same reason.
///
/// Sendable: its only state is an immutable `DispatchQueue`, which is itself thread-safe.
final class DiskQueueExecutor: SerialExecutor {
    /// Marks the queue, so code can ask whether it runs on a disk cache's queue (tests).
    static let queueKey = DispatchSpecificKey<Bool>()

    /// The serial queue every job runs on.
    let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.queueKey, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }

    /// Whether the calling code runs on some disk cache's queue.
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: queueKey) ?? false
    }
}
