import Foundation

/// `{"equalToXml": "<a>…</a>"}`, optionally `"enablePlaceholders": true` and
/// `"exemptedComparisons": [...]`: a body that is the same XML document, as WireMock 2.35
/// (XMLUnit) compares them, as probed against the jar:
///
/// - whitespace around text is ignored, whitespace-only text, comments and processing
///   instructions are dropped, CDATA is text, and the XML declaration does not count;
/// - element and attribute names are compared by local name: namespace URIs and prefixes do not
///   count;
/// - attributes in any order; child elements in any order, paired by name (the first unused
///   one of the same name, so same-named siblings keep their order); an element with text among
///   its children (mixed content) compares its children in order;
/// - with `enablePlaceholders` (off by default in 2.35), a text or attribute value
///   `${xmlunit.ignore}` accepts anything, `${xmlunit.isNumber}` a number, and
///   `${xmlunit.matchesRegex(EXPR)}` what the expression matches whole.
///
/// `exemptedComparisons` takes XMLUnit's names for what it drops: `ELEMENT_TAG_NAME`,
/// `TEXT_VALUE`, `ATTR_VALUE`, `ATTR_NAME_LOOKUP` and `ELEMENT_NUM_ATTRIBUTES` (extra or missing
/// attributes), `CHILD_NODELIST_LENGTH` and `CHILD_LOOKUP` (extra or missing children), and the
/// namespace, schema and prolog ones, which are never compared here. The distance is the share of
/// the expected document's nodes that differ.
struct EqualToXmlPattern: StringValuePattern {
    static let operatorName = "equalToXml"
    static let modifierNames: Set<String> = [
        "enablePlaceholders", "exemptedComparisons", "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex",
    ]
    /// The comparisons `exemptedComparisons` may name.
    static let comparisons: Set<String> = [
        "ELEMENT_TAG_NAME", "TEXT_VALUE", "ATTR_VALUE", "ATTR_NAME_LOOKUP", "ELEMENT_NUM_ATTRIBUTES", "CHILD_NODELIST_LENGTH",
        "CHILD_LOOKUP", "NAMESPACE_URI", "NAMESPACE_PREFIX", "SCHEMA_LOCATION", "NO_NAMESPACE_SCHEMA_LOCATION", "XML_VERSION",
        "XML_STANDALONE", "XML_ENCODING", "HAS_DOCTYPE_DECLARATION", "DOCTYPE_NAME", "DOCTYPE_PUBLIC_ID", "DOCTYPE_SYSTEM_ID",
        "CHILD_NODELIST_SEQUENCE", "COMMENT_VALUE", "PROCESSING_INSTRUCTION_DATA", "PROCESSING_INSTRUCTION_TARGET",
    ]

    /// The document expected, as the mapping writes it.
    let expectedXML: String
    /// The expected document's tree.
    private let expected: XMLNodeTree
    let enablePlaceholders: Bool
    let exemptedComparisons: [String]
    private let exempt: Set<String>
    /// The `${xmlunit.matchesRegex(…)}` expressions, compiled once.
    private let expressions: [String: StubRegex]

    init(json object: [String: Any], at path: String) throws(StubError) {
        let text = try Self.operand(object, at: path)
        let place = StubParser.join(path, Self.operatorName)
        guard let tree = StubXML.tree(Data(text.utf8)) else {
            throw StubError(.invalid, field: place, reason: "is not an XML document (or declares entities)")
        }
        for name in ["placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex"] where object[name] != nil {
            throw StubError(.unsupported, field: StubParser.join(path, name), reason: "not supported by mockserver (placeholders are ${…})")
        }
        expectedXML = text
        expected = tree
        enablePlaceholders = try EqualToJsonPattern.flag(object, "enablePlaceholders", at: path)
        var exempted: [String] = []
        if let list = object["exemptedComparisons"], !(list is NSNull) {
            let field = StubParser.join(path, "exemptedComparisons")
            guard let names = list as? [String] else { throw StubError(.invalid, field: field, reason: "must be an array of strings") }
            for name in names where !Self.comparisons.contains(name) {
                throw StubError(.unsupported, field: field, reason: "'\(name)' is not supported by mockserver (supported: \(Self.comparisons.sorted().joined(separator: ", ")))")
            }
            exempted = names
        }
        exemptedComparisons = exempted
        exempt = Set(exempted)
        var expressions: [String: StubRegex] = [:]
        if enablePlaceholders {
            for value in expected.allValues {
                if let pattern = XMLPlaceholder.regexPattern(value), expressions[pattern] == nil {
                    expressions[pattern] = try StubParser.regex(pattern, at: place)
                }
            }
        }
        self.expressions = expressions
    }

    func match(_ value: String?) -> MatchResult {
        guard let value, let tree = StubXML.tree(Data(value.utf8)) else { return .noMatch }
        return compare(tree)
    }

    func match(body: StubRequestBody) -> MatchResult {
        guard let tree = StubXML.tree(body.bytes) else { return .noMatch }
        return compare(tree)
    }

    private func compare(_ actual: XMLNodeTree) -> MatchResult {
        let differing = differences(expected, actual)
        guard differing > 0 else { return .exact }
        return MatchResult(isExactMatch: false, distance: max(0.01, Double(differing) / Double(max(1, expected.nodeCount))))
    }

    private func sameValue(_ expected: String, _ actual: String) -> Bool {
        if enablePlaceholders, let placeholder = XMLPlaceholder(expected) { return placeholder.accepts(actual, expressions: expressions) }
        return expected == actual
    }

    /// How many of `expected`'s nodes differ in `actual`.
    private func differences(_ expected: XMLNodeTree, _ actual: XMLNodeTree) -> Int {
        switch (expected, actual) {
        case (.text(let want), .text(let have)):
            return exempt.contains("TEXT_VALUE") || sameValue(want, have) ? 0 : 1
        case (.element(let name, let attributes, let children), .element(let otherName, let otherAttributes, let otherChildren)):
            var count = 0
            if name != otherName, !exempt.contains("ELEMENT_TAG_NAME") { count += 1 }
            let lenientAttributes = exempt.contains("ATTR_NAME_LOOKUP") || exempt.contains("ELEMENT_NUM_ATTRIBUTES")
            for (key, value) in attributes {
                if let other = otherAttributes[key] {
                    if !exempt.contains("ATTR_VALUE"), !sameValue(value, other) { count += 1 }
                } else if !lenientAttributes {
                    count += 1
                }
            }
            if !lenientAttributes, otherAttributes.keys.contains(where: { attributes[$0] == nil }) { count += 1 }
            return count + childDifferences(children, otherChildren)
        default:
            return expected.nodeCount
        }
    }

    private func childDifferences(_ want: [XMLNodeTree], _ have: [XMLNodeTree]) -> Int {
        let lenientChildren = exempt.contains("CHILD_NODELIST_LENGTH") || exempt.contains("CHILD_LOOKUP")
        let mixed = want.contains { $0.isText } || have.contains { $0.isText }
        var count = 0
        if mixed || exempt.contains("ELEMENT_TAG_NAME") {
            for (index, item) in want.enumerated() {
                if index < have.count { count += differences(item, have[index]) } else if !lenientChildren { count += item.nodeCount }
            }
            if have.count > want.count, !lenientChildren { count += 1 }
            return count
        }
        var used = [Bool](repeating: false, count: have.count)
        for item in want {
            if let index = have.indices.first(where: { !used[$0] && have[$0].name == item.name }) {
                used[index] = true
                count += differences(item, have[index])
            } else if !lenientChildren {
                count += item.nodeCount
            }
        }
        if !lenientChildren, used.contains(false) { count += 1 }
        return count
    }

    var expectedText: String { expectedXML }
    var json: JSONValue {
        var object: [String: JSONValue] = [Self.operatorName: .string(expectedXML)]
        if enablePlaceholders { object["enablePlaceholders"] = .bool(true) }
        if !exemptedComparisons.isEmpty { object["exemptedComparisons"] = .array(exemptedComparisons.map { .string($0) }) }
        return .object(object)
    }
}

/// An XMLUnit placeholder in an expected text or attribute value.
enum XMLPlaceholder {
    case ignore, isNumber
    case regex(String)

    init?(_ text: String) {
        switch text {
        case "${xmlunit.ignore}": self = .ignore
        case "${xmlunit.isNumber}": self = .isNumber
        default:
            guard let pattern = Self.regexPattern(text) else { return nil }
            self = .regex(pattern)
        }
    }

    /// The expression of `${xmlunit.matchesRegex(EXPR)}`.
    static func regexPattern(_ text: String) -> String? {
        let prefix = "${xmlunit.matchesRegex(", suffix = ")}"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }

    func accepts(_ actual: String, expressions: [String: StubRegex]) -> Bool {
        switch self {
        case .ignore: return true
        case .isNumber: return Double(actual) != nil
        case .regex(let pattern): return expressions[pattern]?.matches(actual) ?? false
        }
    }
}
