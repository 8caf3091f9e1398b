/// What the ``ConnectionScheduler``'s thread sleeps on: the sockets of suspended connections,
/// watched for their client leaving, and a wake-up it can be roused by early.
///
/// A suspended connection is invisible to libmicrohttpd's own polling, so nobody else would
/// notice its client closing the socket. Two implementations: ``PollWatcher`` (`poll()` and a
/// pipe, every POSIX system) and, on Linux, `EpollWatcher` (epoll and an eventfd, in
/// `LinuxEpoll.swift`, the one file with Linux-only calls). The server's ``MockServer/Backend``
/// chooses.
///
/// ``watch(_:token:urgent:)``, ``unwatch(_:token:)`` and ``wake()`` may be called from any
/// thread (the scheduler calls them under its lock); ``wait(timeoutMilliseconds:)`` only from the
/// scheduler's thread.
protocol ClientDepartureWatching: Sendable {
    /// Starts watching `fd` (a suspended connection's socket) for its client leaving; `token`
    /// names it in what ``wait(timeoutMilliseconds:)`` returns. `urgent`: the connection has no
    /// deadline, so only this watch will ever end it (a watcher may defer a non-urgent one to its
    /// next wake-up).
    func watch(_ fd: Int32, token: UInt64, urgent: Bool)
    /// Stops watching `fd` (its connection was resumed). A watcher may still report `token` once
    /// afterwards; the scheduler ignores tokens it no longer knows.
    func unwatch(_ fd: Int32, token: UInt64)
    /// Sleeps until a watched client leaves, ``wake()`` is called, or `timeoutMilliseconds`
    /// pass (-1: no timeout); returns the tokens whose client left.
    func wait(timeoutMilliseconds: Int32) -> [UInt64]
    /// Makes a ``wait(timeoutMilliseconds:)`` in progress (or the next one) return at once.
    func wake()
    /// Releases the descriptors; call once, after the last ``wait(timeoutMilliseconds:)``.
    func close()
}
