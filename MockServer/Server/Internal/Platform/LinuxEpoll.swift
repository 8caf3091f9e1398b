// ┌──────────────────────────────────────────────────────────────────────────────────────────┐
// │ LINUX-ONLY CODE. Every call MockServer makes that exists on Linux alone lives in this    │
// │ file: epoll and eventfd (the scheduler's watcher), libmicrohttpd's MHD_USE_EPOLL and the │
// │ reset by `connect(AF_UNSPEC)` (together the `.epoll` backend, Linux's default), and the  │
// │ render threads' policy and nice value. The `.portable` backend (PollWatcher.swift,       │
// │ ServingPlatform.swift) uses none of them and is what other systems run; `make test` runs │
// │ the fault tests on both.                                                                 │
// └──────────────────────────────────────────────────────────────────────────────────────────┘
#if os(Linux)
import CMicroHTTPD
import Foundation
import Synchronization

/// The `.epoll` backend's system calls.
enum LinuxEpoll {
    /// libmicrohttpd polling with epoll on its internal thread(s), connections suspendable.
    static let daemonFlags =
        MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue

    /// Dissolves the TCP association of `fd` (`connect` with `AF_UNSPEC`), so the kernel
    /// answers the peer with a RST at once (curl 56); the handler then returns `MHD_NO` and
    /// libmicrohttpd closes the socket. Linux-only: BSD kernels refuse it (`EISCONN`).
    @discardableResult
    static func reset(_ fd: Int32) -> Bool {
        var address = sockaddr()
        address.sa_family = sa_family_t(AF_UNSPEC)
        return connect(fd, &address, socklen_t(MemoryLayout<sockaddr>.size)) == 0
    }
}

/// Linux's per-thread scheduling.
enum LinuxThread {
    /// Sets the calling thread's nice value: on Linux `setpriority(PRIO_PROCESS, 0, …)` names
    /// the calling thread, not the process (on other systems it would renice the process).
    static func setNiceness(_ niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }

    /// `SCHED_BATCH` (Linux's value; Glibc exports the name only to GNU sources).
    static let batchPolicy: Int32 = 3

    /// Makes the calling thread background work: `SCHED_BATCH` (the scheduler treats it as
    /// CPU-bound and never lets its wake-ups preempt other threads), then `niceness`. Either
    /// call failing leaves the thread as it was in that respect; neither is needed for correctness.
    static func setBackground(niceness: Int32) {
        var parameters = sched_param()
        parameters.sched_priority = 0
        _ = sched_setscheduler(0, batchPolicy, &parameters)
        setNiceness(niceness)
    }
}

/// ``ClientDepartureWatching`` on epoll: each suspended socket is registered for `EPOLLRDHUP`
/// (the peer closed or half-closed), which needs no peeking and ignores pipelined bytes; an
/// eventfd wakes the waiting thread.
final class EpollWatcher: ClientDepartureWatching {
    /// epoll data value that marks the wake-up eventfd (suspension tokens start at 1).
    private static let wakeToken: UInt64 = 0

    private let epollFD: Int32
    private let wakeFD: Int32
    /// Filled by `epoll_wait` on the scheduler thread only (the lock is never contended).
    private let events = Mutex([epoll_event](repeating: epoll_event(), count: 256))

    /// Creates the epoll set and the eventfd.
    init() throws(MockServerError) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw .systemResource("an epoll instance", errno: errno) }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            let code = errno
            Foundation.close(epollFD)
            throw .systemResource("an eventfd", errno: code)
        }
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(u64: Self.wakeToken))
        epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
    }

    func watch(_ fd: Int32, token: UInt64, urgent: Bool) {
        var event = epoll_event(events: EPOLLRDHUP.rawValue, data: epoll_data_t(u64: token))
        epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
    }

    func unwatch(_ fd: Int32, token: UInt64) {
        epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    }

    func wait(timeoutMilliseconds: Int32) -> [UInt64] {
        events.withLock { buffer in
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                epoll_wait(epollFD, pointer.baseAddress, Int32(pointer.count), timeoutMilliseconds)
            }
            var left: [UInt64] = []
            for index in 0..<Int(max(count, 0)) {
                let token = buffer[index].data.u64
                if token == Self.wakeToken {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                } else {
                    left.append(token)
                }
            }
            return left
        }
    }

    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    func close() {
        Foundation.close(wakeFD)
        Foundation.close(epollFD)
    }
}
#endif
