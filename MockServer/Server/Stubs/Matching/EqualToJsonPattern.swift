import Foundation

/// `{"equalToJson": {…} or "…", "ignoreArrayOrder": true, "ignoreExtraElements": true}`: a body
/// that is the same JSON document, as WireMock 2.35 compares them (JsonUnit underneath):
///
/// - Objects are equal whatever the order of their keys; with `ignoreExtraElements` the body may
///   have more keys, at any depth, and arrays more items after the expected ones.
/// - With `ignoreArrayOrder`, arrays (at any depth) are compared as multisets.
/// - Numbers: WireMock reads a number with a fraction or exponent as a double and drops its
///   trailing zeros, an integer as written, and compares value and scale. So `1.0` equals `1`
///   and `1.50` equals `1.5`, but `10.0` does not equal `10` (it is `1E+1`), as the jar answers.
/// - Placeholders, on by default in 2.35: `${json-unit.any-string}`, `${json-unit.any-number}`,
///   `${json-unit.any-boolean}`, `${json-unit.ignore}` (any value, `null` too, but present;
///   also written `#{json-unit.ignore}`), `${json-unit.ignore-element}` (may be missing), and
///   `${json-unit.regex}EXPR` (a string the expression matches whole).
///
/// A body that is not JSON matches nothing. The distance is the fraction of the expected
/// document's values that differ.
struct EqualToJsonPattern: StringValuePattern {
    static let operatorName = "equalToJson"
    static let modifierNames: Set<String> = ["ignoreArrayOrder", "ignoreExtraElements"]

    /// The document expected.
    let expected: JSONTree
    /// The operand as the mapping gave it (a JSON value or a string).
    let operand: JSONValue
    let ignoreArrayOrder: Bool
    let ignoreExtraElements: Bool
    /// The `${json-unit.regex}` expressions, compiled once, by their text.
    private let expressions: [String: StubRegex]

    init(json object: [String: Any], at path: String) throws(StubError) {
        let place = StubParser.join(path, Self.operatorName)
        let value = object[Self.operatorName] as Any
        let tree: JSONTree?
        if let text = value as? String {
            tree = JSONTree(text: text)
            guard tree != nil else { throw StubError(.invalid, field: place, reason: "is not a JSON document") }
        } else {
            tree = JSONTree(foundation: value)
        }
        guard let tree, let operand = JSONValue(foundation: value) else {
            throw StubError(.invalid, field: place, reason: "must be a JSON value or a string holding one")
        }
        expected = tree
        self.operand = operand
        ignoreArrayOrder = try Self.flag(object, "ignoreArrayOrder", at: path)
        ignoreExtraElements = try Self.flag(object, "ignoreExtraElements", at: path)
        var expressions: [String: StubRegex] = [:]
        try Self.collectExpressions(in: tree, into: &expressions, at: place)
        self.expressions = expressions
    }

    /// A boolean modifier, `false` when absent.
    static func flag(_ object: [String: Any], _ name: String, at path: String) throws(StubError) -> Bool {
        guard let value = object[name], !(value is NSNull) else { return false }
        guard case .bool(let flag)? = JSONValue(foundation: value) else {
            throw StubError(.invalid, field: StubParser.join(path, name), reason: "must be true or false")
        }
        return flag
    }

    private static func collectExpressions(in tree: JSONTree, into found: inout [String: StubRegex], at path: String) throws(StubError) {
        switch tree {
        case .string(let text):
            if let pattern = Placeholder.regexPattern(text), found[pattern] == nil { found[pattern] = try StubParser.regex(pattern, at: path) }
        case .array(let items): for item in items { try collectExpressions(in: item, into: &found, at: path) }
        case .object(let members): for value in members.values { try collectExpressions(in: value, into: &found, at: path) }
        default: break
        }
    }

    func match(_ value: String?) -> MatchResult {
        guard let value, let tree = JSONTree(text: value) else { return .noMatch }
        return compare(tree)
    }

    func match(body: StubRequestBody) -> MatchResult {
        guard let tree = body.json else { return .noMatch }
        return compare(tree)
    }

    private func compare(_ actual: JSONTree) -> MatchResult {
        let differing = differences(expected, actual)
        guard differing > 0 else { return .exact }
        return MatchResult(isExactMatch: false, distance: max(0.01, Double(differing) / Double(max(1, expected.nodeCount))))
    }

    /// How many of `expected`'s values differ in `actual` (0: equal).
    private func differences(_ expected: JSONTree, _ actual: JSONTree) -> Int {
        if case .string(let text) = expected, let placeholder = Placeholder(text) {
            return placeholder.accepts(actual, expressions: expressions) ? 0 : 1
        }
        switch (expected, actual) {
        case (.object(let want), .object(let have)):
            var count = 0
            for (key, value) in want {
                if let found = have[key] {
                    count += differences(value, found)
                } else if case .string(let text) = value, Placeholder(text) == .ignoreElement {
                    continue
                } else {
                    count += value.nodeCount
                }
            }
            if !ignoreExtraElements, have.keys.contains(where: { want[$0] == nil }) { count += 1 }
            return count
        case (.array(let want), .array(let have)):
            if have.count < want.count || (!ignoreExtraElements && have.count != want.count) {
                return max(1, want.count - have.count)
            }
            if ignoreArrayOrder { return unorderedDifferences(want, have) }
            var count = 0
            for (index, item) in want.enumerated() { count += differences(item, have[index]) }
            return count
        default:
            return Self.sameScalar(expected, actual) ? 0 : expected.nodeCount
        }
    }

    /// Each expected item takes the first unused actual item equal to it (greedy, as a bound on
    /// the work); the count is the expected items left without one.
    private func unorderedDifferences(_ want: [JSONTree], _ have: [JSONTree]) -> Int {
        var used = [Bool](repeating: false, count: have.count)
        var missing = 0
        for item in want {
            if let index = have.indices.first(where: { !used[$0] && differences(item, have[$0]) == 0 }) {
                used[index] = true
            } else {
                missing += 1
            }
        }
        return missing
    }

    /// Equal leaves, numbers as WireMock compares them (see the type's documentation).
    static func sameScalar(_ expected: JSONTree, _ actual: JSONTree) -> Bool {
        switch (expected, actual) {
        case (.integer(let left), .integer(let right)): return left == right
        case (.float(let left), .float(let right)): return left == right
        case (.integer(let digits), .float(let value)), (.float(let value), .integer(let digits)):
            // The double without trailing zeros has scale 0 only when integral and not a
            // multiple of ten (or zero).
            guard value.rounded() == value, value.magnitude < 1e18 else { return false }
            let whole = Int64(value)
            return (whole == 0 || whole % 10 != 0) && String(whole) == digits
        default: return expected == actual
        }
    }

    var expectedText: String { expected.text }
    var json: JSONValue {
        var object: [String: JSONValue] = [Self.operatorName: operand]
        if ignoreArrayOrder { object["ignoreArrayOrder"] = .bool(true) }
        if ignoreExtraElements { object["ignoreExtraElements"] = .bool(true) }
        return .object(object)
    }
}

/// A JsonUnit placeholder in an expected string value.
enum Placeholder: Equatable {
    case anyString, anyNumber, anyBoolean, ignore, ignoreElement
    case regex(String)

    /// The placeholder `text` is, if it is one.
    init?(_ text: String) {
        guard text.hasPrefix("${json-unit.") || text.hasPrefix("#{json-unit.") else { return nil }
        switch text.dropFirst(2) {
        case "json-unit.any-string}": self = .anyString
        case "json-unit.any-number}": self = .anyNumber
        case "json-unit.any-boolean}": self = .anyBoolean
        case "json-unit.ignore}": self = .ignore
        case "json-unit.ignore-element}": self = .ignoreElement
        default:
            guard let pattern = Self.regexPattern(text) else { return nil }
            self = .regex(pattern)
        }
    }

    /// The expression of `${json-unit.regex}EXPR`.
    static func regexPattern(_ text: String) -> String? {
        for prefix in ["${json-unit.regex}", "#{json-unit.regex}"] where text.hasPrefix(prefix) {
            return String(text.dropFirst(prefix.count))
        }
        return nil
    }

    /// Whether `actual` satisfies the placeholder.
    func accepts(_ actual: JSONTree, expressions: [String: StubRegex]) -> Bool {
        switch (self, actual) {
        case (.ignore, _), (.ignoreElement, _): return true
        case (.anyString, .string), (.anyBoolean, .bool), (.anyNumber, .integer), (.anyNumber, .float): return true
        case (.regex(let pattern), .string(let text)): return expressions[pattern]?.matches(text) ?? false
        default: return false
        }
    }
}
