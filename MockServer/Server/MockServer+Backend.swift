extension MockServer {
    /// How the server waits on its sockets (``Configuration/backend``). Both serve the same
    /// bytes with the same faults; `make test` runs the fault tests on both.
    public enum Backend: String, Sendable, CaseIterable {
        /// Linux only: libmicrohttpd on epoll, the scheduler on epoll and an eventfd, `reset` by
        /// `connect(AF_UNSPEC)`. The default on Linux.
        case epoll
        /// Any POSIX system (macOS included): libmicrohttpd on `poll()`, the scheduler on
        /// `poll()` and a pipe, `reset` by `SO_LINGER` 0. The default elsewhere.
        case portable

        /// `.epoll` on Linux, `.portable` elsewhere.
        public static var platformDefault: Backend {
            #if os(Linux)
            return .epoll
            #else
            return .portable
            #endif
        }

        /// Whether this system can run it (`.epoll` needs Linux).
        public var isAvailable: Bool {
            #if os(Linux)
            return true
            #else
            return self == .portable
            #endif
        }
    }
}

extension MockServer {
    /// The backend this server runs on (``Configuration/backend``).
    public var backend: Backend { core.platform.backend }

    /// How many threads serve the main port (``Configuration/servingThreads``, 0 resolved to
    /// the number of cores).
    public var servingThreads: Int { core.servingThreads }
}
