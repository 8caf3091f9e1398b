/// `{"contains": "x"}`: a value containing this text.
struct ContainsPattern: StringValuePattern {
    static let operatorName = "contains"

    /// The text a value must contain.
    let part: String

    /// A pattern for values containing `part`.
    init(_ part: String) { self.part = part }

    init(json object: [String: Any], at path: String) throws(StubError) {
        self.init(try Self.operand(object, at: path))
    }

    func match(_ value: String?) -> MatchResult { MatchResult(value?.contains(part) ?? false) }
    func match(body: StubRequestBody) -> MatchResult { MatchResult(!body.bytes.isEmpty && body.contains(part)) }

    var expectedText: String { part }
    var json: JSONValue { .object([Self.operatorName: .string(part)]) }
}
