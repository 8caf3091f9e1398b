import Foundation

/// The proxy's transfer threads: a ``StandingThreads`` pool named `mockserver-proxy` of at most
/// ``limit`` threads with 512 KB stacks, each leaving after ``idleSeconds`` without work. A small
/// proxied answer then costs a queue hand-off, not a thread's creation and teardown. Jobs past
/// the limit wait in the pool's FIFO, which has no bound (a transfer is never refused: the number
/// waiting is bounded by the connections the server accepts), and the pool is never stopped.
/// A job's ``StandingThreads/Job/release()`` lets its thread take the next transfer while it
/// still tidies up.
final class ProxyWorkers: Sendable {
    /// The threads' name (Foundation's `Thread.name`; on Linux it does not reach the kernel's task name).
    static let threadName = "mockserver-proxy"

    /// The pool itself (its counts are read by tests).
    let pool: StandingThreads

    /// Threads at most (jobs running at once).
    var limit: Int { pool.limit }

    /// How long an idle thread waits for work before it ends.
    let idleSeconds: Double

    init(limit: Int, idleSeconds: Double = 30) {
        self.idleSeconds = idleSeconds
        pool = StandingThreads(
            name: Self.threadName, limit: limit, linger: .milliseconds(Int64(idleSeconds * 1_000)),
            stackSize: 512 * 1024)
    }

    /// Queues `job`; a free thread takes it, or a new one when none is free and fewer than
    /// ``limit`` stand (otherwise it waits for the next thread to come free).
    func submit(_ job: @escaping @Sendable (StandingThreads.Job) -> Void) {
        do {
            try pool.submit(job)
        } catch {
            // Not reachable: the FIFO has no capacity and nothing stops the pool.
            preconditionFailure("the proxy's unbounded pool refused a transfer: \(error)")
        }
    }
}
