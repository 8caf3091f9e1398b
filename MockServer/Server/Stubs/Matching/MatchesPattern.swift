/// `{"matches": "[0-9]+"}`: a value the whole of which matches the expression (``StubRegex``).
struct MatchesPattern: StringValuePattern {
    static let operatorName = "matches"

    /// The expression.
    let regex: StubRegex

    /// A pattern for values `regex` matches whole.
    init(_ regex: StubRegex) { self.regex = regex }

    init(json object: [String: Any], at path: String) throws(StubError) {
        self.init(try StubParser.regex(try Self.operand(object, at: path), at: StubParser.join(path, Self.operatorName)))
    }

    func match(_ value: String?) -> MatchResult { MatchResult(value.map(regex.matches) ?? false) }

    var expectedText: String { regex.pattern }
    var json: JSONValue { .object([Self.operatorName: .string(regex.pattern)]) }
}
