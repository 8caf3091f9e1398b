import Foundation
import TestSupport

/// A client of `GET /__admin/events` on a plain socket: reads what arrives and waits for text.
final class EventReader {
    private let connection: RawConnection
    /// Everything received so far: the head, then the events (without the chunk framing).
    private(set) var text = ""
    /// Whether the server ended the stream.
    private(set) var ended = false
    /// Whether the stream ended with chunked encoding's last chunk.
    private(set) var sawLastChunk = false
    private var raw = Data()
    private var body = Data()
    private var headParsed = false

    /// Opens the stream on `port`.
    init(port: Int) throws {
        connection = try RawConnection(
            port: port, request: "GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
    }

    /// Reads until `needle` has arrived after `offset` (or the stream ended, or `timeout` passed);
    /// returns whether it arrived.
    @discardableResult
    func wait(for needle: String, after offset: String.Index? = nil, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = text.range(of: needle, range: (offset ?? text.startIndex)..<text.endIndex), !range.isEmpty { return true }
            if ended || Date() >= deadline { return false }
            readSome(until: deadline)
        }
    }

    /// Reads until the server closes the connection or `timeout` passes; returns whether it closed.
    func waitForEnd(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !ended, Date() < deadline { readSome(until: deadline) }
        return ended
    }

    /// Everything from the start that is an event `name`'s data line.
    func data(of name: String) -> [String] {
        text.components(separatedBy: "event: \(name)\ndata: ").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    private func readSome(until deadline: Date) {
        var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
        let remaining = max(0, deadline.timeIntervalSinceNow)
        guard poll(&poller, 1, Int32(remaining * 1000) + 1) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            raw.append(contentsOf: buffer[0..<count])
            decode()
        } else {
            ended = true
        }
    }

    /// Moves what arrived into `text`: the head as it is, then the body without its chunk framing.
    private func decode() {
        if !headParsed {
            guard let end = raw.firstRange(of: Data("\r\n\r\n".utf8)) else { return }
            text += String(decoding: raw[raw.startIndex..<end.upperBound], as: UTF8.self)
            raw.removeSubrange(raw.startIndex..<end.upperBound)
            headParsed = true
        }
        while let line = raw.firstRange(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: raw[raw.startIndex..<line.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { return }
            let start = line.upperBound
            guard raw.distance(from: start, to: raw.endIndex) >= size + 2 else { return }
            let end = raw.index(start, offsetBy: size)
            body.append(raw[start..<end])
            raw.removeSubrange(raw.startIndex..<raw.index(end, offsetBy: 2))
            if size == 0 { sawLastChunk = true }
        }
        // Events are whole lines; a chunk may end inside a multi-byte character.
        if let valid = String(validating: body, as: UTF8.self) {
            text += valid
            body.removeAll()
        }
    }
}
