import CCurl

/// libcurl result codes → ``NetworkError``.
///
/// | libcurl | meaning | error |
/// |---|---|---|
/// | 5, 6, 7, 45 | proxy or host name unknown, connection refused / unreachable, interface | ``NetworkError/offline`` |
/// | 28 | connect deadline, or the total-deadline backstop (libcurl's timers) | ``NetworkError/timedOut`` |
/// | 18, 52, 55, 56, 16, 92, 35 | body cut short, empty reply, send / receive failure (reset), HTTP/2 or TLS handshake broken | ``NetworkError/connectionLost`` |
/// | 23 after our write callback refused a byte over the limit, 63 (declared length over the limit) | | ``NetworkError/tooLarge(limit:)`` |
/// | 3 | malformed URL | ``NetworkError/invalidURL`` |
/// | 1 | before a connection: unsupported scheme (``NetworkError/invalidURL``); after one: the answer was not HTTP/1.x (libcurl refuses HTTP/0.9) or a redirect to another scheme (``NetworkError/invalidResponse``) | |
/// | 8, 47, 61, TLS setup and certificate failures (53, 58, 59, 60, 77, 82, 83, 90, 91, 98) | not valid HTTP, too many redirects, bad encoding, certificate rejected (a retry cannot fix these) | ``NetworkError/invalidResponse`` |
/// | anything else | | ``NetworkError/connectionLost`` (transient: worth a retry) |
///
/// Not here, because the driver decides them itself: the total and stall deadlines, in flight
/// or while a request waits for a per-host slot (``NetworkError/timedOut``), Task
/// cancellation (``NetworkError/cancelled``), and a status outside the acceptable range
/// (``NetworkError/httpStatus(_:)``, which wins over a failure of the body that follows it).
enum CurlCodeMapping {
    /// The error for a transfer that ended with `code`. `exceededLimit`: the write callback
    /// refused a byte over `limit`; `connected`: a connection was ready before it failed.
    static func error(for code: CURLcode, exceededLimit: Bool, limit: Int, connected: Bool) -> NetworkError {
        switch code {
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_INTERFACE_FAILED:
            return .offline
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM,
            CURLE_SSL_CONNECT_ERROR:
            return .connectionLost
        case CURLE_WRITE_ERROR:
            return exceededLimit ? .tooLarge(limit: limit) : .connectionLost
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: limit)
        case CURLE_URL_MALFORMAT:
            return .invalidURL
        case CURLE_UNSUPPORTED_PROTOCOL:
            return connected ? .invalidResponse : .invalidURL
        case CURLE_WEIRD_SERVER_REPLY, CURLE_TOO_MANY_REDIRECTS, CURLE_BAD_CONTENT_ENCODING,
            CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            return .invalidResponse
        default:
            return .connectionLost
        }
    }
}
