public import Foundation

extension MockServer {
    /// How the server proxies: `--proxy-all`, `--proxy-ca` and `--preserve-host-header`.
    ///
    /// Stubs with `proxyBaseUrl` proxy whatever these say; ``proxyAll`` sends every request no stub
    /// answers to one upstream, and turns the built-in catalog off (its paths, `/images/…`,
    /// `/gallery.json`…, would otherwise shadow the upstream's own).
    public struct ProxyOptions: Sendable, Hashable {
        /// The upstream every request no stub answers goes to (`http://` or `https://`, with an
        /// optional base path); `nil`: only stubs proxy.
        public var proxyAll: String?
        /// A PEM file of CA certificates trusted for HTTPS upstreams, besides the system's roots.
        public var caFile: URL?
        /// Send the client's `Host` header upstream instead of the upstream's own.
        public var preserveHostHeader: Bool

        /// Options; by default nothing is proxied but what stubs send.
        public init(proxyAll: String? = nil, caFile: URL? = nil, preserveHostHeader: Bool = false) {
            self.proxyAll = proxyAll
            self.caFile = caFile
            self.preserveHostHeader = preserveHostHeader
        }
    }
}
