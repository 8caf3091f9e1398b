import Foundation
import Synchronization

/// The portable ``ClientDepartureWatching``: `poll()` over the suspended connections' sockets
/// plus the read end of a pipe that ``wake()`` writes to. Nothing here is specific to one
/// system: it is the backend of macOS (and any POSIX system), and Linux runs it too so that the
/// tests cover it.
///
/// How a client leaving is told apart without Linux's `POLLRDHUP` (macOS does not report
/// `POLLHUP` for a half-close): the socket is polled for input; when it is readable, a one-byte
/// `recv(…, MSG_PEEK)` returning 0 (end of stream) or a connection error means the client left.
/// Readable with bytes waiting (a pipelined request) means it is still there; its socket is
/// then watched for errors and hang-ups only, or every `poll()` would return at once (a busy
/// loop). Such a client closing is noticed when the connection resumes, or at `stop()`.
///
/// The `pollfd` array is the scheduler thread's own: a change to the watched set marks it
/// dirty and it is rebuilt at the next wake-up. Only a watch without a deadline (``watch(_:token:urgent:)``
/// with `urgent`) wakes the thread at once; a `drip` step, resumed at its deadline anyway,
/// costs no extra wake-up.
final class PollWatcher: ClientDepartureWatching {
    private struct Entry {
        let fd: Int32
        var watchesInput = true
    }

    private struct Watched {
        var entries: [UInt64: Entry] = [:]
        var dirty = false
    }

    /// The array handed to `poll()`, index-aligned with `tokens` (index 0: the pipe).
    private struct PollSet {
        var fds: [pollfd] = []
        var tokens: [UInt64] = []
    }

    private let watched = Mutex(Watched())
    /// Only the scheduler thread takes this lock (never contended); it keeps the array Sendable.
    private let pollSet = Mutex(PollSet())
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Creates the wake-up pipe (both ends non-blocking, close-on-exec).
    init() throws(MockServerError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .systemResource("a pipe", errno: errno) }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        watched.withLock { $0.dirty = true }
    }

    func watch(_ fd: Int32, token: UInt64, urgent: Bool) {
        watched.withLock { state in
            state.entries[token] = Entry(fd: fd)
            state.dirty = true
        }
        if urgent { wake() }
    }

    func unwatch(_ fd: Int32, token: UInt64) {
        watched.withLock { state in
            if state.entries.removeValue(forKey: token) != nil { state.dirty = true }
        }
    }

    func wait(timeoutMilliseconds: Int32) -> [UInt64] {
        var left: [UInt64] = []
        var quieted: [UInt64] = []
        pollSet.withLock { set in
            rebuildIfDirty(&set)
            let count = set.fds.withUnsafeMutableBufferPointer { buffer in
                poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
            }
            guard count > 0 else { return }
            for index in set.fds.indices where set.fds[index].revents != 0 {
                let revents = Int32(set.fds[index].revents)
                if index == 0 {
                    drainWakeups()
                    continue
                }
                let token = set.tokens[index]
                if revents & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    left.append(token)
                } else if revents & Int32(POLLIN) != 0 {
                    switch Self.peek(set.fds[index].fd) {
                    case .closed: left.append(token)
                    case .bytesWaiting:
                        set.fds[index].events = 0
                        quieted.append(token)
                    case .nothingYet: break
                    }
                }
            }
        }
        if !quieted.isEmpty {
            watched.withLock { state in
                for token in quieted { state.entries[token]?.watchesInput = false }
            }
        }
        return left
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    func close() {
        _ = Foundation.close(wakeRead)
        _ = Foundation.close(wakeWrite)
    }

    // MARK: - Private

    private func rebuildIfDirty(_ set: inout PollSet) {
        let entries = watched.withLock { state -> [(UInt64, Entry)]? in
            guard state.dirty else { return nil }
            state.dirty = false
            return state.entries.map { ($0.key, $0.value) }
        }
        guard let entries else { return }
        set.fds.removeAll(keepingCapacity: true)
        set.tokens.removeAll(keepingCapacity: true)
        set.fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
        set.tokens.append(0)
        for (token, entry) in entries {
            set.fds.append(pollfd(fd: entry.fd, events: entry.watchesInput ? Int16(POLLIN) : 0, revents: 0))
            set.tokens.append(token)
        }
    }

    private func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private enum PeekResult { case closed, bytesWaiting, nothingYet }

    /// What a readable socket holds, without taking it.
    private static func peek(_ fd: Int32) -> PeekResult {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if count == 0 { return .closed }
        if count > 0 { return .bytesWaiting }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR: return .nothingYet
        default: return .closed  // ECONNRESET and the like: gone too
        }
    }
}
