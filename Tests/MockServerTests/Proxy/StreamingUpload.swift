import Foundation
import TestSupport

/// A raw-socket client that POSTs a body generated on the fly (never held: one 64 KB piece at a
/// time, each starting with its index so that order matters), with `Content-Length` or chunked.
struct StreamingUpload {
    /// Bytes sent, and their checksum.
    var sent = 0
    var checksum = StreamChecksum()
    /// The client's send blocked for `stallTimeout` (the server stopped reading).
    var stalled = false
    /// The answer's status (0: none) and body.
    var status = 0
    var body = ""

    /// Sends `size` bytes to `path` on 127.0.0.1:`port`; stops (closing the socket) after
    /// `stopAfter` bytes, or when a send blocks for `stallTimeout` seconds; `sample` runs every 16 MB.
    static func run(
        port: Int, path: String = "/upload", size: Int, chunked: Bool = false, stopAfter: Int = .max, stallTimeout: Double = 10,
        sample: () -> Void = {}
    ) throws -> StreamingUpload {
        let fd = try Loopback.connect(port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: Int(stallTimeout), tv_usec: Int((stallTimeout - Double(Int(stallTimeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var result = StreamingUpload()
        let framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(size)"
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/octet-stream\r\n\(framing)\r\nConnection: close\r\n\r\n"
        guard sendAll(fd, Array(head.utf8)) else { return result }
        var piece = (0..<64 * 1024).map { UInt8(truncatingIfNeeded: $0 % 251) }
        var index: UInt64 = 0
        var nextSample = 0
        while result.sent < min(size, stopAfter) {
            let count = min(piece.count, size - result.sent)
            withUnsafeBytes(of: index.littleEndian) { piece.replaceSubrange(0..<min(8, count), with: $0.prefix(count)) }
            index += 1
            let bytes = Array(piece[0..<count])
            if chunked, !sendAll(fd, Array((String(count, radix: 16) + "\r\n").utf8)) { return result.stalling() }
            guard sendAll(fd, bytes) else { return result.stalling() }
            if chunked, !sendAll(fd, Array("\r\n".utf8)) { return result.stalling() }
            result.sent += count
            bytes.withUnsafeBytes { result.checksum.add($0) }
            if result.sent >= nextSample {
                sample()
                nextSample += 16 * 1024 * 1024
            }
        }
        guard result.sent == size else { return result }
        if chunked, !sendAll(fd, Array("0\r\n\r\n".utf8)) { return result.stalling() }
        let answer = RawAnswer.read(fd, timeout: 60)
        result.status = answer.status
        result.body = answer.body
        return result
    }

    private func stalling() -> StreamingUpload {
        var copy = self
        copy.stalled = errno == EAGAIN || errno == EWOULDBLOCK
        return copy
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}

/// An HTTP answer read from a socket until the peer closes (the requests say `Connection: close`).
struct RawAnswer {
    var status = 0
    var body = ""

    static func read(_ fd: Int32, timeout: Double) -> RawAnswer {
        var data = Data()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while deadline.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: data, as: UTF8.self)
        var answer = RawAnswer()
        let parts = text.components(separatedBy: "\r\n\r\n")
        answer.status = parts.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        answer.body = parts.dropFirst().joined(separator: "\r\n\r\n")
        return answer
    }
}
