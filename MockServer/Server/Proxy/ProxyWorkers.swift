import Foundation

/// A standing pool of transfer threads: at most ``limit``, started as the load needs them, each
/// taking queued transfers one after another and leaving after ``idleSeconds`` without work. A
/// small proxied answer then costs a queue hand-off, not a thread's creation and teardown (which
/// was most of the proxy's own CPU time per request). Transfers past the limit wait in the queue,
/// never on a polling thread.
///
/// `@unchecked Sendable`: every field is touched under `condition`'s lock only.
final class ProxyWorkers: @unchecked Sendable {
    /// Threads at most (transfers running at once).
    let limit: Int
    /// How long an idle thread waits for work before it ends.
    let idleSeconds: Double
    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var head = 0
    private var threads = 0
    private var idle = 0

    init(limit: Int, idleSeconds: Double = 30) {
        self.limit = limit
        self.idleSeconds = idleSeconds
    }

    /// Threads standing now (running or idle).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    /// Threads waiting for work now.
    var idleCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return idle
    }

    /// Queues `job`; wakes an idle thread, or starts one when every standing thread is busy and
    /// fewer than ``limit`` stand.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(job)
        let startsThread = queue.count - head > idle && threads < limit
        if startsThread { threads += 1 }
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
        while let job = next() { job() }
    }

    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count {
            idle += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
            idle -= 1
            if !woken && head == queue.count {
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
}
