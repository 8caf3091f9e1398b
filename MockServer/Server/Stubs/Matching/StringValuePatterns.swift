import Foundation

/// The text operators this server implements, and the reading of one from a mapping.
enum StringValuePatterns {
    /// Every operator, in the order error messages list them. A new operator is one type
    /// conforming to ``StringValuePattern`` and one line here.
    static let all: [any StringValuePattern.Type] = [
        EqualToPattern.self, ContainsPattern.self, MatchesPattern.self, AbsentPattern.self, DoesNotContainPattern.self,
        DoesNotMatchPattern.self, NotPattern.self, AndPattern.self, OrPattern.self, BinaryEqualToPattern.self,
        EqualToJsonPattern.self, MatchesJsonPathPattern.self, EqualToXmlPattern.self, MatchesXPathPattern.self, BeforePattern.self,
        AfterPattern.self, EqualToDateTimePattern.self, HasExactlyPattern.self, IncludesPattern.self,
    ]

    /// WireMock operators this server does not implement (refused as "not supported").
    static let unsupported: Set<String> = [
        "matchesJsonSchema", "anything", "matchesPathTemplate",
    ]

    private static let byName: [String: any StringValuePattern.Type] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.operatorName, $0) })
    private static let modifiers: Set<String> = all.reduce(into: []) { $0.formUnion($1.modifierNames) }
    private static let names = all.map { $0.operatorName }.joined(separator: ", ")

    /// The patterns of a list operator (`{"and": [{…}, {…}]}`, `hasExactly`): the array under
    /// `name` in `object`, each item read as a pattern; `listing` says what the items must be.
    static func parseList(
        _ object: [String: Any], under name: String, at path: String, listing: String
    ) throws(StubError) -> [any StringValuePattern] {
        let place = StubParser.join(path, name)
        guard let list = object[name] as? [Any], !list.isEmpty else {
            throw StubError(.invalid, field: place, reason: "must be a non-empty array of \(listing)")
        }
        var patterns: [any StringValuePattern] = []
        for (index, item) in list.enumerated() { patterns.append(try parse(item, at: "\(place)[\(index)]")) }
        return patterns
    }

    /// The pattern `value` describes (`{"equalTo": "x", "caseInsensitive": true}`), or the
    /// error naming the field at fault under `path`.
    static func parse(_ value: Any, at path: String) throws(StubError) -> any StringValuePattern {
        let object = try StubParser.object(value, at: path)
        let operators = object.keys.filter { !modifiers.contains($0) }.sorted()
        guard let name = operators.first else {
            throw StubError(.invalid, field: path, reason: "needs one of \(names)")
        }
        if operators.count > 1 {
            // WireMock takes some operators whatever else the object holds (see
            // `StringValuePattern.overridesOtherOperators(in:)`).
            if let type = all.first(where: { object[$0.operatorName] != nil && $0.overridesOtherOperators(in: object) }) {
                return try type.init(json: object, at: path)
            }
            throw StubError(
                .invalid, field: StubParser.join(path, operators[1]), reason: "one match operator per value (\(operators[0]) is given too)")
        }
        guard let type = byName[name] else {
            let place = StubParser.join(path, name)
            if unsupported.contains(name) {
                throw StubError(.unsupported, field: place, reason: "not supported by mockserver (supported: \(names))")
            }
            throw StubError(.invalid, field: place, reason: "unknown match operator (supported: \(names))")
        }
        for modifier in object.keys.sorted() where modifiers.contains(modifier) && !type.modifierNames.contains(modifier) {
            let owners = all.filter { $0.modifierNames.contains(modifier) }.map { $0.operatorName }.joined(separator: ", ")
            throw StubError(.invalid, field: StubParser.join(path, modifier), reason: "applies to \(owners) only")
        }
        return try type.init(json: object, at: path)
    }
}
