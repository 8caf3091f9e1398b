import Foundation

/// A deliberately tiny HTTP/1.1 reader over a POSIX socket, independent of every client under
/// test: it fetches what the server really sends, as the reference a body is compared with.
package enum ReferenceHTTP {
    /// The body of `GET pathAndQuery` on 127.0.0.1:`port` (read until the server closes), or
    /// `nil` when the answer is not a 200 with a `Content-Length` matching the body, or when no
    /// byte came for `timeout`.
    ///
    /// The blocking read runs on a thread of its own, never on the cooperative pool: a check that
    /// waits seconds for the server to render an image must not hold up the other checks running
    /// beside it (their deadlines would fire on time, but their results would wait).
    package static func body(
        port: Int, pathAndQuery: String, headers: [String: String] = [:], timeout: Duration = .seconds(10)
    ) async -> [UInt8]? {
        await withCheckedContinuation { (done: CheckedContinuation<[UInt8]?, Never>) in
            let thread = Thread { done.resume(returning: blockingBody(port: port, pathAndQuery: pathAndQuery, headers: headers, timeout: timeout)) }
            thread.start()
        }
    }

    /// ``body(port:pathAndQuery:headers:timeout:)`` on the calling thread, for a caller already on
    /// a thread of its own.
    package static func blockingBody(
        port: Int, pathAndQuery: String, headers: [String: String] = [:], timeout: Duration = .seconds(10)
    ) -> [UInt8]? {
        let fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let parts = timeout.components
        var timeout = timeval(tv_sec: Int(parts.seconds), tv_usec: .init(parts.attoseconds / 1_000_000_000_000))  // Int on Glibc, Int32 on Darwin
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let extra = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        let request = Array("GET \(pathAndQuery) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)Connection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return nil
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = response.indices.first(where: { response[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: response[..<end], as: UTF8.self).lowercased()
        let body = Array(response[(end + 4)...])
        guard head.hasPrefix("http/1.1 200"),
            let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) == body.count
        else { return nil }
        return body
    }
}
