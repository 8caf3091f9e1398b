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

/// A request field compared whole with one expected value: `port` (the `Host` header's, else the
/// scheme's) and `scheme` (`http` or `https`), as WireMock compares them.
final class ExactFieldMatcher: RequestPartMatcher {
    /// The field's name in a mapping (`port`).
    let field: String
    /// The value expected, as text.
    let expected: String
    /// The field's value in a request.
    private let actual: @Sendable (StubRequestInfo) -> String
    var weight: Double { 1 }

    private init(field: String, expected: String, actual: @escaping @Sendable (StubRequestInfo) -> String) {
        (self.field, self.expected, self.actual) = (field, expected, actual)
    }

    /// WireMock's `port`.
    static func port(_ port: Int) -> ExactFieldMatcher { ExactFieldMatcher(field: "port", expected: "\(port)") { "\($0.port)" } }
    /// WireMock's `scheme`.
    static func scheme(_ scheme: String) -> ExactFieldMatcher { ExactFieldMatcher(field: "scheme", expected: scheme) { $0.scheme } }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let value = actual(input.request)
        let label = field.prefix(1).uppercased() + field.dropFirst()
        return explained(
            MatchResult(value == expected), explain: explain, path: field, expected: "\(label): \(expected)",
            actual: "\(label): \(value)", message: "\(label) does not match")
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
