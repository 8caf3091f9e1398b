/// The patterns of an `and` or `or` (`{"and": [{…}, {…}]}`), read and reported alike.
protocol LogicalPattern: StringValuePattern {
    /// The patterns combined, at least one.
    var operands: [any StringValuePattern] { get }
    init(_ operands: [any StringValuePattern])
    /// How the operands' results combine.
    static func combine(_ results: [MatchResult]) -> MatchResult
}

extension LogicalPattern {
    init(json object: [String: Any], at path: String) throws(StubError) {
        let place = StubParser.join(path, Self.operatorName)
        guard let list = object[Self.operatorName] as? [Any], !list.isEmpty else {
            throw StubError(.invalid, field: place, reason: "must be a non-empty array of match operators")
        }
        var operands: [any StringValuePattern] = []
        for (index, item) in list.enumerated() { operands.append(try StringValuePatterns.parse(item, at: "\(place)[\(index)]")) }
        self.init(operands)
    }

    func match(_ value: String?) -> MatchResult { Self.combine(operands.map { $0.match(value) }) }
    func match(body: StubRequestBody) -> MatchResult { Self.combine(operands.map { $0.match(body: body) }) }

    var expectedText: String {
        operands.map { String($0.reportText(separator: " ").drop { $0 == " " }) }.joined(separator: " \(Self.operatorName.uppercased()) ")
    }
    var json: JSONValue { .object([Self.operatorName: .array(operands.map(\.json))]) }
}

/// `{"and": [{…}, {…}]}`: every pattern matches; the distance is their mean (WireMock's `LogicalAnd`).
struct AndPattern: LogicalPattern {
    static let operatorName = "and"
    let operands: [any StringValuePattern]
    init(_ operands: [any StringValuePattern]) { self.operands = operands }

    static func combine(_ results: [MatchResult]) -> MatchResult {
        MatchResult(
            isExactMatch: results.allSatisfy(\.isExactMatch),
            distance: results.reduce(0) { $0 + $1.distance } / Double(max(1, results.count)))
    }
}

/// `{"or": [{…}, {…}]}`: one pattern matches; the distance is the smallest (WireMock's `LogicalOr`).
struct OrPattern: LogicalPattern {
    static let operatorName = "or"
    let operands: [any StringValuePattern]
    init(_ operands: [any StringValuePattern]) { self.operands = operands }

    static func combine(_ results: [MatchResult]) -> MatchResult { MatchResult.best(of: results) }
}
