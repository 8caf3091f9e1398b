import Foundation

/// A standing pool of transfer threads: at most ``limit``, started as the load needs them, each
/// taking queued jobs one after another and leaving after ``idleSeconds`` without work. A small
/// proxied answer then costs a queue hand-off, not a thread's creation and teardown. Jobs past
/// the limit wait in the queue, never on a polling thread.
///
/// A new thread starts only when a job finds no thread free to take it: a job queued is owed to
/// one free thread (waiting, or back from its last job), counted under the lock at the moment it
/// is queued, so two jobs never count on the same free thread and a thread is never started
/// while one is free. A job may say it is done early (``Job/release()``, the transfer's answer is
/// out but it still tidies up): its thread then counts as free for the next job, which it takes
/// as soon as the tidying ends, rather than a new thread being started for it. So the pool never
/// holds more threads than jobs were running or queued at once, nor more than ``limit``.
///
/// `@unchecked Sendable`: every field is touched under `condition`'s lock only.
final class ProxyWorkers: @unchecked Sendable {
    /// The handle a job gets: ``release()`` frees its thread for the next job before it returns.
    struct Job: Sendable {
        fileprivate let workers: ProxyWorkers
        fileprivate let token: ReleaseToken

        /// Counts this job's thread as free from now on (once; later calls do nothing). Call it
        /// when what the job was for is done and only its tidying is left.
        func release() {
            workers.release(token)
        }
    }

    /// Threads at most (jobs running at once).
    let limit: Int
    /// How long an idle thread waits for work before it ends.
    let idleSeconds: Double
    private let condition = NSCondition()
    private var queue: [@Sendable (Job) -> Void] = []
    private var head = 0
    private var threads = 0
    /// Threads not running a job (waiting, or released by their job) minus the jobs queued: each
    /// queued job counts on one of them; below zero, jobs wait for a thread to come free.
    private var free = 0
    private var peak = 0

    init(limit: Int, idleSeconds: Double = 30) {
        precondition(limit > 0, "a pool needs at least one thread")
        self.limit = limit
        self.idleSeconds = idleSeconds
    }

    /// Threads standing now (running or idle).
    var threadCount: Int { locked { threads } }

    /// The most threads that ever stood at once.
    var peakThreadCount: Int { locked { peak } }

    /// Threads free for the next job now (idle, or released by a job still tidying up); below
    /// zero, the number of jobs waiting for a thread.
    var freeCount: Int { locked { free } }

    /// Queues `job`; a free thread takes it, or a new one when none is free and fewer than
    /// ``limit`` stand (otherwise it waits for the next thread to come free).
    func submit(_ job: @escaping @Sendable (Job) -> Void) {
        condition.lock()
        queue.append(job)
        // Under the limit with none free, a new thread; else the job counts on a free thread,
        // or (below zero) waits for the next thread to come free.
        let startsThread = free <= 0 && threads < limit
        if startsThread {
            threads += 1
            peak = max(peak, threads)
        } else {
            free -= 1
        }
        condition.signal()
        condition.unlock()
        if startsThread { startThread() }
    }

    private func startThread() {
        let thread = Thread { [self] in work() }
        thread.name = "mockserver-proxy"
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// A thread's loop: the next job, or the end after an idle spell.
    private func work() {
        var token: ReleaseToken?
        while let job = next(after: token) {
            token = ReleaseToken()
            job(Job(workers: self, token: token!))
        }
    }

    /// Called by a job, or by its thread once the job returned.
    private func release(_ token: ReleaseToken) {
        locked {
            guard !token.released else { return }
            token.released = true
            free += 1
        }
    }

    /// The next job for a thread whose last job (if any) held `token`.
    private func next(after token: ReleaseToken?) -> (@Sendable (Job) -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        if let token, !token.released {
            token.released = true
            free += 1
        }
        while head == queue.count {
            let woken = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
            // A job queued meanwhile counts on this thread (or another free one): look again.
            if !woken, head == queue.count, free > 0 {
                free -= 1
                threads -= 1
                return nil
            }
        }
        let job = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// Whether one job's thread already counts as free (touched under the pool's lock only).
/// `@unchecked Sendable`: see ``ProxyWorkers``.
private final class ReleaseToken: @unchecked Sendable {
    var released = false
}
