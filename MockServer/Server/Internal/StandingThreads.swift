import DequeModule
import Foundation

/// A bounded set of standing threads fed by a FIFO: at most ``limit`` threads, started as the
/// load needs them, each taking queued jobs one after another and ending after ``linger``
/// without work. A stream of short jobs then costs a queue hand-off, not a thread's creation and
/// teardown (a thread start maps a stack, which waits for the address space's lock while another
/// thread maps or unmaps a large buffer), and an idle server holds none. Jobs past the limit wait
/// in the FIFO (at most ``capacity`` of them, when it is set), never on a polling thread.
///
/// A new thread starts only when a job finds no thread free to take it: a job queued is owed to
/// one free thread (waiting, starting, or released by its job), counted under the lock at the
/// moment it is queued, so two jobs never count on the same free thread and a thread is never
/// started while one is free. A job may say it is done early (``Job/release()``: what it was for
/// is done, only its tidying is left): its thread then counts as free for the next job, which it
/// takes as soon as the tidying ends, rather than a new thread being started for it. So there are
/// never more threads than jobs were running or queued at once, nor more than ``limit``.
///
/// A job not started yet can be withdrawn by the key it was queued with, and ``stop()`` drops
/// every waiting job, refuses new ones and ends the threads once their running job returns.
///
/// `@unchecked Sendable`: every mutable field is touched under `condition`'s lock only (a
/// condition variable, which a `Mutex` does not have, lets an idle thread wait with a timeout).
final class StandingThreads: @unchecked Sendable {
    /// The handle a job gets: ``release()`` frees its thread for the next job before it returns.
    struct Job: Sendable {
        fileprivate let threads: StandingThreads
        fileprivate let token: ReleaseToken

        /// Counts this job's thread as free from now on (once; later calls do nothing). Call it
        /// when what the job was for is done and only its tidying is left.
        func release() {
            threads.release(token)
        }
    }

    /// Why a job was not queued.
    enum Refusal: Error, Sendable {
        /// The FIFO holds ``StandingThreads/capacity`` jobs already.
        case full
        /// ``StandingThreads/stop()`` was called.
        case stopped
    }

    /// A queued job and the key it can be withdrawn by.
    private struct Entry {
        let key: (any AnyObject & Sendable)?
        let job: @Sendable (Job) -> Void
    }

    /// The threads' name (Foundation's `Thread.name`).
    let name: String
    /// Threads at most (jobs running at once).
    let limit: Int
    /// How long an idle thread waits for work before it ends.
    let linger: Duration
    /// Jobs waiting at most (beyond, ``submit(withdrawable:_:)`` refuses); `nil`: no bound.
    let capacity: Int?
    /// The nice value of the threads; above 0 they also run as background work (`SCHED_BATCH`).
    /// Linux only: elsewhere the nice value is the whole process's, so it is left alone.
    let niceness: Int32
    /// The threads' stack size in bytes; `nil`: Foundation's default.
    let stackSize: Int?

    private let condition = NSCondition()
    private var jobs = Deque<Entry>()
    private var threads = 0
    private var peak = 0
    /// Jobs running (started and not returned, released or not).
    private var running = 0
    /// Threads not running a job (waiting, starting, or released by their job) minus the jobs
    /// queued: each queued job counts on one of them; below zero, jobs wait for a thread.
    private var free = 0
    private var stopped = false

    /// A pool of at most `limit` threads named `name`, each ending after `linger` without work.
    init(name: String, limit: Int, linger: Duration, capacity: Int? = nil, niceness: Int32 = 0, stackSize: Int? = nil) {
        precondition(limit > 0, "a pool needs at least one thread")
        self.name = name
        self.limit = limit
        self.linger = linger
        self.capacity = capacity
        self.niceness = niceness
        self.stackSize = stackSize
    }

    /// Threads standing now (running or idle).
    var threadCount: Int { locked { threads } }

    /// The most threads that ever stood at once.
    var peakThreadCount: Int { locked { peak } }

    /// Threads free for the next job now (idle, or released by a job still tidying up); below
    /// zero, the number of jobs waiting for a thread.
    var freeCount: Int { locked { free } }

    /// Jobs waiting (not started).
    var queuedCount: Int { locked { jobs.count } }

    /// Jobs running (started and not returned).
    var runningCount: Int { locked { running } }

    /// Queues `job`; a free thread takes it, or a new one when none is free and fewer than
    /// ``limit`` stand (otherwise it waits for the next thread to come free). With a `key`, the
    /// job can be withdrawn until it starts (``withdraw(_:)``).
    func submit(withdrawable key: (any AnyObject & Sendable)? = nil, _ job: @escaping @Sendable (Job) -> Void) throws(Refusal) {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            throw .stopped
        }
        if let capacity, jobs.count >= capacity {
            condition.unlock()
            throw .full
        }
        jobs.append(Entry(key: key, job: job))
        // Under the limit with none free, a new thread (free itself, so the count stays); else
        // the job counts on a free thread, or (below zero) waits for the next one to come free.
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

    /// Withdraws the job queued with `key` if it has not started; returns whether it was withdrawn.
    @discardableResult
    func withdraw(_ key: any AnyObject & Sendable) -> Bool {
        let entry: Entry? = locked {
            guard let index = jobs.firstIndex(where: { $0.key === key }) else { return nil }
            free += 1
            return jobs.remove(at: index)
        }
        // (The job is released here, outside the lock: what it holds may end with it.)
        return entry != nil
    }

    /// Drops every job not started and refuses new ones; idle threads end at once, running jobs
    /// finish on their threads, which then end.
    func stop() {
        let dropped: Deque<Entry> = locked {
            stopped = true
            free += jobs.count
            let dropped = jobs
            jobs.removeAll()
            condition.broadcast()
            return dropped
        }
        // (The jobs are released here, outside the lock.)
        _ = dropped
    }

    private func startThread() {
        let thread = Thread { [self] in work() }
        thread.name = name
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// A thread's loop: the next job, or the end after an idle spell (or a stop).
    private func work() {
        #if os(Linux)
        if niceness > 0 { LinuxThread.setBackground(niceness: niceness) }
        #endif
        var token: ReleaseToken?
        while let job = next(after: token) {
            let current = ReleaseToken()
            token = current
            job(Job(threads: self, token: current))
        }
    }

    /// Called by a job, or by its thread once the job returned.
    private func release(_ token: ReleaseToken) {
        locked { releaseLocked(token) }
    }

    /// Counts the thread of `token`'s job free, once (under the lock).
    private func releaseLocked(_ token: ReleaseToken) {
        guard !token.released else { return }
        token.released = true
        free += 1
    }

    /// The next job for a thread whose last job (if any) held `token`; `nil` when it ends.
    private func next(after token: ReleaseToken?) -> (@Sendable (Job) -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        if let token {
            releaseLocked(token)
            running -= 1
        }
        while jobs.isEmpty, !stopped {
            let woken = condition.wait(until: Date(timeIntervalSinceNow: Self.seconds(linger)))
            // A job queued meanwhile counts on this thread (or another free one): look again.
            if !woken, jobs.isEmpty, free > 0 { break }
        }
        guard !stopped, let entry = jobs.popFirst() else {
            free -= 1
            threads -= 1
            return nil
        }
        running += 1
        return entry.job
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// Whether one job's thread already counts as free (touched under the pool's lock only).
/// `@unchecked Sendable`: see ``StandingThreads``.
private final class ReleaseToken: @unchecked Sendable {
    var released = false
}
