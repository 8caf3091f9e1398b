import Foundation

/// `{"equalTo": "x"}`, optionally `"caseInsensitive": true`: exactly this value. Its distance is
/// the edit distance of the two texts, so a near miss names the stub with the closest value.
struct EqualToPattern: StringValuePattern {
    static let operatorName = "equalTo"
    static let modifierNames: Set<String> = ["caseInsensitive"]

    /// The value expected.
    let expected: String
    /// Whether case is ignored.
    let caseInsensitive: Bool

    /// A pattern for exactly `expected`.
    init(_ expected: String, caseInsensitive: Bool = false) {
        self.expected = expected
        self.caseInsensitive = caseInsensitive
    }

    init(json object: [String: Any], at path: String) throws(StubError) {
        var caseInsensitive = false
        if let flag = object["caseInsensitive"] {
            guard case .bool(let value)? = JSONValue(foundation: flag) else {
                throw StubError(.invalid, field: StubParser.join(path, "caseInsensitive"), reason: "must be true or false")
            }
            caseInsensitive = value
        }
        self.init(try Self.operand(object, at: path), caseInsensitive: caseInsensitive)
    }

    func match(_ value: String?) -> MatchResult {
        guard let value else { return .noMatch }
        if caseInsensitive {
            let (left, right) = (expected.lowercased(), value.lowercased())
            return MatchResult(isExactMatch: left == right, expected: left, actual: right)
        }
        return MatchResult(isExactMatch: value == expected, expected: expected, actual: value)
    }

    var expectedText: String { caseInsensitive ? "\(expected) (case-insensitive)" : expected }

    var json: JSONValue {
        caseInsensitive
            ? .object(["equalTo": .string(expected), "caseInsensitive": .bool(true)]) : .object(["equalTo": .string(expected)])
    }

    var exactValue: String? { caseInsensitive ? nil : expected }

    func reportText(separator: String) -> String { separator + expectedText }
}
