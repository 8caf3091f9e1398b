/// One cookie, from the request's `Cookie` headers (WireMock's `cookies`): the best of its
/// values, or the pattern against none when the cookie is not sent.
final class CookieMatcher: RequestPartMatcher {
    let name: String
    let matcher: StubValueMatcher
    let weight: Double

    init(name: String, matcher: StubValueMatcher, weight: Double) { (self.name, self.matcher, self.weight) = (name, matcher, weight) }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let values = input.request.cookieValues(name)
        guard explain else { return MatchResult(matcher.accepts(values)) }
        return explained(
            matcher.match(values), explain: explain, path: "cookies.\(name)",
            expected: "Cookie: " + name + matcher.pattern.reportText(separator: " = "),
            actual: values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))", message: "Cookie does not match")
    }
}

/// The host the request names (WireMock's `host`: the `Host` header without its port).
final class HostMatcher: RequestPartMatcher {
    let matcher: StubValueMatcher
    init(matcher: StubValueMatcher) { self.matcher = matcher }
    var weight: Double { 1 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let host = input.request.host
        let values = host.map { [$0] } ?? []
        guard explain else { return MatchResult(matcher.accepts(values)) }
        return explained(
            matcher.match(values), explain: explain, path: "host", expected: "Host" + matcher.pattern.reportText(separator: ": "),
            actual: host ?? "", message: "Host does not match")
    }
}

/// The port the request names (WireMock's `port`: the `Host` header's, else the scheme's).
final class PortMatcher: RequestPartMatcher {
    let port: Int
    init(port: Int) { self.port = port }
    var weight: Double { 1 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let actual = input.request.port
        return explained(
            MatchResult(actual == port), explain: explain, path: "port", expected: "Port: \(port)", actual: "Port: \(actual)",
            message: "Port does not match")
    }
}

/// `http` or `https` (WireMock's `scheme`).
final class SchemeMatcher: RequestPartMatcher {
    let scheme: String
    init(scheme: String) { self.scheme = scheme }
    var weight: Double { 1 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let actual = input.request.scheme
        return explained(
            MatchResult(actual == scheme), explain: explain, path: "scheme", expected: "Scheme: \(scheme)", actual: "Scheme: \(actual)",
            message: "Scheme does not match")
    }
}

/// `basicAuthCredentials` (and its older name `basicAuth`): an `Authorization` header equal to
/// `Basic ` and the base64 of `username:password`, as WireMock compares it.
final class BasicAuthMatcher: RequestPartMatcher {
    let credentials: StubBasicCredentials
    /// The header value expected, built once.
    private let expected: String

    init(credentials: StubBasicCredentials) {
        self.credentials = credentials
        expected = credentials.headerValue
    }
    var weight: Double { 1 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let values = input.request.headerValues(lowercased: "authorization")
        guard explain else { return MatchResult(values.contains(expected)) }
        let result = MatchResult.best(of: values.map { MatchResult(isExactMatch: $0 == expected, expected: expected, actual: $0) })
        return explained(
            result, explain: explain, path: "basicAuthCredentials", expected: "Authorization: \(expected)",
            actual: values.isEmpty ? "" : "Authorization: \(values.joined(separator: ", "))", message: "Basic credentials do not match")
    }
}
