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
    /// falling back to `MHD_USE_AUTO` where libmicrohttpd was built without `poll()`.
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
            return polling | MHD_ALLOW_SUSPEND_RESUME.rawValue
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
    /// handler returns `MHD_NO`. `.epoll`: `connect(AF_UNSPEC)` (``LinuxEpoll/reset(_:)``);
    /// `.portable`: `SO_LINGER {1, 0}` and the socket closed at once (`cmhd_abort_connection`),
    /// since libmicrohttpd would `shutdown(SHUT_WR)` (a FIN) before its own `close`. Returns
    /// whether it worked.
    @discardableResult
    func reset(_ connection: OpaquePointer) -> Bool {
        switch backend {
        case .epoll:
            #if os(Linux)
            let fd = cmhd_connection_fd(connection)
            return fd >= 0 && LinuxEpoll.reset(fd)
            #else
            return false
            #endif
        case .portable:
            return cmhd_abort_connection(connection) == 0
        }
    }
}
