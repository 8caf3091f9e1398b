/// What libcurl reported about a failed TLS connection: OpenSSL's certificate verify result
/// (`CURLINFO_SSL_VERIFYRESULT`) and libcurl's error message (`CURLOPT_ERRORBUFFER`), and
/// which ``SecureConnectionFailure`` or other error they amount to.
///
/// Measured with libcurl 7.88 / OpenSSL 3.0 against servers with each fault:
///
/// | fault | code | verify result | message |
/// |---|---|---|---|
/// | expired | 60 | 10 | SSL certificate problem: certificate has expired |
/// | not yet valid | 60 | 9 | SSL certificate problem: certificate is not yet valid |
/// | self-signed leaf | 60 | 18 | SSL certificate problem: self-signed certificate |
/// | issuer not trusted | 60 | 20 | SSL certificate problem: unable to get local issuer certificate |
/// | wrong host | 60 | 1 | SSL: no alternative certificate subject name matches target host name '…' |
/// | TLS 1.0 only | 35 | 1 | OpenSSL/3.0.19: error:0A00014D:SSL routines::legacy sigalg disallowed or unsupported |
/// | not TLS at all | 35 | 1 | OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number |
/// | reset during the handshake | 35 | 1 | Recv failure: Connection reset by peer |
/// | closed during the handshake | 35 | 1 | OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to … |
///
/// libcurl checks the host name itself, after OpenSSL's chain check passed, so a wrong host
/// leaves no X.509 code of its own (1 is OpenSSL's "unspecified"): its message tells it.
struct CurlTLSReport: Sendable, Hashable {
    /// OpenSSL's `X509_V_ERR_…` code, 0 when the chain verified.
    var verifyResult: Int
    /// libcurl's error message, empty if none.
    var message: String

    /// Which certificate check failed, for `CURLE_PEER_FAILED_VERIFICATION` (60).
    ///
    /// | X509_V_ERR | kind |
    /// |---|---|
    /// | 10 certificate has expired | expired |
    /// | 9 not yet valid | notYetValid |
    /// | 18 depth-zero self-signed | selfSigned |
    /// | 19 self-signed certificate in the chain, 2/20 unable to get the issuer, 21 unable to verify the leaf's signature | untrustedIssuer |
    /// | 62 host name mismatch, 64 IP address mismatch | wrongHost |
    /// | anything else (1 for libcurl's own host name check) | the message's (``TLSFailureText/certificateFailure(in:)``), else unspecified |
    ///
    /// A root the server sent itself (19) is an issuer the client does not trust, not a
    /// self-signed leaf: the leaf was issued by someone.
    var certificateFailure: SecureConnectionFailure {
        switch verifyResult {
        case 10: return .expired
        case 9: return .notYetValid
        case 18: return .selfSigned
        case 2, 19, 20, 21: return .untrustedIssuer
        case 62, 64: return .wrongHost
        default: return TLSFailureText.certificateFailure(in: message) ?? .unspecified
        }
    }

    /// The error for `CURLE_SSL_CONNECT_ERROR` (35), which libcurl reports both for a handshake
    /// the two sides could not agree on and for a connection that broke during it: the
    /// connection broke (``NetworkError/connectionLost``, transient, as a reset anywhere else)
    /// when the message names the socket (``TLSFailureText/isBrokenConnection(_:)``); any
    /// other message is a TLS library's refusal (`SSL routines::…`: no common protocol
    /// version or cipher, an answer that is not TLS), ``SecureConnectionFailure/protocolRefused``.
    var handshakeError: NetworkError {
        TLSFailureText.handshakeFailure(in: message)
    }
}
