import Foundation
import TestSupport

/// HTTP over plain sockets, sharing no code with libcurl or the client under test: a one-shot
/// GET to compare bodies with, and a one-shot server that answers with non-HTTP bytes.
enum RawHTTP {
    /// `GET path` over a fresh HTTP/1.0 connection to 127.0.0.1:`port`, read until the server
    /// closes. Returns the status, headers (names lowercased) and body.
    static func get(port: Int, path: String) throws -> (status: Int, headers: [String: String], body: Data) {
        let fd = try Loopback.connect(port: port)
        defer { close(fd) }
        let head = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        guard let split = data.firstRange(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let lines = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers, Data(data[split.upperBound...]))
    }
}

/// A server on 127.0.0.1 that accepts one connection, reads the request and answers with
/// `reply` (anything, valid HTTP or not), then closes.
final class OneShotServer: Sendable {
    /// The port it listens on.
    let port: Int
    private let fd: Int32

    init(reply: String) throws {
        let fd = Sockets.tcp()
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = Loopback.address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 1) == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            let bytes = Array(reply.utf8)
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(client)
        }.start()
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }
}

/// Process-wide measurements (CPU time: TestSupport's ProcessStats).
enum ProcessProbe {
    /// Ids of this process's threads named `name` (Linux: `/proc/self/task/*/comm`).
    /// Empty where there is no `/proc` (callers check ``ProcFS/require()`` first).
    static func threads(named name: String) -> Set<String> {
        Set(((try? ProcFS.threadNames()) ?? [:]).filter { $0.value == name }.keys)
    }
}
