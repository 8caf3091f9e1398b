/// How a query parameter or header value must look for a stub to match (WireMock's
/// `equalTo`, `contains`, `matches`, `absent`).
///
/// For a parameter or header sent several times, the stub matches when one of the values does,
/// as in WireMock; `absent` matches only when there is no value at all. Two matchers are equal
/// when a mapping writes them the same way.
public struct StubValueMatcher: Sendable, Hashable {
    /// The operator.
    let pattern: any StringValuePattern
    /// ``StringValuePattern/exactValue``, read once: the one value the matcher accepts, if any.
    let exactValue: String?

    init(_ pattern: any StringValuePattern) {
        self.pattern = pattern
        exactValue = pattern.exactValue
    }

    /// Exactly this value (`{"equalTo": "x"}`, `{"equalTo": "x", "caseInsensitive": true}`).
    public static func equalTo(_ value: String, caseInsensitive: Bool = false) -> StubValueMatcher {
        StubValueMatcher(EqualToPattern(value, caseInsensitive: caseInsensitive))
    }
    /// A value containing this text (`{"contains": "x"}`).
    public static func contains(_ part: String) -> StubValueMatcher { StubValueMatcher(ContainsPattern(part)) }
    /// A value the whole of which matches the expression (`{"matches": "[0-9]+"}`).
    public static func matches(_ regex: StubRegex) -> StubValueMatcher { StubValueMatcher(MatchesPattern(regex)) }
    /// No value at all (`{"absent": true}`).
    public static var absent: StubValueMatcher { StubValueMatcher(AbsentPattern()) }

    /// How the values sent (empty when none) compare: the best of them, or the pattern
    /// against no value.
    func match(_ values: [String]) -> MatchResult { pattern.match(values: values) }

    /// Whether the values sent (empty when none) satisfy the matcher: by its exact value when it
    /// has one (the same verdict as ``match(_:)``, without measuring a distance).
    public func accepts(_ values: [String]) -> Bool {
        if let exactValue { return values.contains(exactValue) }
        return match(values).isExactMatch
    }

    /// Whether one value satisfies the matcher (never for ``absent``).
    public func accepts(_ value: String) -> Bool { pattern.match(value).isExactMatch }

    /// The matcher as a mapping writes it.
    var json: JSONValue { pattern.json }

    /// Equal when written the same way.
    public static func == (lhs: StubValueMatcher, rhs: StubValueMatcher) -> Bool { lhs.json == rhs.json }
    /// Hashes what a mapping writes.
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
