/// `{"not": {"contains": "x"}}` (WireMock 3; WireMock 2.35 refuses it): the inverse of the
/// pattern it holds, at distance `1 − d`. On a body it hands the inner pattern the body itself,
/// so `not` also works around `binaryEqualTo` and `equalToJson`.
struct NotPattern: StringValuePattern {
    static let operatorName = "not"

    /// The pattern a value must not match.
    let inner: any StringValuePattern

    /// A pattern for values `inner` does not match.
    init(_ inner: any StringValuePattern) { self.inner = inner }

    init(json object: [String: Any], at path: String) throws(StubError) {
        self.init(try StringValuePatterns.parse(object[Self.operatorName] as Any, at: StubParser.join(path, Self.operatorName)))
    }

    func match(_ value: String?) -> MatchResult { inner.match(value).inverted }
    func match(body: StubRequestBody) -> MatchResult { inner.match(body: body).inverted }

    var expectedText: String { "not(\(String(inner.reportText(separator: " ").drop { $0 == " " })))" }
    var json: JSONValue { .object([Self.operatorName: inner.json]) }
    func reportText(separator: String) -> String { " [not]\(separator)\(String(inner.reportText(separator: " ").drop { $0 == " " }))" }
}
