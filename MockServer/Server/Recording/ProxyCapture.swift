import Foundation

/// The request as the proxy sends it upstream.
struct ProxiedRequest: Sendable {
    /// The HTTP method, as the client sent it.
    var method: String
    /// The path and query as the client sent them (percent-encoded).
    var url: String
    /// The upstream's base, e.g. `"https://api.example.com"` (no trailing slash).
    var upstreamBase: String
    /// The request headers as the client sent them, in order.
    var headers: [RequestRecord.Header]
    /// The first ``RequestRecord/bodyLimit`` bytes of the request body.
    var body: Data
    /// The request body's whole size in bytes.
    var bodySize: Int
}

/// Sees one proxied answer as it streams; calls come in order head → body* → end, from one thread
/// at a time.
protocol ProxyCapture: AnyObject, Sendable {
    /// The upstream's status line and headers, in the order they arrived.
    func head(status: Int, headers: [(name: String, value: String)])
    /// One piece of the body, valid only during the call.
    func body(_ chunk: UnsafeRawBufferPointer)
    /// The answer is over: `failure` is `nil` when the whole answer arrived, else why it did not.
    func end(failure: String?)
}

extension ServerCore {
    /// What wants to see this proxied exchange: the recorder (while it records and its filters
    /// admit the request) and the proxy journal that snapshots read; `nil` when nothing does. Called once per proxied request, before it is sent upstream.
    func proxyCapture(for request: ProxiedRequest) -> (any ProxyCapture)? {
        captures(for: request)
    }

    /// Why `url` would loop back to this server (one of its own listeners), or `nil` when it is
    /// elsewhere. Its host (resolved when a name) counts as this server's when it is a loopback
    /// or the unspecified address (`0.0.0.0` connects here), a listener's address, or one of this machine's addresses while a listener is on
    /// every interface; and its port (80 or 443 when none) must be one of the listeners'.
    func selfTargetReason(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let rawHost = components.host, !rawHost.isEmpty
        else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        let endpoints = endpoints.withLock { $0 }
        let listeners = ([endpoints.main] + [endpoints.admin, endpoints.tls].compactMap { $0 } + Array(endpoints.faults.values))
            .filter { $0.port == port }
        guard !listeners.isEmpty else { return nil }
        let addresses = SelfTarget.resolve(rawHost)
        let local = listeners.contains(where: \.isWildcard) ? SelfTarget.interfaceAddresses() : []
        for address in addresses {
            let bytes = SocketAddress.bytes(of: address)
            let own = listeners.contains { listener in
                SelfTarget.reachesLoopback(address) && (listener.isLoopback || listener.isWildcard)
                    || listener.isSameAddress(as: address)
                    || (listener.isWildcard && bytes.map { local.contains($0) } == true)
            }
            if own {
                let shown = rawHost == address ? rawHost : "\(rawHost) (\(address))"
                return "\(scheme)://\(shown):\(port) is this server's own listener: proxying to it would loop"
            }
        }
        return nil
    }
}

/// Helpers of ``ServerCore/selfTargetReason(_:)``: name resolution and the machine's addresses.
enum SelfTarget {
    /// The IP literals `host` stands for (itself when a literal; brackets removed), or none when
    /// it does not resolve.
    static func resolve(_ host: String) -> [String] {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if SocketAddress.bytes(of: bare) != nil { return [bare] }
        if bare.lowercased() == "localhost" { return ["127.0.0.1", "::1"] }
        // Every socket type: each address comes several times, and is kept once.
        var hints = addrinfo()
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(bare, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var found: [String] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let literal = literal(entry.pointee.ai_addr), !found.contains(literal) { found.append(literal) }
            next = entry.pointee.ai_next
        }
        return found
    }

    /// Whether a connection to `address` lands on this machine's loopback: a loopback address, or
    /// the unspecified one (`0.0.0.0`, `::`), which Linux and macOS connect to this machine itself.
    static func reachesLoopback(_ address: String) -> Bool {
        SocketAddress.isLoopback(literal: address) || SocketAddress.bytes(of: address)?.allSatisfy { $0 == 0 } == true
    }

    /// The bytes of every address of this machine's interfaces.
    static func interfaceAddresses() -> Set<[UInt8]> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(first) }
        var found: Set<[UInt8]> = []
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next {
            if let literal = literal(entry.pointee.ifa_addr), let bytes = SocketAddress.bytes(of: literal) { found.insert(bytes) }
            next = entry.pointee.ifa_next
        }
        return found
    }

    /// The IP literal of an IPv4 or IPv6 `sockaddr`, or `nil` for another family.
    private static func literal(_ address: UnsafeMutablePointer<sockaddr>?) -> String? {
        guard let address else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &v4, &text, socklen_t(text.count)) != nil else { return nil }
        case AF_INET6:
            var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil else { return nil }
        default:
            return nil
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
