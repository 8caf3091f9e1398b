/// Runs everything after a memory miss (disk read, transfer, decode) as one job per key, shared
/// by every concurrent load of that key.
///
/// The first load of a key starts a detached job task; later loads wait on it. Each waiter has
/// its own continuation, so a cancelled waiter is resumed with ``ImageLoadError/cancelled`` at
/// once while the others keep waiting; when the last waiter leaves, the job task is cancelled
/// (the client then closes its connection).
///
/// A plain load's job reads the caches first; a reload's job goes straight to the network. A
/// reload joining a job that is still reading the disk keeps it going to the network after a
/// hit, which is delivered to the plain loads at once (``LoadJob/deliver(_:)``); a plain load
/// joining after that hit gets it without waiting.
///
/// The ``TransferGate`` lives here too, so a job's priority and its place at the gate change
/// together on this actor.
actor LoadCoalescer {
    typealias Outcome = Result<LoadedImage, ImageLoadError>

    private struct Waiter {
        let continuation: CheckedContinuation<Outcome, Never>
        let reload: Bool
    }

    private struct Job {
        let id: UInt64
        let task: Task<Void, Never>
        var waiters: [UInt64: Waiter]
        var priority: ImageLoadOptions.Priority
        /// The cached copy already delivered to the plain loads, while reloads wait on.
        var delivered: LoadedImage?
    }

    private var jobs: [String: Job] = [:]
    private var lastID: UInt64 = 0
    private var gate: TransferGate

    /// A coalescer whose jobs run at most `maxConcurrentTransfers` transfers at once.
    init(maxConcurrentTransfers: Int) {
        gate = TransferGate(limit: maxConcurrentTransfers)
    }

    /// Waits for the job of `key`, starting `operation` as that job when none is running.
    func join(
        key: String, reload: Bool, priority: ImageLoadOptions.Priority,
        operation: @escaping @Sendable (LoadJob) async -> Outcome
    ) async -> Outcome {
        let waiter = makeID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Runs on this actor before any `leave` for this waiter can: a cancellation
                // that came earlier is seen here, a later one finds the waiter registered.
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled))
                } else if var job = jobs[key] {
                    if !reload, let delivered = job.delivered {
                        continuation.resume(returning: .success(delivered))
                        return
                    }
                    job.waiters[waiter] = Waiter(continuation: continuation, reload: reload)
                    if priority == .visible, job.priority != .visible {
                        job.priority = .visible
                        gate.raise(ticket: job.id, to: .visible)
                    }
                    jobs[key] = job
                } else {
                    let id = makeID()
                    let context = LoadJob(coalescer: self, key: key, id: id, readsCaches: !reload)
                    let task = Task.detached {
                        let outcome = await operation(context)
                        await self.finish(key: key, id: id, outcome: outcome)
                    }
                    jobs[key] = Job(
                        id: id, task: task, waiters: [waiter: Waiter(continuation: continuation, reload: reload)],
                        priority: priority)
                }
            }
        } onCancel: {
            Task { await self.leave(key: key, waiter: waiter) }
        }
    }

    /// Hands a cached copy to the plain loads of job `id`; `true` when reloads still wait for
    /// the network, `false` when the job is over.
    func deliver(_ image: LoadedImage, key: String, id: UInt64) -> Bool {
        guard var job = jobs[key], job.id == id else { return false }
        for (waiter, entry) in job.waiters where !entry.reload {
            entry.continuation.resume(returning: .success(image))
            job.waiters[waiter] = nil
        }
        guard !job.waiters.isEmpty else {
            jobs[key] = nil
            return false
        }
        job.delivered = image
        jobs[key] = job
        return true
    }

    /// Waits for a transfer slot for job `id`, at the priority of its most urgent waiter so
    /// far; `false` when the job was cancelled first (no slot held).
    func admit(key: String, id: UInt64) async -> Bool {
        guard jobs[key]?.id == id else { return false }
        if gate.enterAtOnce() { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard !Task.isCancelled, let job = jobs[key], job.id == id else {
                    continuation.resume(returning: false)
                    return
                }
                gate.wait(ticket: id, priority: job.priority, continuation: continuation)
            }
        } onCancel: {
            Task { await self.abandon(ticket: id) }
        }
    }

    /// Gives back the slot an ``admit(key:id:)`` returned `true` for.
    func releaseSlot() {
        gate.leave()
    }

    private func abandon(ticket: UInt64) {
        gate.abandon(ticket: ticket)
    }

    private func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// Resumes every waiter of job `id` with its outcome.
    private func finish(key: String, id: UInt64, outcome: Outcome) {
        guard let job = jobs[key], job.id == id else { return }
        jobs[key] = nil
        for waiter in job.waiters.values { waiter.continuation.resume(returning: outcome) }
    }

    /// Ends one waiter's wait; cancels the job when it was the last.
    private func leave(key: String, waiter: UInt64) {
        guard var job = jobs[key], let entry = job.waiters.removeValue(forKey: waiter) else { return }
        entry.continuation.resume(returning: .failure(.cancelled))
        if job.waiters.isEmpty {
            job.task.cancel()
            jobs[key] = nil
        } else {
            jobs[key] = job
        }
    }
}
