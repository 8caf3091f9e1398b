import CMicroHTTPD
import Foundation

/// An IPv4 or IPv6 address and port to listen on.
struct SocketAddress: Sendable, Hashable {
    /// The address as given (`localhost` becomes `127.0.0.1`).
    let host: String
    let port: Int
    let isIPv6: Bool

    /// `nil` when `host` is not an IP literal or `localhost`, or the port is out of range.
    init?(host: String, port: Int) {
        guard (0...65_535).contains(port) else { return nil }
        let name = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            isIPv6 = false
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            isIPv6 = true
        } else {
            return nil
        }
        self.host = name
        self.port = port
    }

    /// Whether the address only reaches this machine (127.0.0.0/8, `::1`, `::ffff:127.x.y.z`).
    var isLoopback: Bool { Self.isLoopback(literal: host) }

    /// Whether the address is "any" (`0.0.0.0` or `::`): every interface of the machine.
    var isWildcard: Bool { Self.bytes(of: host)?.allSatisfy { $0 == 0 } ?? false }

    /// Whether `literal` (an IP address, IPv6 with or without brackets) is this address,
    /// whatever its spelling (`::1` and `0:0:0:0:0:0:0:1` are the same).
    func isSameAddress(as literal: String) -> Bool {
        guard let theirs = Self.bytes(of: literal) else { return false }
        return Self.bytes(of: host) == theirs
    }

    /// Whether `literal` is a loopback IP address (IPv6 with or without brackets).
    static func isLoopback(literal: String) -> Bool {
        guard let bytes = bytes(of: literal) else { return false }
        if bytes.count == 4 { return bytes[0] == 127 }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return mapped && bytes[12] == 127
    }

    /// The 4 or 16 bytes of an IP literal (IPv6 with or without brackets), or `nil`.
    static func bytes(of literal: String) -> [UInt8]? {
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Why a listening socket cannot be bound here right now, as an `errno` (`EADDRINUSE`…),
    /// or `nil` when it can. Binds a throwaway socket the way libmicrohttpd does
    /// (`SO_REUSEADDR`) and closes it at once.
    func bindError() -> Int32? {
        let fd = cmhd_tcp_socket(isIPv6 ? AF_INET6 : AF_INET)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if isIPv6 { setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size)) }
        let length = socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let result = withSockaddr { bind(fd, $0, length) }
        return result == 0 ? nil : errno
    }

    /// The same address with another port.
    func with(port: Int) -> SocketAddress {
        SocketAddress(host: host, port: port) ?? self
    }

    /// `host:port`, with brackets around an IPv6 address.
    var authority: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with a `sockaddr` for this address.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
