/// The method: `nil` is any (WireMock's `ANY`).
final class MethodMatcher: RequestPartMatcher {
    let method: String?
    init(method: String?) { self.method = method }
    var weight: Double { 3 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let result = MatchResult(method.map { $0 == input.request.method } ?? true)
        return explained(
            result, explain: explain, path: "method", expected: method ?? "ANY", actual: input.request.method,
            message: "HTTP method does not match")
    }
}

/// The URL field (``StubURLMatcher``).
final class URLMatcher: RequestPartMatcher {
    let url: StubURLMatcher
    /// The pattern's exact value and whether it covers the query, read once (serving compares
    /// by them).
    private let exactValue: String?
    private let coversQuery: Bool

    init(url: StubURLMatcher) {
        self.url = url
        exactValue = url.pattern.exactValue
        coversQuery = url.pattern.coversQuery
    }
    var weight: Double { 10 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let request = input.request
        if !explain, let exactValue { return MatchResult(exactValue == (coversQuery ? request.pathAndQuery : request.path)) }
        guard explain else { return MatchResult(url.accepts(path: request.path, pathAndQuery: request.pathAndQuery)) }
        let result = url.pattern.match(path: request.path, pathAndQuery: request.pathAndQuery)
        return explained(
            result, explain: explain, path: "url", expected: url.pattern.reportText, actual: request.pathAndQuery,
            message: "URL does not match")
    }
}

/// One header, its name compared without regard to case.
final class HeaderMatcher: RequestPartMatcher {
    /// The name as the stub writes it.
    let name: String
    /// The name lowercased once (requests' are too).
    let lowercasedName: String
    let matcher: StubValueMatcher
    let weight: Double

    init(name: String, matcher: StubValueMatcher, weight: Double) {
        self.name = name
        lowercasedName = name.lowercased()
        self.matcher = matcher
        self.weight = weight
    }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let values = input.request.headerValues(lowercased: lowercasedName)
        guard explain else { return MatchResult(matcher.accepts(values)) }
        return explained(
            matcher.match(values), explain: explain, path: "headers.\(name)",
            expected: name + matcher.pattern.reportText(separator: ": "),
            actual: values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))", message: "Header does not match")
    }

    /// `header <lowercased name>` and the `equalTo` value (the part then wants that value among
    /// the header's).
    var exactValueKey: ExactValueKey? { matcher.exactValue.map { ExactValueKey(name: "header " + lowercasedName, value: $0) } }
    func indexValues(of request: StubRequestInfo) -> [String] { request.headerValues(lowercased: lowercasedName) }
}

/// One query parameter.
final class QueryParameterMatcher: RequestPartMatcher {
    let name: String
    let matcher: StubValueMatcher
    let weight: Double

    init(name: String, matcher: StubValueMatcher, weight: Double) { (self.name, self.matcher, self.weight) = (name, matcher, weight) }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let values = input.request.queryValues(name)
        guard explain else { return MatchResult(matcher.accepts(values)) }
        return explained(
            matcher.match(values), explain: explain, path: "queryParameters.\(name)",
            expected: "Query: " + name + matcher.pattern.reportText(separator: " = "),
            actual: values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))", message: "Query does not match")
    }

    /// `query <name>` and the `equalTo` value.
    var exactValueKey: ExactValueKey? { matcher.exactValue.map { ExactValueKey(name: "query " + name, value: $0) } }
    func indexValues(of request: StubRequestInfo) -> [String] { request.queryValues(name) }
}

/// The state a stub's scenario must be in (`requiredScenarioState`).
final class ScenarioStateMatcher: RequestPartMatcher {
    let scenario: String
    let required: String
    init(scenario: String, required: String) { (self.scenario, self.required) = (scenario, required) }
    var weight: Double { 1 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let current = input.scenarios[scenario] ?? Stub.startedState
        return explained(
            MatchResult(current == required), explain: explain, path: "scenario",
            expected: "[Scenario '\(scenario)' state: \(required)]", actual: "[Scenario '\(scenario)' state: \(current)]",
            message: "Scenario does not match")
    }
}
