/// `{"doesNotMatch": "[0-9]+"}`: a value the expression does not match whole (``StubRegex``).
/// As in WireMock 2.35, no value at all (an empty body, a header not sent) matches too.
struct DoesNotMatchPattern: StringValuePattern {
    static let operatorName = "doesNotMatch"

    /// The expression.
    let regex: StubRegex

    /// A pattern for values `regex` does not match whole.
    init(_ regex: StubRegex) { self.regex = regex }

    init(json object: [String: Any], at path: String) throws(StubError) {
        self.init(try StubParser.regex(try Self.operand(object, at: path), at: StubParser.join(path, Self.operatorName)))
    }

    func match(_ value: String?) -> MatchResult { MatchResult(!(value.map(regex.matches) ?? false)) }

    var expectedText: String { regex.pattern }
    var json: JSONValue { .object([Self.operatorName: .string(regex.pattern)]) }
}
