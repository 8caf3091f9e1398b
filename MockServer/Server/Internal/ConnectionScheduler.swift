import CMicroHTTPD
import Foundation
import HeapModule
import Synchronization

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Why a suspended connection was resumed.
enum WakeReason: Sendable {
    /// Its deadline passed (end of a `delay`, next `drip` step).
    case deadline
    /// What it waited for is ready (a generated image).
    case ready
    /// The client closed its end while the connection was suspended.
    case clientLeft
    /// The daemon is stopping (offline switch or `stop()`).
    case shutdown

    /// Whether the connection must now be ended rather than continued.
    var endsConnection: Bool { self == .clientLeft || self == .shutdown }
}

/// Owns every suspended connection and the one thread that resumes them.
///
/// libmicrohttpd's serving model that scales to thousands of slow connections: a handler or
/// content reader that has nothing to do *suspends* its connection (`MHD_suspend_connection`)
/// instead of sleeping or returning 0 (which busy-loops). This scheduler then resumes it when its
/// deadline passes, when what it waits for is ready, or when the client leaves: a suspended
/// connection is invisible to libmicrohttpd's own polling, so its socket is watched here by a
/// ``ClientDepartureWatching`` (epoll's `EPOLLRDHUP` on the `.epoll` backend, `poll()` and a peek
/// on the `.portable` one). The thread sleeps in the watcher until the earliest deadline; the
/// watcher's wake-up rouses it early. Connections of every libmicrohttpd thread (a thread pool
/// serves the main port) come here, under one lock.
///
/// `MHD_stop_daemon` aborts the process if a connection is still suspended, so stopping a daemon
/// goes through ``beginStopping(daemon:)``: it resumes that daemon's connections and refuses new
/// suspensions under the same lock.
final class ConnectionScheduler: Sendable {
    private struct Deadline: Comparable {
        let nanoseconds: UInt64
        let token: UInt64
        static func < (lhs: Deadline, rhs: Deadline) -> Bool {
            (lhs.nanoseconds, lhs.token) < (rhs.nanoseconds, rhs.token)
        }
    }

    /// `@unchecked Sendable`: the connection pointer is only handed to `MHD_resume_connection`,
    /// which libmicrohttpd documents as callable from any thread.
    private struct Suspension: @unchecked Sendable {
        let context: RequestContext
        let connection: OpaquePointer
        let fd: Int32
    }

    private struct State {
        var deadlines = Heap<Deadline>()
        var suspended: [UInt64: Suspension] = [:]
        var tokenByContext: [ObjectIdentifier: UInt64] = [:]
        var stoppingDaemons: Set<Int> = []
        var nextToken: UInt64 = 1
        var shuttingDown = false
    }

    private let state = Mutex(State())
    /// What the thread sleeps on (the backend's).
    let watcher: any ClientDepartureWatching
    private let exited = DispatchSemaphore(value: 0)

    /// Starts the scheduler thread, sleeping on `watcher` (suspension tokens start at 1; the
    /// watchers may use 0 for themselves).
    init(watcher: any ClientDepartureWatching) {
        self.watcher = watcher
        let thread = Thread { [self] in self.run() }
        thread.name = "mockserver-scheduler"
        thread.start()
    }

    /// Number of connections suspended right now.
    var suspendedCount: Int { state.withLock { $0.suspended.count } }

    /// Suspends `connection` until `deadline` (monotonic ns; `nil`: until ``resume(_:reason:)``,
    /// the client leaving, or shutdown). Call only from inside one of the connection's MHD
    /// callbacks. Returns `false` when its daemon is stopping: the caller must end the connection.
    func suspend(_ context: RequestContext, connection: OpaquePointer, until deadline: UInt64?) -> Bool {
        state.withLock { state in
            guard !state.stoppingDaemons.contains(context.daemonID), !state.shuttingDown else {
                return false
            }
            let token = state.nextToken
            state.nextToken += 1
            let fd = cmhd_connection_fd(connection)
            MHD_suspend_connection(connection)
            state.suspended[token] = Suspension(context: context, connection: connection, fd: fd)
            state.tokenByContext[ObjectIdentifier(context)] = token
            if fd >= 0 { watcher.watch(fd, token: token, urgent: deadline == nil) }
            if let deadline {
                let earliest = state.deadlines.min?.nanoseconds ?? .max
                state.deadlines.insert(Deadline(nanoseconds: deadline, token: token))
                if deadline < earliest { watcher.wake() }
            }
            return true
        }
    }

    /// Resumes `context`'s connection if it is suspended (from any thread).
    func resume(_ context: RequestContext, reason: WakeReason) {
        state.withLock { state in
            guard let token = state.tokenByContext[ObjectIdentifier(context)] else { return }
            resume(token: token, reason: reason, in: &state)
        }
    }

    /// Refuses new suspensions for `daemon` and resumes all of its suspended connections, so
    /// that `MHD_stop_daemon` can run. Call ``endStopping(daemon:)`` once it returned.
    func beginStopping(daemon: Int) {
        state.withLock { state in
            state.stoppingDaemons.insert(daemon)
            let tokens = state.suspended.filter { $0.value.context.daemonID == daemon }.map(\.key)
            for token in tokens { resume(token: token, reason: .shutdown, in: &state) }
        }
    }

    /// Forgets a stopped daemon.
    func endStopping(daemon: Int) {
        _ = state.withLock { $0.stoppingDaemons.remove(daemon) }
    }

    /// Stops the thread (resuming whatever is still suspended) and closes the descriptors.
    func shutdown() {
        let wasRunning = state.withLock { state in
            guard !state.shuttingDown else { return false }
            state.shuttingDown = true
            for token in Array(state.suspended.keys) { resume(token: token, reason: .shutdown, in: &state) }
            watcher.wake()
            return true
        }
        guard wasRunning else { return }
        exited.wait()
        watcher.close()
    }

    // MARK: - Thread

    private func run() {
        while true {
            let timeout: Int32? = state.withLock { state in
                if state.shuttingDown { return nil }
                guard let next = state.deadlines.min?.nanoseconds else { return -1 }
                let now = monotonicNanoseconds()
                guard next > now else { return 0 }
                // Round up: waking a little late is fine, early would just loop once more.
                return Int32(min((next - now + 999_999) / 1_000_000, 60_000))
            }
            guard let timeout else { break }
            let left = watcher.wait(timeoutMilliseconds: timeout)
            state.withLock { state in
                for token in left { resume(token: token, reason: .clientLeft, in: &state) }
                let now = monotonicNanoseconds()
                while let next = state.deadlines.min, next.nanoseconds <= now {
                    state.deadlines.removeMin()
                    resume(token: next.token, reason: .deadline, in: &state)
                }
            }
        }
        exited.signal()
    }

    /// Resumes one suspension (no-op if it already ended). Holds the lock: `MHD_resume_connection`
    /// only takes MHD's own short internal lock and never calls back into us.
    private func resume(token: UInt64, reason: WakeReason, in state: inout State) {
        guard let suspension = state.suspended.removeValue(forKey: token) else { return }
        state.tokenByContext[ObjectIdentifier(suspension.context)] = nil
        if suspension.fd >= 0 { watcher.unwatch(suspension.fd, token: token) }
        suspension.context.setWakeReason(reason)
        MHD_resume_connection(suspension.connection)
    }
}
