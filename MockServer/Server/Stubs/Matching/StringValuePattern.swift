/// One WireMock operator on a text value (`equalTo`, `contains`, `matches`, `absent`…): how it
/// is read from its JSON object, how it matches, and how it is written back and reported.
///
/// Each operator is one type; ``StringValuePatterns/all`` lists them, and that list is the only
/// place a new one is named. A pattern that holds others (`not`, `and`, `or`, or an expression
/// with a sub-matcher) reads them with ``StringValuePatterns/parse(_:at:)`` and combines their
/// ``MatchResult``s.
protocol StringValuePattern: Sendable {
    /// The operator's name, the key of its JSON object (`"contains"`).
    static var operatorName: String { get }
    /// Other keys its object may hold beside the operator (`caseInsensitive` for `equalTo`).
    static var modifierNames: Set<String> { get }
    /// Reads the pattern from its object (`{"contains": "json"}`); `path` names the object in
    /// errors.
    init(json object: [String: Any], at path: String) throws(StubError)

    /// How `value` (`nil` when the request has none) compares with the pattern.
    func match(_ value: String?) -> MatchResult
    /// How every value of a header or parameter sent several times (none when not sent)
    /// compares. The default takes the best of them, and the pattern against no value when
    /// none was sent (WireMock 2.35's `MultiValuePattern`: `doesNotContain` matches a header
    /// not sent); a pattern on the list as a whole (`hasExactly`, `includes`) implements this
    /// instead.
    func match(values: [String]) -> MatchResult
    /// How a request body compares (bodyPatterns). The default matches its text (``StubRequestBody/text``,
    /// `nil` when empty, as WireMock); a pattern on bytes (`binaryEqualTo`) or on a parsed
    /// document (`equalToJson`) reads what it needs instead, and one that holds others hands
    /// them the body.
    func match(body: StubRequestBody) -> MatchResult
    /// The expected value as the near-miss report prints it.
    var expectedText: String { get }
    /// The pattern as a mapping writes it.
    var json: JSONValue { get }
    /// The one value the pattern accepts, when there is just one: `match(v).isExactMatch` is
    /// then exactly `v == exactValue`. Serving compares it directly (no distance is measured),
    /// and an index on exact values can file the pattern under it; `nil` otherwise.
    var exactValue: String? { get }
    /// The pattern after a field's name in the report: ` [contains]: json` with `separator` `": "`.
    func reportText(separator: String) -> String
    /// Whether WireMock reads `object` as this operator alone although it names others too,
    /// ignoring them (it picks the first of its operators in a fixed order). `false` by
    /// default: two operators in one object are refused.
    static func overridesOtherOperators(in object: [String: Any]) -> Bool
}

extension StringValuePattern {
    static var modifierNames: Set<String> { [] }
    static func overridesOtherOperators(in object: [String: Any]) -> Bool { false }
    var exactValue: String? { nil }
    func reportText(separator: String) -> String { " [\(Self.operatorName)]\(separator)\(expectedText)" }

    func match(values: [String]) -> MatchResult {
        guard let first = values.first else { return match(nil) }
        if values.count == 1 { return match(first) }
        return MatchResult.best(of: values.lazy.map { match($0) })
    }

    func match(body: StubRequestBody) -> MatchResult { match(body.text) }

    /// The pattern's operand as a string, or the error naming it.
    static func operand(_ object: [String: Any], at path: String) throws(StubError) -> String {
        guard let text = object[operatorName] as? String else {
            throw StubError(.invalid, field: StubParser.join(path, operatorName), reason: "must be a string")
        }
        return text
    }
}
