/// Why the mock server could not start, switch, or serve as asked.
public enum MockServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host is not an IPv4 or IPv6 address literal (or `localhost`).
    case invalidHost(String)
    /// libmicrohttpd could not listen on the address (port taken, no permission…).
    case cannotListen(host: String, port: Int)
    /// Another socket already listens on the address and port (`EADDRINUSE`).
    case addressInUse(host: String, port: Int)
    /// The server was stopped; it cannot be switched back on.
    case stopped
    /// The scheduler thread's wake-up (pipe, eventfd) or epoll set could not be created (errno).
    case systemResource(String, errno: Int32)
    /// The configured ``MockServer/Backend`` does not run on this system (`epoll` outside Linux).
    case backendUnavailable(String)
    /// A stub of the root directory could not be loaded: the file, the field and why.
    case invalidStubs(StubError)
    /// A fault rule of the root directory's `faults/` could not be loaded: the file, the field and why.
    case invalidFaultRules(StubError)
    /// HTTPS was asked for, but this libmicrohttpd was built without TLS (GnuTLS) support.
    case tlsUnavailable
    /// The CA folder cannot be used: the folder and why (damaged or half-written files are never
    /// overwritten; move them away to make a new CA).
    case certificateAuthority(path: String, reason: String)
    /// A host name for the certificates (``MockServer/TLSOptions/extraHosts``) that no
    /// certificate can hold: the name and why. Checked before the CA folder is touched.
    case invalidCertificateHost(String, reason: String)
    /// libmicrohttpd refused to start a TLS listener although its port was free: GnuTLS did not
    /// accept the listener's certificate, key or priorities (the listener and what it serves).
    case tlsListenerRefused(host: String, port: Int, listener: String)
    /// The proxy cannot run as configured (``MockServer/ProxyOptions``): `--proxy-all` not an
    /// http(s) URL or aimed at this server itself, `--proxy-ca` unreadable.
    case invalidProxy(String)

    /// A readable sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "'\(host)' is not an IP address to listen on (use e.g. 127.0.0.1, ::1 or localhost)"
        case .cannotListen(let host, let port):
            return "cannot listen on \(host):\(port) (is the port in use?)"
        case .addressInUse(let host, let port):
            return "port \(port) on \(host) is in use (EADDRINUSE)"
        case .stopped:
            return "the mock server was stopped"
        case .systemResource(let what, let code):
            return "cannot create \(what) (errno \(code))"
        case .backendUnavailable(let name):
            return "the \(name) backend does not run on this system; use portable"
        case .invalidStubs(let error):
            return "cannot load the stubs: \(error)"
        case .invalidFaultRules(let error):
            return "cannot load the fault rules: \(error)"
        case .tlsUnavailable:
            return "this libmicrohttpd has no TLS support (MHD_FEATURE_TLS is off); install a build with GnuTLS (Debian: libmicrohttpd12)"
        case .certificateAuthority(let path, let reason):
            return "cannot use the CA folder \(path): \(reason)"
        case .invalidCertificateHost(let host, let reason):
            return "'\(host)' cannot be named in a certificate: \(reason)"
        case .tlsListenerRefused(let host, let port, let listener):
            return "libmicrohttpd could not start the \(listener) TLS listener on \(host):\(port) although the port is free: GnuTLS refused its certificate, key or priorities"
        case .invalidProxy(let reason):
            return "cannot proxy: \(reason)"
        }
    }
}
