/// The method: `nil` is any (WireMock's `ANY`).
struct MethodMatcher: RequestPartMatcher {
    let method: String?
    var weight: Double { 3 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let result = MatchResult(method.map { $0 == input.request.method } ?? true)
        return explained(
            result, explain: explain, path: "method", expected: method ?? "ANY", actual: input.request.method,
            message: "HTTP method does not match")
    }
}

/// The URL field (``StubURLMatcher``).
struct URLMatcher: RequestPartMatcher {
    let url: StubURLMatcher
    var weight: Double { 10 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let request = input.request
        let result = url.pattern.match(path: request.path, pathAndQuery: request.pathAndQuery)
        return explained(
            result, explain: explain, path: "url", expected: url.pattern.reportText, actual: request.pathAndQuery,
            message: "URL does not match")
    }
}

/// One header, its name compared without regard to case.
struct HeaderMatcher: RequestPartMatcher {
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
        return explained(
            matcher.match(values), explain: explain, path: "headers.\(name)",
            expected: name + matcher.pattern.reportText(separator: ": "),
            actual: values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))", message: "Header does not match")
    }
}

/// One query parameter.
struct QueryParameterMatcher: RequestPartMatcher {
    let name: String
    let matcher: StubValueMatcher
    let weight: Double

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let values = input.request.queryValues(name)
        return explained(
            matcher.match(values), explain: explain, path: "queryParameters.\(name)",
            expected: "Query: " + name + matcher.pattern.reportText(separator: " = "),
            actual: values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))", message: "Query does not match")
    }
}

/// The state a stub's scenario must be in (`requiredScenarioState`).
struct ScenarioStateMatcher: RequestPartMatcher {
    let scenario: String
    let required: String
    var weight: Double { 1 }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let current = input.scenarios[scenario] ?? Stub.startedState
        return explained(
            MatchResult(current == required), explain: explain, path: "scenario",
            expected: "[Scenario '\(scenario)' state: \(required)]", actual: "[Scenario '\(scenario)' state: \(current)]",
            message: "Scenario does not match")
    }
}
