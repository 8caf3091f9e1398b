import CCurl

/// libcurl result codes → ``NetworkError``.
///
/// | libcurl | meaning | error |
/// |---|---|---|
/// | 5, 6, 7, 45 | proxy or host name unknown, connection refused / unreachable, interface | ``NetworkError/offline`` |
/// | 28 | connect deadline (TLS handshake included), or the total-deadline backstop (libcurl's timers) | ``NetworkError/timedOut`` |
/// | 18, 52, 55, 56, 16, 92 | body cut short, empty reply, send / receive failure (reset), HTTP/2 broken | ``NetworkError/connectionLost`` |
/// | 60 | the server's certificate was rejected; which check failed comes from OpenSSL's verify result and libcurl's message (``CurlTLSReport/certificateFailure``) | ``NetworkError/secureConnectionFailed(_:)`` with that ``SecureConnectionFailure`` |
/// | 35 | TLS handshake failed: refused (no common version or cipher, not TLS) | ``NetworkError/secureConnectionFailed(_:)`` (``SecureConnectionFailure/protocolRefused``) |
/// | 35 | TLS handshake broken by a reset or close of the connection (``CurlTLSReport/handshakeError``) | ``NetworkError/connectionLost`` |
/// | 59 | no cipher in common | ``NetworkError/secureConnectionFailed(_:)`` (``SecureConnectionFailure/protocolRefused``) |
/// | 83 | issuer check failed | ``NetworkError/secureConnectionFailed(_:)`` (``SecureConnectionFailure/untrustedIssuer``) |
/// | 53, 54, 58, 66, 77, 82, 90, 91, 98 | TLS engine, client certificate, CA or CRL file (unreadable trusted certificates), pinned key, OCSP status | ``NetworkError/secureConnectionFailed(_:)`` (``SecureConnectionFailure/unspecified``) |
/// | 23 after our write callback refused a byte over the limit, 63 (declared length over the limit) | | ``NetworkError/tooLarge(limit:)`` |
/// | 3 | malformed URL | ``NetworkError/invalidURL`` |
/// | 1 | before a connection: unsupported scheme (``NetworkError/invalidURL``); after one: the answer was not HTTP/1.x (libcurl refuses HTTP/0.9) or a redirect to another scheme (``NetworkError/invalidResponse``) | |
/// | 8, 47, 61 | not valid HTTP, too many redirects, bad encoding (a retry cannot fix these) | ``NetworkError/invalidResponse`` |
/// | anything else | | ``NetworkError/connectionLost`` (transient: worth a retry) |
///
/// Code 35 used to be ``NetworkError/connectionLost`` as a whole, because a reset during the
/// handshake gives it too; libcurl's message tells the two apart (see ``CurlTLSReport``).
///
/// Not here, because the driver decides them itself: the total and stall deadlines (the stall
/// deadline also during a TLS handshake), in flight or while a request waits for a per-host
/// slot (``NetworkError/timedOut``), Task cancellation (``NetworkError/cancelled``), and a
/// status outside the acceptable range (``NetworkError/httpStatus(_:)``, which wins over a
/// failure of the body that follows it).
enum CurlCodeMapping {
    /// The error for a transfer that ended with `code`. `exceededLimit`: the write callback
    /// refused a byte over `limit`; `connected`: a connection was ready before it failed;
    /// `tls`: what libcurl said about the TLS side (read only for TLS codes).
    static func error(
        for code: CURLcode, exceededLimit: Bool, limit: Int, connected: Bool, tls: @autoclosure () -> CurlTLSReport
    ) -> NetworkError {
        switch code {
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_INTERFACE_FAILED:
            return .offline
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionLost
        case CURLE_PEER_FAILED_VERIFICATION:
            return .secureConnectionFailed(tls().certificateFailure)
        case CURLE_SSL_CONNECT_ERROR:
            return tls().handshakeError
        case CURLE_SSL_CIPHER:
            return .secureConnectionFailed(.protocolRefused)
        case CURLE_SSL_ISSUER_ERROR:
            return .secureConnectionFailed(.untrustedIssuer)
        case CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CERTPROBLEM, CURLE_SSL_ENGINE_INITFAILED,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CLIENTCERT:
            return .secureConnectionFailed(.unspecified)
        case CURLE_WRITE_ERROR:
            return exceededLimit ? .tooLarge(limit: limit) : .connectionLost
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: limit)
        case CURLE_URL_MALFORMAT:
            return .invalidURL
        case CURLE_UNSUPPORTED_PROTOCOL:
            return connected ? .invalidResponse : .invalidURL
        case CURLE_WEIRD_SERVER_REPLY, CURLE_TOO_MANY_REDIRECTS, CURLE_BAD_CONTENT_ENCODING:
            return .invalidResponse
        default:
            return .connectionLost
        }
    }
}
