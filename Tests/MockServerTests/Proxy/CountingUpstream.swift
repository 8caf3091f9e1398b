import Foundation
import TestSupport

/// An order-sensitive checksum of a byte stream, fed in pieces of any size (8-byte words, the
/// last partial word padded), cheap enough for hundreds of MB in a debug build.
struct StreamChecksum {
    private(set) var count = 0
    private var value: UInt64 = 0xCBF2_9CE4_8422_2325
    private var pending: [UInt8] = []

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        var start = 0
        if !pending.isEmpty {
            while pending.count < 8, start < bytes.count {
                pending.append(bytes[start])
                start += 1
            }
            guard pending.count == 8 else { return }
            mix(pending.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
            pending = []
        }
        let words = (bytes.count - start) / 8
        for index in 0..<words { mix(bytes.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self)) }
        start += words * 8
        pending.append(contentsOf: bytes[start...])
    }

    /// The checksum of everything added (hex).
    var digest: String {
        var copy = self
        if !copy.pending.isEmpty {
            copy.pending += [UInt8](repeating: 0, count: 8 - copy.pending.count)
            copy.mix(copy.pending.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        }
        return String(copy.value, radix: 16)
    }

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x100_0000_01B3
    }
}

/// A raw-socket upstream on 127.0.0.1 (port 0): it reads each request's body (by
/// `Content-Length`, or chunked) and answers `count checksum`; in `stall` mode it reads the
/// head and then nothing (an upstream that stops reading); with `cutAfter`, it closes the
/// connection (a reset, bytes left unread) once it read that many body bytes. What each
/// connection saw is kept.
final class CountingUpstream: @unchecked Sendable {
    /// What one request brought.
    struct Seen: Sendable {
        var head: String
        var count: Int
        var checksum: String
        /// The body ended as declared (not cut by the peer leaving).
        var complete: Bool
    }

    let port: Int
    private let fd: Int32
    private let stall: Bool
    private let cutAfter: Int
    private let lock = NSLock()
    private var seenList: [Seen] = []
    private var stopped = false

    init(stall: Bool = false, cutAfter: Int = .max) throws {
        self.stall = stall
        self.cutAfter = cutAfter
        let fd = Sockets.tcp()
        var address = Loopback.address(port: 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Sockets.listen(fd, backlog: 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// What the requests brought, in the order they ended.
    var seen: [Seen] { lock.withLock { seenList } }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    private func acceptLoop() {
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var reader = SocketReader(fd: client)
        guard let head = reader.head() else { return }
        if stall {
            // Reads nothing more until the test ends.
            while !lock.withLock({ stopped }) { usleep(20_000) }
            lock.withLock { seenList.append(Seen(head: head, count: 0, checksum: "", complete: false)) }
            return
        }
        var checksum = StreamChecksum()
        let lower = head.lowercased()
        let complete: Bool
        if lower.contains("transfer-encoding: chunked") {
            complete = reader.chunked { checksum.add($0) }
        } else {
            let length = lower.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            complete = reader.body(min(length, cutAfter)) { checksum.add($0) } && length <= cutAfter
        }
        lock.withLock { seenList.append(Seen(head: head, count: checksum.count, checksum: checksum.digest, complete: complete)) }
        guard complete else { return }
        let body = "\(checksum.count) \(checksum.digest)"
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = Array(answer.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}

/// Buffered reads from a socket: a head, a body of a given length, a chunked body.
struct SocketReader {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0
    private var end = 0

    init(fd: Int32) { self.fd = fd }

    /// Fills the buffer when empty; `false` at the end of the stream.
    private mutating func fill() -> Bool {
        guard start == end else { return true }
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        start = 0
        end = count
        return true
    }

    /// A line without its CRLF, or `nil` at the end of the stream.
    mutating func line() -> String? {
        var bytes: [UInt8] = []
        while fill() {
            let byte = buffer[start]
            start += 1
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    /// The request head (lines joined by CRLF), or `nil`.
    mutating func head() -> String? {
        var lines: [String] = []
        while let line = line() {
            if line.isEmpty { return lines.joined(separator: "\r\n") }
            lines.append(line)
        }
        return nil
    }

    /// Hands `length` bytes to `sink` as they come; `false` when the stream ended first.
    mutating func body(_ length: Int, sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        var left = length
        while left > 0 {
            guard fill() else { return false }
            let count = min(left, end - start)
            buffer.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
            start += count
            left -= count
        }
        return true
    }

    /// Hands a chunked body's bytes to `sink`; `false` when the stream ended first.
    mutating func chunked(sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        while let size = line() {
            guard let length = Int(size.split(separator: ";").first ?? "", radix: 16) else { return false }
            if length == 0 { return line() != nil }
            guard body(length, sink: sink), line() != nil else { return false }
        }
        return false
    }
}
