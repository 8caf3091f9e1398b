import Foundation

extension HTTPRequest {
    /// `scheme://host:port` (lowercased, default port filled in) when the URL is an absolute
    /// http(s) URL with a host; `nil` otherwise (such a request is ``NetworkError/invalidURL``).
    /// Both clients validate with this, and the libcurl client keys its per-host limit on it.
    var origin: String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// Whether a body is coming: a `HEAD` response declares a length but sends nothing, so the
    /// byte limit does not apply to it.
    var expectsBody: Bool { method.uppercased() != "HEAD" }

    /// ``maxBytes`` clamped to 0 or more (a negative limit accepts only empty bodies).
    var byteLimit: Int { max(0, maxBytes) }
}
