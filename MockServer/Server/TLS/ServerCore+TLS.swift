import CMicroHTTPD
public import Foundation

extension ServerCore {
    /// Starts the TLS port and the certificate faults' listeners (on `address`'s host, at
    /// ``MockServer/TLSOptions/faultPort(_:)``), when HTTPS is configured. A server that starts
    /// offline closes the TLS port right after, with the main port.
    func startTLS(on address: SocketAddress) throws(MockServerError) {
        guard let tls, let options = configuration.tls, let requested = endpoints.withLock({ $0.tls }) else { return }
        // Every fault port a real one (a negative first port from the in-process API too), never
        // a silent fallback to another address.
        for port in MockServer.TLSFault.allCases.map(options.faultPort) where !(0...65_535).contains(port) {
            throw .cannotListen(host: address.host, port: port)
        }
        let main = try listen(
            role: .main, on: requested, limit: configuration.connectionLimit, threads: servingThreads, credential: tls.main)
        listeners.withLock { $0.tls = main }
        endpoints.withLock { $0.tls = requested.with(port: Int(cmhd_bind_port(main.daemon))) }
        for fault in MockServer.TLSFault.allCases {
            let bound: SocketAddress
            if fault == .handshakeStall {
                let stall = try HandshakeStallListener(address: address.with(port: options.faultPort(fault)))
                listeners.withLock { $0.stall = stall }
                bound = stall.address
            } else {
                guard let credential = tls.faults[fault] else { continue }
                let running = try listen(
                    role: .main, on: address.with(port: options.faultPort(fault)), limit: 1_000, threads: 1, credential: credential,
                    priorities: TLSMaterial.priorities(for: fault), tlsListener: "\(fault.catalogName) fault's")
                listeners.withLock { $0.faults.append(running) }
                bound = address.with(port: Int(cmhd_bind_port(running.daemon)))
            }
            endpoints.withLock { $0.faults[fault] = bound }
        }
    }
}

extension MockServer {
    /// `https://host:port` of the TLS port (the same across the offline switch), or `nil` when
    /// the server was started without ``Configuration/tls``.
    public var httpsBaseURL: URL? {
        guard let address = core.endpoints.withLock({ $0.tls }) else { return nil }
        return URL(string: "https://\(address.authority)")
    }

    /// An absolute URL on the TLS port for `pathAndQuery` (e.g. `/images/1.png?delay=500`), or
    /// `nil` without HTTPS.
    public func httpsURL(_ pathAndQuery: String) -> URL? {
        httpsBaseURL.flatMap { URL(string: $0.absoluteString + pathAndQuery) }
    }

    /// `https://host:port` of `fault`'s listener, or `nil` without HTTPS. Its routes are the main
    /// port's; a client meets the fault in the handshake.
    public func tlsFaultURL(_ fault: TLSFault) -> URL? {
        guard let address = core.endpoints.withLock({ $0.faults[fault] }) else { return nil }
        return URL(string: "https://\(address.authority)")
    }

    /// The server's CA certificate (PEM), which issued the TLS port's certificate: what a client
    /// trusts. `nil` without HTTPS. Also at `GET /__admin/ca.pem` and `mockserver --print-ca`.
    public var certificateAuthorityPEM: String? { core.tls?.authority.certificatePEM }

    /// The names and addresses the TLS port's certificate covers (empty without HTTPS).
    public var certificateHosts: [String] { core.tls?.hosts ?? [] }
}

extension MockServer {
    /// The CA certificate (PEM) kept in `directory`, created there first when the folder holds
    /// none — what `mockserver --print-ca` prints, without starting a server.
    public static func certificateAuthorityPEM(in directory: URL = TLSOptions.defaultDirectory) throws(MockServerError) -> String {
        guard cmhd_supports_tls() != 0 else { throw .tlsUnavailable }
        return try CertificateAuthority.loadOrCreate(in: directory, now: Date()).certificatePEM
    }
}
