/// `{"contains": "x"}`: a value containing this text.
struct ContainsPattern: OperandPattern {
    static let operatorName = "contains"

    /// The text a value must contain.
    let part: String

    /// A pattern for values containing `part`.
    init(_ part: String) { self.part = part }

    init(operand: String, at place: String) { self.init(operand) }

    func match(_ value: String?) -> MatchResult { MatchResult(value?.contains(part) ?? false) }
    func match(body: StubRequestBody) -> MatchResult { MatchResult(!body.bytes.isEmpty && body.contains(part)) }

    var expectedText: String { part }
}
