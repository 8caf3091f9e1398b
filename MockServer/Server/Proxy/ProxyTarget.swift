import Foundation

/// Where one proxied request goes, and how its headers change on the way: a stub's
/// `proxyBaseUrl` with `additionalProxyRequestHeaders`, `removeProxyRequestHeaders` (WireMock 3)
/// and `proxyUrlPrefixToRemove`, or `--proxy-all`'s upstream.
struct ProxyTarget: Sendable {
    /// The upstream's base URL as given (`https://api.example.com/v1`).
    var base: String
    /// Headers added to the request (replacing any of the same name the client sent).
    var additionalHeaders: [(name: String, value: String)] = []
    /// Names (lowercase) of request headers not sent upstream.
    var removedHeaders: Set<String> = []
    /// Cut from the start of the request's URL before it is appended to ``base``.
    var prefixToRemove: String?

    /// `--proxy-all`'s target.
    init(base: String) {
        self.base = base
    }

    /// A stub's target, or `nil` when the stub does not proxy.
    init?(_ response: StubResponse) {
        guard let base = response.proxyBaseUrl else { return nil }
        self.base = base
        if case .object(let added)? = response.proxyOptions["additionalProxyRequestHeaders"] {
            additionalHeaders = added.keys.sorted().compactMap { name in
                guard case .string(let value)? = added[name] else { return nil }
                return (name, value)
            }
        }
        if case .array(let names)? = response.proxyOptions["removeProxyRequestHeaders"] {
            removedHeaders = Set(names.compactMap { if case .string(let name) = $0 { name.lowercased() } else { nil } })
        }
        if case .string(let prefix)? = response.proxyOptions["proxyUrlPrefixToRemove"] { prefixToRemove = prefix }
    }

    /// The upstream URL for `url` (path and query as the client sent them, without the server's
    /// `fault.NAME` parameters): the base, then the URL with the prefix removed, as WireMock
    /// joins them; a base ending in `/` does not double the path's slash.
    func upstreamURL(for url: String) -> String {
        var path = url
        if let prefixToRemove, !prefixToRemove.isEmpty, path.hasPrefix(prefixToRemove) {
            path = String(path.dropFirst(prefixToRemove.count))
        }
        if base.hasSuffix("/"), path.hasPrefix("/") { return base + path.dropFirst() }
        return base + path
    }

    /// The base without a trailing slash (``ProxiedRequest/upstreamBase``).
    var trimmedBase: String { base.hasSuffix("/") ? String(base.dropLast()) : base }
}

extension ProxyTarget {
    /// `--proxy-all`'s target, checked: an absolute `http` or `https` URL with a host, no query.
    init(proxyAll base: String) throws(MockServerError) {
        guard let components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty, components.query == nil,
            components.fragment == nil
        else {
            throw .invalidProxy("--proxy-all \(base): not an http:// or https:// URL with a host (and no query)")
        }
        self.init(base: base)
    }
}
