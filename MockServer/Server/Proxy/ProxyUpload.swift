import CCurl
import CMicroHTTPD
import Foundation

/// A request body streamed to the upstream while the client still sends it: the connection's
/// polling thread (libmicrohttpd's access handler, the writer) fills a bounded buffer, and the
/// transfer thread (libcurl's read callback, the reader) empties it.
///
/// Back-pressure both ways, never a busy loop: the reader blocks on the condition while nothing
/// is buffered and the body has not ended; the writer never waits, it takes what fits and, with
/// the buffer full, suspends the client's connection (``ConnectionScheduler``) with the rest left
/// unread, and the reader resumes it once it drained some. "Full, so suspend" and "drained, so
/// resume" happen under one lock, so a wake-up never slips between them.
///
/// Only the body's first ``RequestRecord/bodyLimit`` bytes are kept past the buffer (``prefix``),
/// for the recorder; nothing holds the whole upload.
///
/// `@unchecked Sendable`: every field is touched under `condition`'s lock only.
final class ProxyUpload: @unchecked Sendable {
    /// Body bytes buffered at most before the client's connection is suspended.
    static let capacity = 1024 * 1024

    /// What the upload looks like so far, for the recorder.
    struct Progress: Sendable {
        /// The body's first ``RequestRecord/bodyLimit`` bytes.
        var prefix: Data
        /// The bytes received so far (the whole body's size once `ended`).
        var size: Int
        /// The client sent its whole body.
        var ended: Bool
    }

    /// The request whose body this is.
    let context: RequestContext
    /// The body's length as the client declared it (`Content-Length`), or `nil` (chunked).
    let declaredLength: Int?
    private let scheduler: ConnectionScheduler
    private let condition = NSCondition()
    private var buffer = Data()
    private var offset = 0
    private var prefix = Data()
    private var received = 0
    private var ended = false
    private var abandoned = false
    private var closed = false
    private var waitingForRoom = false

    init(context: RequestContext, declaredLength: Int?, scheduler: ConnectionScheduler) {
        self.context = context
        self.declaredLength = declaredLength
        self.scheduler = scheduler
        buffer.reserveCapacity(Self.capacity)
    }

    // MARK: The polling thread

    /// What `offer` did with a chunk.
    enum Offer {
        /// This many bytes were taken (all of them, or what fitted with the connection now suspended).
        case took(Int)
        /// The buffer is full and the connection could not be suspended (the server stops).
        case stopping
    }

    /// Takes what fits of `count` bytes at `chunk`; with the buffer full, suspends `connection`
    /// until the reader drained it. Once the transfer ended, every byte is taken and dropped
    /// (counted only), so the request still ends and gets the transfer's answer or failure.
    func offer(_ chunk: UnsafeRawPointer, count: Int, connection: OpaquePointer) -> Offer {
        locked {
            let bytes = UnsafeRawBufferPointer(start: chunk, count: count)
            let kept = min(count, max(0, RequestRecord.bodyLimit - prefix.count))
            let room = closed ? count : min(count, Self.capacity - (buffer.count - offset))
            if kept > 0, room > 0 { prefix.append(contentsOf: bytes.prefix(min(kept, room))) }
            received += room
            if !closed, room > 0 {
                compact()
                buffer.append(contentsOf: bytes.prefix(room))
                condition.broadcast()
            }
            if room == count { return .took(room) }
            guard scheduler.suspend(context, connection: connection, until: nil) else { return .stopping }
            waitingForRoom = true
            return .took(room)
        }
    }

    /// Whether the client closed its end before the body it declared ended (a `recv` peek: end of
    /// stream with nothing unread). Needed because a close that arrives while the connection is
    /// suspended, or being resumed, can be missed by libmicrohttpd's edge-triggered epoll: it
    /// reads the last bytes, takes the short read for "drained", and never reads the end of
    /// stream, so the request would hang until the server stops. Not asked of a chunked body,
    /// whose end only libmicrohttpd's parser knows (a client may half-close after sending it).
    func isCut(connection: OpaquePointer) -> Bool {
        guard let declaredLength, locked({ received < declaredLength }) else { return false }
        let fd = cmhd_connection_fd(connection)
        guard fd >= 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// The client sent its whole body: the reader sends the end upstream.
    func finish() {
        locked {
            ended = true
            condition.broadcast()
        }
    }

    /// The client left (or the server stops) before its body ended: the transfer aborts.
    func abandon() {
        locked {
            abandoned = true
            buffer = Data()
            offset = 0
            condition.broadcast()
        }
    }

    // MARK: The transfer thread

    /// libcurl's `CURL_READFUNC_ABORT`: the transfer ends with `CURLE_ABORTED_BY_CALLBACK`.
    static let abort = 0x1000_0000

    /// Copies at most `maximum` bytes into `destination`, waiting until some arrived: the count
    /// copied, 0 at the body's end, or ``abort`` once the client left.
    func read(into destination: UnsafeMutableRawPointer, maximum: Int) -> Int {
        locked {
            while buffer.count == offset, !ended, !abandoned { condition.wait() }
            if abandoned { return Self.abort }
            let count = min(maximum, buffer.count - offset)
            guard count > 0 else { return 0 }
            buffer.withUnsafeBytes { source in
                destination.copyMemory(from: source.baseAddress! + offset, byteCount: count)
            }
            offset += count
            wakeWriter()
            return count
        }
    }

    /// The transfer ended (whatever way): what the client still sends is dropped, and a
    /// connection waiting for room is resumed.
    func close() {
        locked {
            closed = true
            buffer = Data()
            offset = 0
            wakeWriter()
        }
    }

    /// The body's first bytes and its size so far.
    var progress: Progress { locked { Progress(prefix: prefix, size: received, ended: ended) } }

    /// Resumes the client's connection if it waits for room (under the lock).
    private func wakeWriter() {
        guard waitingForRoom else { return }
        waitingForRoom = false
        scheduler.resume(context, reason: .ready)
    }

    /// Drops the bytes already read, so the buffer never grows past ``capacity`` (under the lock).
    private func compact() {
        guard offset > 0 else { return }
        if offset == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer.removeSubrange(0..<offset)
        }
        offset = 0
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

extension ProxyUpload {
    /// Has `handle` send this body with `method`: `Content-Length` when the client declared one,
    /// chunked otherwise (the client's own `Transfer-Encoding` is hop-by-hop), from ``read(into:maximum:)``.
    func configure(_ handle: UnsafeMutableRawPointer, method: String) {
        _ = ccurl_setopt_long(handle, CURLOPT_POST, 1)
        _ = ccurl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(declaredLength ?? -1))
        _ = ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        _ = ccurl_setopt_read_function(handle) { data, size, count, context in
            guard let data, let context else { return ProxyUpload.abort }
            return Unmanaged<ProxyUpload>.fromOpaque(context).takeUnretainedValue().read(into: data, maximum: size * count)
        }
        _ = ccurl_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque())
    }
}
