/// `{"matchesJsonPath": "$.items[?(@.id == 1)]"}`: a JSON body where the expression selects
/// something; or `{"matchesJsonPath": {"expression": "$.name", "equalTo": "x"}}`: the selected
/// value, as text, must match the sub-matcher. WireMock 2.35's semantics, with Jayway's dialect
/// of JSONPath (``JSONPath/Dialect/jayway``):
///
/// - The plain form matches when the result is not empty: a definite path (names and indexes
///   only) must reach a value that is not `null`, an empty array or an empty object; an
///   indefinite one must select at least one node.
/// - The sub-matcher form compares a string as it is, a number or boolean as Java prints it,
///   and an object as Jackson pretty-prints it (``JSONValue/jaywayText``). An array (what a
///   path selects, or the value it reaches) is compared item by item, the best item deciding
///   (each item as ``JSONValue/jaywayItemText`` writes it), except by `equalToJson`, which gets
///   the whole array. A path that reaches nothing (or
///   `null`, or selects nothing with `absent`) gives the sub-matcher no value.
/// - A body that is not JSON never matches; neither does a query stopped by its work limit.
struct MatchesJsonPathPattern: StringValuePattern {
    static let operatorName = "matchesJsonPath"

    /// The compiled expression.
    let path: JSONPath
    /// What the selected value must match, in the second form.
    let subPattern: (any StringValuePattern)?

    /// A pattern for `expression`, optionally with `subPattern`.
    init(_ expression: String, subPattern: (any StringValuePattern)? = nil) throws(StubError) {
        path = try Self.compile(expression, at: Self.operatorName)
        self.subPattern = subPattern
    }

    init(json object: [String: Any], at path: String) throws(StubError) {
        let place = StubParser.join(path, Self.operatorName)
        if let expression = object[Self.operatorName] as? String {
            self.path = try Self.compile(expression, at: place)
            subPattern = nil
            return
        }
        guard var advanced = object[Self.operatorName] as? [String: Any] else {
            throw StubError(.invalid, field: place, reason: "must be a JSONPath string or {\"expression\": …, <matcher>}")
        }
        guard let expression = advanced.removeValue(forKey: "expression") as? String else {
            throw StubError(.invalid, field: StubParser.join(place, "expression"), reason: "is required, a JSONPath string")
        }
        self.path = try Self.compile(expression, at: StubParser.join(place, "expression"))
        subPattern = try StringValuePatterns.parse(advanced, at: place)
    }

    /// `{"matchesJsonPath": "$.a", "contains": "x"}`, a slip for the sub-matcher form that real
    /// folders hold: WireMock 2.35 reads it as the plain expression and ignores `contains`
    /// (`matchesJsonPath` comes before every other operator but `equalTo` and `equalToJson` in
    /// its order), so it loads and matches the same way here.
    static func overridesOtherOperators(in object: [String: Any]) -> Bool {
        object[operatorName] is String && object["equalTo"] == nil && object["equalToJson"] == nil
    }

    /// `expression` in Jayway's dialect, or the error naming `field`.
    private static func compile(_ expression: String, at field: String) throws(StubError) -> JSONPath {
        do {
            return try JSONPath(expression, dialect: .jayway)
        } catch {
            throw StubError(.invalid, field: field, reason: "\(error)")
        }
    }

    func match(_ value: String?) -> MatchResult {
        guard let value, let document = Self.document(value) else { return .noMatch }
        return match(document: document)
    }

    /// A request body, read as JSON once for every stub that queries it.
    func match(body: StubRequestBody) -> MatchResult {
        guard let document = body.jsonValue else { return .noMatch }
        return match(document: document)
    }

    private func match(document: JSONValue) -> MatchResult {
        let result: JSONValue?
        do {
            result = try path.evaluate(document)
        } catch {
            return .noMatch
        }
        guard let subPattern else { return MatchResult(Self.selectsSomething(result)) }
        switch result {
        case .none, .null?:
            return subPattern.match(nil)
        case .array(let items)? where !(subPattern is EqualToJsonPattern):
            // WireMock 2.35 compares each item and keeps the best (`$.tags` with `equalTo: "b"`
            // matches `["a", "b"]`); nothing selected is no value for `absent`, else no match.
            if items.isEmpty { return subPattern is AbsentPattern ? subPattern.match(nil) : .noMatch }
            return MatchResult.best(of: items.lazy.map { subPattern.match($0.jaywayItemText) })
        case let selected?:
            return subPattern.match(selected.jaywayText)
        }
    }

    /// WireMock's test of a plain expression's result.
    private static func selectsSomething(_ result: JSONValue?) -> Bool {
        switch result {
        case .none, .null?: return false
        case .array(let items)?: return !items.isEmpty
        case .object(let members)?: return !members.isEmpty
        default: return true
        }
    }

    /// The body as JSON, or `nil` when it is not JSON (WireMock skips a body starting with `<`).
    private static func document(_ text: String) -> JSONValue? {
        guard text.first(where: { !$0.isWhitespace }) != "<" else { return nil }
        return try? JSONReader.parse(text)
    }

    var expectedText: String {
        guard let subPattern else { return path.text }
        return "\(path.text) \(subPattern.reportText(separator: " ").trimmingPrefix(" "))"
    }

    var json: JSONValue {
        guard let subPattern else { return .object([Self.operatorName: .string(path.text)]) }
        var members: [String: JSONValue] = ["expression": .string(path.text)]
        if case .object(let sub) = subPattern.json { members.merge(sub) { first, _ in first } }
        return .object([Self.operatorName: .object(members)])
    }
}
