/// A pattern on every value of a header or query parameter sent several times (WireMock 3's
/// `hasExactly` and `includes`, which WireMock 2.35 refuses): each listed pattern must match
/// one of the values.
protocol MultiValuePattern: StringValuePattern {
    /// The listed patterns.
    var patterns: [any StringValuePattern] { get }
    init(patterns: [any StringValuePattern])
    /// Whether the number of values must equal the number of patterns.
    static var countsValues: Bool { get }
}

extension MultiValuePattern {
    init(json object: [String: Any], at path: String) throws(StubError) {
        let place = StubParser.join(path, Self.operatorName)
        guard let list = object[Self.operatorName] as? [Any], !list.isEmpty else {
            throw StubError(.invalid, field: place, reason: "must be a non-empty array of patterns like {\"equalTo\": \"1\"}")
        }
        var patterns: [any StringValuePattern] = []
        for (index, item) in list.enumerated() {
            patterns.append(try StringValuePatterns.parse(item, at: "\(place)[\(index)]"))
        }
        self.init(patterns: patterns)
    }

    func match(_ value: String?) -> MatchResult { match(values: value.map { [$0] } ?? []) }

    /// Each pattern against the best of the values; for `hasExactly` also as many values as
    /// patterns. No value at all is no match.
    func match(values: [String]) -> MatchResult {
        guard !values.isEmpty else { return .noMatch }
        var results = patterns.map { pattern in MatchResult.best(of: values.lazy.map { pattern.match($0) }) }
        if Self.countsValues { results.append(MatchResult(values.count == patterns.count)) }
        return MatchResult.aggregate(results.map { ($0, 1.0) }, totalWeight: Double(results.count))
    }

    var expectedText: String { patterns.map { "[\(type(of: $0).operatorName)] \($0.expectedText)" }.joined(separator: ", ") }
    var json: JSONValue { .object([Self.operatorName: .array(patterns.map(\.json))]) }
}

/// `{"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}`: exactly as many values as patterns,
/// each pattern matching one of them (WireMock 3).
struct HasExactlyPattern: MultiValuePattern {
    static let operatorName = "hasExactly"
    static let countsValues = true
    let patterns: [any StringValuePattern]
    init(patterns: [any StringValuePattern]) { self.patterns = patterns }
}

/// `{"includes": [{"equalTo": "1"}]}`: each pattern matches one of the values, others may come
/// too (WireMock 3).
struct IncludesPattern: MultiValuePattern {
    static let operatorName = "includes"
    static let countsValues = false
    let patterns: [any StringValuePattern]
    init(patterns: [any StringValuePattern]) { self.patterns = patterns }
}
