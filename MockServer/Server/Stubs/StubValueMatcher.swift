/// How a query parameter or header value must look for a stub to match (WireMock's
/// `equalTo`, `contains`, `matches`, `absent`).
///
/// For a parameter or header sent several times, the stub matches when one of the values does,
/// as in WireMock; `absent` matches only when there is no value at all.
public enum StubValueMatcher: Sendable, Hashable {
    /// Exactly this value (`{"equalTo": "x"}`, `{"equalTo": "x", "caseInsensitive": true}`).
    case equalTo(String, caseInsensitive: Bool = false)
    /// A value containing this text (`{"contains": "x"}`).
    case contains(String)
    /// A value the whole of which matches the expression (`{"matches": "[0-9]+"}`).
    case matches(StubRegex)
    /// No value at all (`{"absent": true}`).
    case absent

    /// Whether the values sent (empty when none) satisfy the matcher.
    public func accepts(_ values: [String]) -> Bool {
        if case .absent = self { return values.isEmpty }
        return values.contains { accepts($0) }
    }

    /// Whether one value satisfies the matcher (never for ``absent``).
    public func accepts(_ value: String) -> Bool {
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            return caseInsensitive ? value.lowercased() == expected.lowercased() : value == expected
        case .contains(let part):
            return value.contains(part)
        case .matches(let regex):
            return regex.matches(value)
        case .absent:
            return false
        }
    }

    /// The WireMock operator's name.
    var operatorName: String {
        switch self {
        case .equalTo: return "equalTo"
        case .contains: return "contains"
        case .matches: return "matches"
        case .absent: return "absent"
        }
    }

    /// The expected value as the near-miss report prints it.
    var expectedText: String {
        switch self {
        case .equalTo(let value, let caseInsensitive): return caseInsensitive ? "\(value) (case-insensitive)" : value
        case .contains(let value): return value
        case .matches(let regex): return regex.pattern
        case .absent: return "(absent)"
        }
    }

    /// The matcher as a mapping writes it.
    var json: JSONValue {
        switch self {
        case .equalTo(let value, let caseInsensitive):
            return caseInsensitive ? .object(["equalTo": .string(value), "caseInsensitive": .bool(true)]) : .object(["equalTo": .string(value)])
        case .contains(let value): return .object(["contains": .string(value)])
        case .matches(let regex): return .object(["matches": .string(regex.pattern)])
        case .absent: return .object(["absent": .bool(true)])
        }
    }
}
