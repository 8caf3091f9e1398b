import Foundation
import TestSupport

/// A plain TCP connection to 127.0.0.1, for holding many stalled requests open cheaply.
final class RawConnection {
    let fd: Int32

    /// Connects and sends `request` (an HTTP/1.1 request head).
    init(port: Int, request: String) throws {
        fd = try Loopback.connect(port: port)
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// A GET for `path` with `Connection: close`.
    convenience init(port: Int, get path: String) throws {
        try self.init(port: port, request: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    }

    deinit {
        close(fd)
    }

    /// Reads until `timeout` passes or the peer closes; returns the bytes and how it ended.
    func readAll(timeout: Double) -> (data: Data, end: End) {
        var data = Data()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return (data, .timedOut) }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(remaining * 1000) + 1)
            if ready == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return (data, .closed)
            } else {
                return (data, errno == ECONNRESET ? .reset : .closed)
            }
        }
    }

    /// How a read ended.
    enum End: Equatable {
        case closed, reset, timedOut
    }
}
