/// The request body (`bodyPatterns`): every pattern must match, as in WireMock, and the part's
/// distance is the mean of theirs (WireMock's aggregate). A body over
/// ``StubRequestBody/matchLimit`` matches none of them.
final class BodyPatternsMatcher: RequestPartMatcher {
    /// The patterns, in the mapping's order.
    let patterns: [StubValueMatcher]

    init(patterns: [StubValueMatcher]) { self.patterns = patterns }
    var weight: Double { 1 }

    /// The most characters of a body the near-miss report prints.
    static let reportedCharacters = 2000

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let body = input.request.body
        if let refusal = body.refusal {
            return explained(
                .noMatch, explain: explain, path: "bodyPatterns", expected: expectedText,
                actual: "(\(body.bytes.count) bytes kept)", message: "Body does not match: \(refusal)")
        }
        guard explain else {
            for pattern in patterns where !pattern.pattern.match(body: body).isExactMatch { return .noMatch }
            return .exact
        }
        let results = patterns.map { $0.pattern.match(body: body) }
        let distance = results.reduce(0) { $0 + $1.distance } / Double(max(1, results.count))
        let result = MatchResult(isExactMatch: results.allSatisfy(\.isExactMatch), distance: distance)
        let text = body.text ?? ""
        let head = text.prefix(Self.reportedCharacters + 1)
        let shown = head.count > Self.reportedCharacters ? String(head.dropLast()) + "…" : text
        return explained(result, explain: true, path: "bodyPatterns", expected: expectedText, actual: shown, message: "Body does not match")
    }

    /// Every pattern as the report prints it, separated by `; `.
    private var expectedText: String {
        patterns.map { String($0.pattern.reportText(separator: " ").drop { $0 == " " }) }.joined(separator: "; ")
    }
}
