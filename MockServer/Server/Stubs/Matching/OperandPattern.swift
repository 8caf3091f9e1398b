/// An operator whose operand is one string (`{"contains": "x"}`, `{"matches": "[0-9]+"}`): read
/// from that string, written back as it, and reported as ``expectedText``, which is the operand.
protocol OperandPattern: StringValuePattern {
    /// Reads the pattern from its operand; `place` names the operand in errors.
    init(operand: String, at place: String) throws(StubError)
}

extension OperandPattern {
    init(json object: [String: Any], at path: String) throws(StubError) {
        try self.init(operand: try Self.operand(object, at: path), at: StubParser.join(path, Self.operatorName))
    }

    var json: JSONValue { .object([Self.operatorName: .string(expectedText)]) }
}

/// The negation of a one-string operator (`doesNotContain` of `contains`, `doesNotMatch` of
/// `matches`): it matches exactly where ``positive`` does not, so a value the request lacks
/// (which the positive never matches) matches, as in WireMock 2.35.
protocol NegatedPattern: OperandPattern {
    associatedtype Positive: OperandPattern
    /// The operator negated.
    var positive: Positive { get }
    init(positive: Positive)
}

extension NegatedPattern {
    init(operand: String, at place: String) throws(StubError) {
        self.init(positive: try Positive(operand: operand, at: place))
    }

    func match(_ value: String?) -> MatchResult { MatchResult(!positive.match(value).isExactMatch) }
    func match(body: StubRequestBody) -> MatchResult { MatchResult(!positive.match(body: body).isExactMatch) }
    var expectedText: String { positive.expectedText }
}
