/// A stub's whole request pattern as one matcher: its parts (method, URL, headers, query
/// parameters, body, cookies, host, port, scheme, basic credentials, scenario state), each a
/// ``RequestPartMatcher``, and their weighted distance.
///
/// The store picks a stub with it and the near-miss report ranks stubs with it: one walk over
/// the request either way. Picking asks for no explanation and stops at the first part that
/// does not match; the report asks for every field. A struct kept inline in the store's entry:
/// one more reference to follow per candidate stub showed as the walk's main cost.
struct StubMatcher: Sendable {
    /// The sum of the weights of every kind of part: URL 10, method 3, the headers together 1,
    /// the query parameters together 1, the body patterns together 1, the scenario state 1. A
    /// stub's distance is its parts' weighted distances over this, so stubs with fewer parts rank
    /// on the same scale. The rarer fields (cookies together, host, port, scheme, basic
    /// credentials) weigh 1 each on top, the distance staying capped at 1.
    static let totalWeight = 17.0

    /// The parts, in the order the report lists them.
    let parts: [any RequestPartMatcher]

    /// The matcher of `stub`.
    init(_ stub: Stub) {
        let request = stub.request
        var parts: [any RequestPartMatcher] = [MethodMatcher(method: request.method), URLMatcher(url: request.url)]
        let headerWeight = 1 / Double(max(1, request.headers.count))
        for (name, matcher) in request.headers.sorted(by: { $0.key < $1.key }) {
            parts.append(HeaderMatcher(name: name, matcher: matcher, weight: headerWeight))
        }
        let queryWeight = 1 / Double(max(1, request.queryParameters.count))
        for (name, matcher) in request.queryParameters.sorted(by: { $0.key < $1.key }) {
            parts.append(QueryParameterMatcher(name: name, matcher: matcher, weight: queryWeight))
        }
        if let template = request.url.pattern as? URLPathTemplatePattern {
            let weight = 1 / Double(max(1, request.pathParameters.count))
            for (name, matcher) in request.pathParameters.sorted(by: { $0.key < $1.key }) {
                parts.append(PathParameterMatcher(template: template, name: name, matcher: matcher, weight: weight))
            }
        }
        let cookieWeight = 1 / Double(max(1, request.cookies.count))
        for (name, matcher) in request.cookies.sorted(by: { $0.key < $1.key }) {
            parts.append(CookieMatcher(name: name, matcher: matcher, weight: cookieWeight))
        }
        if let host = request.host { parts.append(HostMatcher(matcher: host)) }
        if let port = request.port { parts.append(PortMatcher(port: port)) }
        if let scheme = request.scheme { parts.append(SchemeMatcher(scheme: scheme)) }
        if let credentials = request.basicAuthCredentials { parts.append(BasicAuthMatcher(credentials: credentials)) }
        if !request.bodyPatterns.isEmpty { parts.append(BodyPatternsMatcher(patterns: request.bodyPatterns)) }
        if let scenario = stub.scenarioName, let required = stub.requiredScenarioState {
            parts.append(ScenarioStateMatcher(scenario: scenario, required: required))
        }
        self.parts = parts
    }

    /// How `input` compares with the whole pattern. Without `explain`, the first part that
    /// does not match ends the walk with ``MatchResult/noMatch``; with it, every part is
    /// matched and the result has the weighted distance and every field compared.
    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        guard explain else {
            for part in parts where !part.match(input, explain: false).isExactMatch { return .noMatch }
            return .exact
        }
        let results = parts.map { (result: $0.match(input, explain: true), weight: $0.weight) }
        return MatchResult.aggregate(results, totalWeight: Self.totalWeight)
    }
}
