import CMicroHTTPD
import Foundation

/// What a ``MockServer/Backend`` means in system calls: how libmicrohttpd polls, what the
/// scheduler's thread sleeps on, and how the `reset` fault resets a connection.
struct ServingPlatform: Sendable {
    let backend: MockServer.Backend

    /// Checks that `backend` runs on this system.
    init(_ backend: MockServer.Backend) throws(MockServerError) {
        guard backend.isAvailable else { throw .backendUnavailable(backend.rawValue) }
        self.backend = backend
    }

    /// libmicrohttpd's flags: its internal polling thread(s), suspendable connections, and the
    /// polling mechanism. `.portable` asks for `poll()` (what `MHD_USE_AUTO` picks on macOS; on
    /// Linux `MHD_USE_AUTO` would pick epoll, and the tests would not cover what macOS runs),
    /// falling back to `MHD_USE_AUTO` where libmicrohttpd was built without `poll()`; and
    /// `MHD_USE_TURBO`, whose only effect outside epoll is that closing a connection does not
    /// `shutdown(SHUT_WR)` first (no FIN before the RST of ``reset(_:)``) and new sockets are
    /// close-on-exec.
    var daemonFlags: UInt32 {
        switch backend {
        case .epoll:
            #if os(Linux)
            return LinuxEpoll.daemonFlags
            #else
            return 0  // unreachable: `init` refused it
            #endif
        case .portable:
            let polling =
                cmhd_supports_poll() != 0
                ? MHD_USE_POLL_INTERNAL_THREAD.rawValue : MHD_USE_AUTO_INTERNAL_THREAD.rawValue
            return polling | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_TURBO.rawValue
        }
    }

    /// The scheduler's watcher for this backend.
    func makeWatcher() throws(MockServerError) -> any ClientDepartureWatching {
        switch backend {
        case .epoll:
            #if os(Linux)
            return try EpollWatcher()
            #else
            throw .backendUnavailable(backend.rawValue)
            #endif
        case .portable:
            return try PollWatcher()
        }
    }

    /// Makes the connection end with a RST (curl 56) rather than a FIN (curl 52) once the
    /// handler returns `MHD_NO`. `.portable`: `SO_LINGER {1, 0}`, so libmicrohttpd's `close`
    /// aborts the connection (it sends no FIN first under `MHD_USE_TURBO`); `.epoll`:
    /// `connect(AF_UNSPEC)` (``LinuxEpoll/reset(_:)``), at once. Returns whether it worked.
    @discardableResult
    func reset(_ connection: OpaquePointer) -> Bool {
        let fd = cmhd_connection_fd(connection)
        guard fd >= 0 else { return false }
        switch backend {
        case .epoll:
            #if os(Linux)
            return LinuxEpoll.reset(fd)
            #else
            return false
            #endif
        case .portable:
            var abort = linger(l_onoff: 1, l_linger: 0)
            return setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size)) == 0
        }
    }
}
