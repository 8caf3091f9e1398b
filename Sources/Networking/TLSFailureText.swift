/// What a TLS failure was, read from libcurl's error message: the one account of it that both
/// clients get (``CurlHTTPClient`` beside OpenSSL's verify result; `URLSessionHTTPClient` on
/// Linux only as the error's description, since FoundationNetworking reports every TLS failure
/// as `URLError.unknown`).
///
/// The texts are libcurl 7.88's and OpenSSL 3.0's (`X509_verify_cert_error_string`; OpenSSL 1.1
/// wrote "self signed" without the hyphen, also accepted).
enum TLSFailureText {
    /// The failure `message` describes, or `nil` when it is not about TLS (a cut body, a reset
    /// outside a handshake, anything else).
    ///
    /// | message | error |
    /// |---|---|
    /// | "SSL certificate problem: …", "SSL: … target host name …", "… CA certificate …" | ``NetworkError/secureConnectionFailed(_:)`` with ``certificateFailure(in:)``, else ``SecureConnectionFailure/unspecified`` |
    /// | OpenSSL's "SSL_connect: SSL_ERROR_SYSCALL …" (the peer closed the connection during the handshake) | ``NetworkError/connectionLost`` |
    /// | any other OpenSSL error ("… SSL routines::…": no common version or cipher, not TLS) | ``NetworkError/secureConnectionFailed(_:)`` (``SecureConnectionFailure/protocolRefused``) |
    static func error(in message: String) -> NetworkError? {
        let text = message.lowercased()
        if text.contains("ssl certificate") || text.contains("target host name") || text.contains("ca certificate") {
            return .secureConnectionFailed(certificateFailure(in: message) ?? .unspecified)
        }
        if text.contains("ssl_connect") || text.contains("ssl routines") { return handshakeFailure(in: message) }
        return nil
    }

    /// A failed handshake's error: ``NetworkError/connectionLost`` (transient, as a reset
    /// anywhere else) when `message` says the connection broke
    /// (``isBrokenConnection(_:)``), else the TLS library's refusal,
    /// ``SecureConnectionFailure/protocolRefused``. Both clients read libcurl's code 35 this way.
    static func handshakeFailure(in message: String) -> NetworkError {
        isBrokenConnection(message) ? .connectionLost : .secureConnectionFailed(.protocolRefused)
    }

    /// Which certificate check `message` says failed, or `nil` when it names none of them.
    ///
    /// | message | kind |
    /// |---|---|
    /// | certificate has expired | expired |
    /// | certificate is not yet valid | notYetValid |
    /// | self-signed certificate in certificate chain; unable to get (local) issuer certificate; unable to verify the first certificate | untrustedIssuer |
    /// | self-signed certificate | selfSigned |
    /// | … target host name …, hostname mismatch, IP address mismatch | wrongHost |
    static func certificateFailure(in message: String) -> SecureConnectionFailure? {
        let text = message.lowercased().replacing("self signed", with: "self-signed")
        if text.contains("certificate has expired") { return .expired }
        if text.contains("not yet valid") { return .notYetValid }
        if text.contains("self-signed certificate in certificate chain") || text.contains("unable to get local issuer")
            || text.contains("unable to get issuer") || text.contains("unable to verify the first certificate")
        {
            return .untrustedIssuer
        }
        if text.contains("self-signed certificate") { return .selfSigned }
        if text.contains("host name") || text.contains("hostname mismatch") || text.contains("ip address mismatch") {
            return .wrongHost
        }
        return nil
    }

    /// Whether `message` says the connection itself broke (a reset, a failed send or receive,
    /// the peer closing it: OpenSSL's `SSL_ERROR_SYSCALL` or an unexpected end of file) rather
    /// than the TLS library refusing the handshake.
    static func isBrokenConnection(_ message: String) -> Bool {
        let text = message.lowercased()
        return ["reset by peer", "recv failure", "send failure", "ssl_error_syscall", "unexpected eof", "broken pipe"]
            .contains(where: text.contains)
    }
}
