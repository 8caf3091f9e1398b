/// `{"matches": "[0-9]+"}`: a value the whole of which matches the expression (``StubRegex``).
struct MatchesPattern: OperandPattern {
    static let operatorName = "matches"

    /// The expression.
    let regex: StubRegex

    /// A pattern for values `regex` matches whole.
    init(_ regex: StubRegex) { self.regex = regex }

    init(operand: String, at place: String) throws(StubError) { self.init(try StubParser.regex(operand, at: place)) }

    func match(_ value: String?) -> MatchResult { MatchResult(value.map(regex.matches) ?? false) }

    var expectedText: String { regex.pattern }
}
