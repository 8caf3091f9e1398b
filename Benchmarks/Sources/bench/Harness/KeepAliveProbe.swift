import Foundation

/// Small requests one at a time on one keep-alive connection, timed each: the latency a
/// light client sees, without the load generator itself filling the cores (as wrk would).
enum KeepAliveProbe {
    /// The 99th percentile, in milliseconds, of GET `path(k)` for the k-th request, asked one
    /// after another for `seconds`.
    static func p99Milliseconds(port: Int, seconds: Double, path: (Int) -> String) throws -> Double {
        let fd = try Socket.connect(port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var latencies: [Double] = []
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            let path = path(latencies.count)
            let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            let start = ContinuousClock.now
            guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
                throw ChildError("the probe could not send GET \(path)")
            }
            try readResponse(fd, path: path)
            latencies.append((ContinuousClock.now - start).seconds * 1000)
        }
        guard !latencies.isEmpty else { throw ChildError("the probe made no request to \(path(0))") }
        let sorted = latencies.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }

    /// Reads one whole response (a header and a Content-Length body) and checks it is a 200.
    private static func readResponse(_ fd: Int32, path: String) throws {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var expected: Int?
        while expected.map({ received.count < $0 }) ?? true {
            let got = recv(fd, &buffer, buffer.count, 0)
            guard got > 0 else { throw ChildError("the probe's connection ended or timed out waiting for \(path)") }
            received += buffer[..<got]
            if expected == nil, let end = headerEnd(received) {
                let header = String(decoding: received[..<end], as: UTF8.self).lowercased()
                guard header.hasPrefix("http/1.1 200") else { throw ChildError("GET \(path): \(header.prefix(40))") }
                let length = header.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                guard let length else { throw ChildError("GET \(path): no Content-Length") }
                expected = end + 4 + length
            }
        }
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}
