/// `{"absent": true}`: the request has no such value at all.
struct AbsentPattern: StringValuePattern {
    static let operatorName = "absent"

    init() {}

    init(json object: [String: Any], at path: String) throws(StubError) {}

    func match(_ value: String?) -> MatchResult { MatchResult(value == nil) }

    var expectedText: String { "(absent)" }
    var json: JSONValue { .object([Self.operatorName: .bool(true)]) }
    func reportText(separator: String) -> String { " [absent]" }
}
