/// `{"doesNotContain": "x"}`: a value without this text. As in WireMock 2.35, no value at all
/// (an empty body, a header not sent) matches too.
struct DoesNotContainPattern: StringValuePattern {
    static let operatorName = "doesNotContain"

    /// The text a value must not contain.
    let part: String

    /// A pattern for values without `part`.
    init(_ part: String) { self.part = part }

    init(json object: [String: Any], at path: String) throws(StubError) {
        self.init(try Self.operand(object, at: path))
    }

    func match(_ value: String?) -> MatchResult { MatchResult(!(value?.contains(part) ?? false)) }
    func match(body: StubRequestBody) -> MatchResult { MatchResult(body.bytes.isEmpty || !body.contains(part)) }

    var expectedText: String { part }
    var json: JSONValue { .object([Self.operatorName: .string(part)]) }
}
