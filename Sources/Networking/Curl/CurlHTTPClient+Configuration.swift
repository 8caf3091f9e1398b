public import Foundation

extension CurlHTTPClient {
    /// How a ``CurlHTTPClient`` connects.
    public struct Configuration: Sendable, Hashable {
        /// Most transfers in flight per host (scheme, host and port); further requests to that
        /// host wait in FIFO order. Default 6 (the gallery's rule). Values below 1 count as 1.
        public var maxConnectionsPerHost: Int
        /// The `User-Agent` header sent with every request (a request's own header wins).
        public var userAgent: String
        /// A libcurl proxy string (`http://proxy:3128`, `socks5h://…`), or `nil` for no proxy at
        /// all: `http_proxy`, `https_proxy` and `all_proxy` in the environment are ignored.
        public var proxy: String?
        /// Most redirects followed for one request (default ``defaultMaxRedirects``, 5): a longer
        /// chain or a loop ends in ``NetworkError/invalidResponse``. 0 or less follows none: the
        /// 3xx answer is the response (``NetworkError/httpStatus(_:)`` unless it is acceptable).
        public var maxRedirects: Int
        /// CA certificates in PEM (one or more `-----BEGIN CERTIFICATE-----` blocks, e.g. a
        /// mock server's own CA), added to the system's trust store for this client's HTTPS
        /// requests; `nil` (the default) trusts the system's store alone.
        ///
        /// Handed to libcurl as `CURLOPT_CAINFO_BLOB`. Measured with libcurl 7.88 / OpenSSL 3.0
        /// on Debian 12: the blob takes the place of the default CA bundle *file*
        /// (`/etc/ssl/certs/ca-certificates.crt` is no longer opened), while the default CA
        /// *directory* (`/etc/ssl/certs`, whose hashed links name every root of that bundle)
        /// is still searched, so the system's roots keep working beside these. That rests on a
        /// libcurl built with a CA directory (`curl-config --ca` / `CURLINFO_CAPATH`); one built
        /// without (as Homebrew's may be) trusts these certificates alone. Bytes that hold
        /// no certificate fail every HTTPS request with
        /// ``NetworkError/secureConnectionFailed(_:)`` (``SecureConnectionFailure/unspecified``);
        /// plain HTTP is unaffected.
        public var trustedCertificates: Data?

        /// How many redirects a client follows unless configured otherwise.
        public static let defaultMaxRedirects = 5

        /// Six connections per host, the `Testbed` user agent, no proxy, at most 5 redirects,
        /// the system's trust store alone.
        public init(
            maxConnectionsPerHost: Int = 6, userAgent: String = "Testbed/1.0 (libcurl)", proxy: String? = nil,
            maxRedirects: Int = Configuration.defaultMaxRedirects, trustedCertificates: Data? = nil
        ) {
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.userAgent = userAgent
            self.proxy = proxy
            self.maxRedirects = maxRedirects
            self.trustedCertificates = trustedCertificates
        }
    }
}
