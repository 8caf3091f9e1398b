/// Which check of a TLS (HTTPS) connection failed: the payload of
/// ``NetworkError/secureConnectionFailed(_:)``.
///
/// The first five are the server certificate's faults; ``protocolRefused`` is a handshake that
/// could not agree on a protocol; ``unspecified`` is a certificate or TLS failure the client
/// cannot tell apart from the others (its TLS library did not say which).
public enum SecureConnectionFailure: String, Sendable, Hashable, CaseIterable {
    /// The certificate's validity period has ended.
    case expired
    /// The certificate's validity period has not begun yet.
    case notYetValid
    /// The certificate is valid, but not for the host name or address that was asked for.
    case wrongHost
    /// The server presented a certificate that signed itself and is not trusted.
    case selfSigned
    /// The certificate was issued by a certificate authority the client does not trust.
    case untrustedIssuer
    /// The handshake failed: the client and the server share no TLS version or cipher (for
    /// example a server that speaks only TLS 1.0).
    case protocolRefused
    /// A certificate or TLS failure the client cannot tell apart from the others.
    case unspecified
}

extension SecureConnectionFailure {
    /// What failed, in a few English words for logs (``NetworkError/description``).
    var reason: String {
        switch self {
        case .expired: return "the server's certificate has expired"
        case .notYetValid: return "the server's certificate is not valid yet"
        case .wrongHost: return "the server's certificate is for another host"
        case .selfSigned: return "the server's certificate is self-signed"
        case .untrustedIssuer: return "the server's certificate is from an untrusted certificate authority"
        case .protocolRefused: return "the TLS handshake failed (no common protocol version or cipher)"
        case .unspecified: return "the certificate or the TLS handshake was rejected"
        }
    }
}
