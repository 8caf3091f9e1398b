public import Foundation

extension MockServer {
    /// The HTTPS side of a mock server: a TLS port that serves everything the main port serves,
    /// with certificates from a CA of the server's own, and one listener per certificate fault
    /// (see ``TLSFault``).
    ///
    /// ```swift
    /// var configuration = MockServer.Configuration()
    /// configuration.tls = MockServer.TLSOptions(port: 0, directory: folder)
    /// let server = try MockServer.start(configuration)
    /// // trust server.certificateAuthorityPEM, then fetch server.httpsURL("/images/1.png")
    /// ```
    public struct TLSOptions: Sendable, Hashable {
        /// The TLS port; 0 picks a free one (read it back from ``MockServer/httpsBaseURL``).
        public var port: Int
        /// Where the CA is kept (`ca.pem`, `ca-key.pem`): created there at the first start,
        /// loaded at every later one, so a tester trusts it once. A folder holding a damaged
        /// or half-written CA refuses the start (``MockServerError/certificateAuthority(path:reason:)``);
        /// the server never overwrites it.
        public var directory: URL
        /// Host names and IP addresses the certificates cover besides `localhost`, `127.0.0.1`
        /// and `::1` (the server adds its own listening address). Each must be an IP address or
        /// a DNS name (ASCII, `*` only as the whole leftmost label); the start refuses any other
        /// with ``MockServerError/invalidCertificateHost(_:reason:)``.
        public var extraHosts: [String]
        /// The first of the seven consecutive ports of the certificate faults' listeners, in
        /// ``TLSFault/allCases`` order (expired first, TLS 1.0 last); 0: free ports. `nil`, the
        /// default: the seven ports after ``port`` when it is fixed (8443 → 8444…8450), free
        /// ports when it is 0.
        public var firstFaultPort: Int?

        /// TLS on `port` (0: a free one) with the CA kept in `directory`.
        public init(
            port: Int = 0, directory: URL = TLSOptions.defaultDirectory, extraHosts: [String] = [], firstFaultPort: Int? = nil
        ) {
            self.port = port
            self.directory = directory
            self.extraHosts = extraHosts
            self.firstFaultPort = firstFaultPort
        }

        /// The port `fault`'s listener asks for (0: a free one).
        public func faultPort(_ fault: TLSFault) -> Int {
            let first = firstFaultPort ?? (port == 0 ? 0 : port + 1)
            guard first != 0, let index = TLSFault.allCases.firstIndex(of: fault) else { return 0 }
            return first + index
        }

        /// The user's cache folder: `$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches`
        /// on macOS, then `testbed-mockserver/tls`.
        public static var defaultDirectory: URL {
            let caches =
                FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            return caches.appendingPathComponent("testbed-mockserver", isDirectory: true)
                .appendingPathComponent("tls", isDirectory: true)
        }
    }

    /// A certificate fault: each one has a listener of its own (``MockServer/tlsFaultURL(_:)``),
    /// whatever the offline switch, like the blackhole.
    public enum TLSFault: String, CaseIterable, Sendable, Codable {
        /// The certificate's validity ended yesterday (curl 60, OpenSSL's "certificate has expired").
        case expired
        /// The certificate is valid only from next year (curl 60, "certificate is not yet valid").
        case notYetValid
        /// Issued by the CA, but for `wrong-host.invalid` only (curl 60, "no alternative
        /// certificate subject name matches target host name").
        case wrongHost
        /// A certificate that signed itself, not issued by the CA (curl 60, "self-signed certificate").
        case selfSigned
        /// Issued by another CA, which nobody trusts (curl 60, "unable to get local issuer certificate").
        case unknownAuthority
        /// Accepts the connection, reads the ClientHello and never answers: only a client's own
        /// deadline ends it (curl 28 with `--max-time`).
        case handshakeStall
        /// A valid certificate, but only TLS 1.0, which current clients refuse (curl 35).
        case tls10Only

        /// The fault's name in URLs and the catalog: `expired`, `not-yet-valid`, `wrong-host`,
        /// `self-signed`, `unknown-ca`, `handshake-stall`, `tls1.0-only`.
        public var catalogName: String {
            switch self {
            case .expired: return "expired"
            case .notYetValid: return "not-yet-valid"
            case .wrongHost: return "wrong-host"
            case .selfSigned: return "self-signed"
            case .unknownAuthority: return "unknown-ca"
            case .handshakeStall: return "handshake-stall"
            case .tls10Only: return "tls1.0-only"
            }
        }

        /// One sentence for the catalog and the dashboard: what a client meets.
        public var summary: String {
            switch self {
            case .expired: return "an expired certificate from the server's CA (curl exit 60)"
            case .notYetValid: return "a certificate valid only from next year (curl exit 60)"
            case .wrongHost: return "a certificate for wrong-host.invalid only (curl exit 60)"
            case .selfSigned: return "a self-signed certificate, not from the CA (curl exit 60)"
            case .unknownAuthority: return "a certificate from an unknown CA (curl exit 60)"
            case .handshakeStall: return "reads the ClientHello and never answers (curl exit 28 at --max-time)"
            case .tls10Only: return "TLS 1.0 only, which current clients refuse (curl exit 35)"
            }
        }

        /// The exit code the curl command line gives (with `--cacert` set to the CA, and
        /// `--max-time` for the stall).
        public var curlExitCode: Int32 {
            switch self {
            case .expired, .notYetValid, .wrongHost, .selfSigned, .unknownAuthority: return 60
            case .handshakeStall: return 28
            case .tls10Only: return 35
            }
        }
    }
}
