import Foundation

/// Everything the HTTPS listeners present, made at start: the CA (kept in its folder), the TLS
/// port's certificate and one credential per certificate fault.
struct TLSMaterial: Sendable {
    let authority: CertificateAuthority
    /// The TLS port's certificate: issued by ``authority`` for ``hosts``.
    let main: TLSCredential
    /// What each fault listener presents (``MockServer/TLSFault/handshakeStall`` has none: it never answers).
    let faults: [MockServer.TLSFault: TLSCredential]
    /// The names and addresses the valid certificates cover.
    let hosts: [String]

    /// The GnuTLS priorities of `fault`'s listener: TLS 1.0 only for ``MockServer/TLSFault/tls10Only``
    /// (with the SHA-1 signatures TLS 1.0 needs), the defaults for the others.
    static func priorities(for fault: MockServer.TLSFault?) -> String {
        fault == .tls10Only ? "NORMAL:-VERS-ALL:+VERS-TLS1.0:%NO_EXTENSIONS" : "NORMAL"
    }

    /// The host names a certificate should cover: `localhost`, `127.0.0.1`, `::1`, the listening
    /// address (unless it is a wildcard) and `extra`, each once.
    static func hosts(listening host: String, extra: [String]) -> [String] {
        var hosts = ["localhost", "127.0.0.1", "::1"]
        let listening = SocketAddress(host: host, port: 0)
        if let listening, !listening.isWildcard { hosts.append(listening.host) }
        hosts += extra
        var seen = Set<String>()
        return hosts.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Loads or creates the CA in `options.directory`, then issues the leaves.
    /// A name in `options.extraHosts` that no certificate can hold is refused first
    /// (``MockServerError/invalidCertificateHost(_:reason:)``), before the CA folder is touched.
    static func make(options: MockServer.TLSOptions, listening host: String, now: Date = Date()) throws(MockServerError) -> TLSMaterial {
        for extra in options.extraHosts {
            if let reason = CertificateHostName.problem(with: extra) { throw .invalidCertificateHost(extra, reason: reason) }
        }
        let authority = try CertificateAuthority.loadOrCreate(in: options.directory, now: now)
        let hosts = hosts(listening: host, extra: options.extraHosts)
        do {
            let day: TimeInterval = 86_400
            let valid = (now.addingTimeInterval(-3_600), now.addingTimeInterval(CertificateAuthority.leafLifetime))
            let unknown = try CertificateAuthority.create(name: "Testbed Unknown CA (never trust this)", now: now)
            let faults: [MockServer.TLSFault: TLSCredential] = [
                .expired: try authority.issue(hosts: hosts, notBefore: now.addingTimeInterval(-400 * day), notAfter: now.addingTimeInterval(-day)),
                .notYetValid: try authority.issue(hosts: hosts, notBefore: now.addingTimeInterval(365 * day), notAfter: now.addingTimeInterval(730 * day)),
                .wrongHost: try authority.issue(hosts: ["wrong-host.invalid"], notBefore: valid.0, notAfter: valid.1),
                .selfSigned: try CertificateAuthority.selfSigned(hosts: hosts, now: now),
                .unknownAuthority: try unknown.issue(hosts: hosts, notBefore: valid.0, notAfter: valid.1),
                .tls10Only: try authority.issue(hosts: hosts, notBefore: valid.0, notAfter: valid.1),
            ]
            return TLSMaterial(
                authority: authority, main: try authority.issue(hosts: hosts, notBefore: valid.0, notAfter: valid.1),
                faults: faults, hosts: hosts)
        } catch {
            throw .certificateAuthority(path: options.directory.path, reason: "cannot issue the certificates (\(error))")
        }
    }
}
