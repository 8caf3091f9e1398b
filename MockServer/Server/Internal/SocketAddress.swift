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
