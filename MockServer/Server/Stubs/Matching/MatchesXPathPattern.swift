import Foundation

/// `{"matchesXPath": "/order/item[@sku='A1']"}`, or `{"matchesXPath": {"expression": "…",
/// "equalTo": "pen"}}` with any operator beside the expression, and optionally
/// `"xPathNamespaces": {"s": "urn:shop"}`: as WireMock 2.35, probed against the jar.
///
/// - The plain form matches when the expression selects at least one node (a number or boolean
///   result does not match).
/// - The sub-matcher form matches when one selected node does: an element is handed over as its
///   XML, a text or attribute node as its text.
/// - Without `xPathNamespaces` WireMock reads the document without namespaces: `//item` finds
///   `<item>` under `<order xmlns="urn:shop">`. Here the default namespace declarations are
///   dropped before parsing to the same effect; with `xPathNamespaces` the prefixes are
///   registered and namespaces count.
///
/// Evaluated with libxml2 directly (``StubXML``): the expression is compiled when the mapping is
/// read (an invalid one is refused there), and an evaluation that fails is a non-match.
struct MatchesXPathPattern: StringValuePattern {
    static let operatorName = "matchesXPath"
    static let modifierNames: Set<String> = ["xPathNamespaces"]

    /// The expression.
    let expression: String
    /// Prefix → namespace URI, registered for the expression.
    let namespaces: [String: String]
    /// What a selected node must match, in the sub-matcher form.
    let valuePattern: (any StringValuePattern)?

    init(json object: [String: Any], at path: String) throws(StubError) {
        let place = StubParser.join(path, Self.operatorName)
        if let text = object[Self.operatorName] as? String {
            expression = text
            valuePattern = nil
        } else if let spec = object[Self.operatorName] as? [String: Any] {
            guard let text = spec["expression"] as? String else {
                throw StubError(.invalid, field: StubParser.join(place, "expression"), reason: "must be a string")
            }
            expression = text
            var rest = spec
            rest["expression"] = nil
            valuePattern = try StringValuePatterns.parse(rest, at: place)
        } else {
            throw StubError(.invalid, field: place, reason: "must be an expression, or an object with an expression and a match operator")
        }
        var namespaces: [String: String] = [:]
        if let given = object["xPathNamespaces"], !(given is NSNull) {
            guard let map = given as? [String: String] else {
                throw StubError(.invalid, field: StubParser.join(path, "xPathNamespaces"), reason: "must map prefixes to namespace URIs")
            }
            namespaces = map
        }
        self.namespaces = namespaces
        guard StubXML.compiles(expression) else {
            throw StubError(.invalid, field: place, reason: "invalid XPath expression '\(expression)'")
        }
    }

    func match(_ value: String?) -> MatchResult {
        guard let value else { return .noMatch }
        return match(xml: Data(value.utf8))
    }

    func match(body: StubRequestBody) -> MatchResult { match(xml: body.bytes) }

    private func match(xml: Data) -> MatchResult {
        guard let values = StubXML.select(expression, in: xml, namespaces: namespaces), !values.isEmpty else { return .noMatch }
        guard let valuePattern else { return .exact }
        return MatchResult.best(of: values.lazy.map { valuePattern.match($0) })
    }

    var expectedText: String {
        guard let valuePattern else { return expression }
        return "\(expression) \(String(valuePattern.reportText(separator: " ").drop { $0 == " " }))"
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [:]
        if let valuePattern, case .object(var members) = valuePattern.json {
            members["expression"] = .string(expression)
            object[Self.operatorName] = .object(members)
        } else {
            object[Self.operatorName] = .string(expression)
        }
        if !namespaces.isEmpty { object["xPathNamespaces"] = .object(namespaces.mapValues { .string($0) }) }
        return .object(object)
    }
}
