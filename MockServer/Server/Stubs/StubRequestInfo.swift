import Foundation

/// What the matcher sees of a request.
///
/// A class: every part of every candidate stub reads it, and passing one reference costs less
/// than copying (retaining) each of its fields at each part (bench case 7's crowded path).
final class StubRequestInfo: Sendable {
    /// The method, as sent.
    let method: String
    /// The path as sent, percent-encoding and all (what `urlPath` and `urlPathPattern` see, as in
    /// WireMock); the decoded path when the raw one is not known.
    let path: String
    /// The decoded query.
    let query: QueryParameters
    /// The headers, in arrival order.
    let headers: [(name: String, value: String)]
    /// The path, then `?` and the query when there is one, as sent (what `url` and `urlPattern`
    /// see): a mapping that writes `?ref=refs%2Fpull` matches a request that sends those bytes,
    /// and not one that sends `ref=refs/pull`, as in WireMock 2.35.
    let pathAndQuery: String
    /// `http` or `https`.
    let scheme: String
    /// The body, for `bodyPatterns` (empty unless some stub has them).
    let body: StubRequestBody
    /// The header names lowercased once, in arrival order: a request is matched against many stubs.
    private let lowercasedNames: [String]

    /// A request for the decoded `path` with `query`; `rawURL`, the URI as sent (origin form,
    /// `/path?query`), is what the URL fields compare when given.
    init(
        method: String, path: String, query: QueryParameters, headers: [(name: String, value: String)], rawURL: String? = nil,
        scheme: String = "http", body: StubRequestBody = .empty
    ) {
        self.method = method
        self.scheme = scheme
        self.body = body
        self.query = query
        self.headers = headers
        if let rawURL, rawURL.hasPrefix("/") {
            self.path = String(rawURL.prefix { $0 != "?" })
            pathAndQuery = rawURL
        } else {
            self.path = path
            let text = query.pairs.isEmpty ? "" : query.canonical
            pathAndQuery = text.isEmpty ? path : "\(path)?\(text)"
        }
        lowercasedNames = headers.map { $0.name.lowercased() }
    }

    /// The values of query parameter `name` (a bare `?name` counts as an empty value).
    func queryValues(_ name: String) -> [String] {
        query.pairs.filter { $0.name == name }.map { $0.value ?? "" }
    }

    /// The values of header `name`, compared without regard to case.
    func headerValues(_ name: String) -> [String] {
        headerValues(lowercased: name.lowercased())
    }

    /// The values of the header whose lowercased name is `name`.
    func headerValues(lowercased name: String) -> [String] {
        var values: [String] = []
        for (index, lowercased) in lowercasedNames.enumerated() where lowercased == name { values.append(headers[index].value) }
        return values
    }

    /// The host the request names (its `Host` header without the port; an IPv6 address keeps
    /// its brackets), as WireMock's `host` sees it; `nil` without a `Host` header.
    var host: String? {
        guard let value = headerValues(lowercased: "host").first else { return nil }
        return Self.splitHost(value).host
    }

    /// The port the request names: its `Host` header's, else the scheme's (80, 443), as WireMock's
    /// `port` sees it behind Jetty.
    var port: Int {
        if let value = headerValues(lowercased: "host").first, let port = Self.splitHost(value).port { return port }
        return scheme == "https" ? 443 : 80
    }

    /// `host[:port]` split; a port that is not a number in 0…65535 counts as none.
    private static func splitHost(_ value: String) -> (host: String, port: Int?) {
        let text = value.trimmingCharacters(in: .whitespaces)
        let portStart: String.Index?
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            portStart = text[close...].firstIndex(of: ":")
        } else {
            portStart = text.lastIndex(of: ":")
        }
        guard let colon = portStart else { return (text, nil) }
        let port = Int(text[text.index(after: colon)...]).flatMap { (0...65535).contains($0) ? $0 : nil }
        return (String(text[..<colon]), port)
    }

    /// The values of cookie `name` from every `Cookie` header (`a=1; b=2`), in order.
    func cookieValues(_ name: String) -> [String] {
        var values: [String] = []
        for header in headerValues(lowercased: "cookie") {
            for pair in header.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                if trimmed[..<equals] == name { values.append(String(trimmed[trimmed.index(after: equals)...])) }
            }
        }
        return values
    }
}
