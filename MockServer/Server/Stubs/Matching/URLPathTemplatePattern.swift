/// `"urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}"` (WireMock 3; WireMock 2.35
/// refuses it): the path, as sent, matches the template whole, each `{name}` standing for one
/// or more characters other than `/` and `**` for any run of characters; `pathParameters`
/// then match the values found (``PathParameterMatcher``).
struct URLPathTemplatePattern: URLPattern {
    static let fieldName = "urlPathTemplate"

    /// One piece of a template.
    enum Part: Sendable, Equatable {
        case literal([UInt8])
        case variable(String)
        case wildcard
    }

    let text: String
    let parts: [Part]

    init(text: String, at path: String) throws(StubError) {
        guard text.hasPrefix("/") else { throw StubError(.invalid, field: path, reason: "must start with /") }
        guard text.utf8.count <= StubRegex.maximumPatternLength else {
            throw StubError(.invalid, field: path, reason: "is longer than \(StubRegex.maximumPatternLength) characters")
        }
        var parts: [Part] = []
        var literal: [UInt8] = []
        var bytes = text.utf8[...]
        while let byte = bytes.first {
            if byte == UInt8(ascii: "{") {
                guard let close = bytes.firstIndex(of: UInt8(ascii: "}")) else {
                    throw StubError(.invalid, field: path, reason: "'{' without its '}'")
                }
                // WireMock strips the format characters . ; * from a name ({.id} is id).
                let name = String(decoding: bytes[bytes.index(after: bytes.startIndex)..<close], as: UTF8.self).filter { !".;*".contains($0) }
                guard !name.isEmpty else { throw StubError(.invalid, field: path, reason: "a {} names no parameter") }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
                parts.append(.variable(name))
                bytes = bytes[bytes.index(after: close)...]
            } else if byte == UInt8(ascii: "*"), bytes.dropFirst().first == UInt8(ascii: "*") {
                if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
                parts.append(.wildcard)
                bytes = bytes.dropFirst(2)
            } else {
                literal.append(byte)
                bytes = bytes.dropFirst()
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        guard parts.filter({ $0 != .wildcard && !Self.isLiteral($0) }).count <= 32 else {
            throw StubError(.invalid, field: path, reason: "more than 32 parameters")
        }
        self.text = text
        self.parts = parts
    }

    private static func isLiteral(_ part: Part) -> Bool {
        if case .literal = part { return true }
        return false
    }

    /// The template's parameter names, in order.
    var parameterNames: [String] {
        parts.compactMap { if case .variable(let name) = $0 { return name } else { return nil } }
    }

    func match(path: String, pathAndQuery: String) -> MatchResult { MatchResult(parameters(of: path) != nil) }

    /// Most places a walk tries before it gives up (no match): a template with many adjacent
    /// parameters against a long path would otherwise take time in the square of its length.
    static let stepBudget = 200_000

    /// The value of each parameter in `path` (as sent), or `nil` when the path does not match
    /// (or when matching it takes more than ``stepBudget`` steps).
    func parameters(of path: String) -> [String: String]? {
        let bytes = Array(path.utf8)
        guard bytes.count <= StubRegex.maximumValueLength else { return nil }
        var failed = Set<Int>()  // part * (count + 1) + position, known not to lead to a match
        var values: [String: String] = [:]
        var budget = Self.stepBudget

        func walk(_ part: Int, _ position: Int) -> Bool {
            budget -= 1
            if budget < 0 { return false }
            if part == parts.count { return position == bytes.count }
            let key = part * (bytes.count + 1) + position
            if failed.contains(key) { return false }
            switch parts[part] {
            case .literal(let literal):
                if bytes.count - position >= literal.count, bytes[position..<(position + literal.count)].elementsEqual(literal),
                    walk(part + 1, position + literal.count)
                {
                    return true
                }
            case .variable(let name):
                var end = position
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                // Greedy, as the expression WireMock builds ([^/]+).
                while end > position {
                    if walk(part + 1, end) {
                        values[name] = String(decoding: bytes[position..<end], as: UTF8.self)
                        return true
                    }
                    end -= 1
                }
            case .wildcard:
                // Lazy, as WireMock's (.*?).
                for end in position...bytes.count where walk(part + 1, end) { return true }
            }
            if budget >= 0 { failed.insert(key) }
            return false
        }
        return walk(0, 0) && budget >= 0 ? values : nil
    }

    var reportText: String { "[path template] " + text }
    var indexPlace: URLIndexPlace {
        if case .literal(let literal)? = parts.first {
            return parts.count == 1 ? .path(text) : .pathPrefix(String(decoding: literal, as: UTF8.self))
        }
        return .everywhere
    }
    var exactValue: String? { parts.count == 1 && Self.isLiteral(parts[0]) ? text : nil }
}

/// One of a `urlPathTemplate`'s `pathParameters` (WireMock 3): the value the template found for
/// it, as sent, against its pattern.
final class PathParameterMatcher: RequestPartMatcher {
    let template: URLPathTemplatePattern
    let name: String
    let matcher: StubValueMatcher
    let weight: Double

    init(template: URLPathTemplatePattern, name: String, matcher: StubValueMatcher, weight: Double) {
        (self.template, self.name, self.matcher, self.weight) = (template, name, matcher, weight)
    }

    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult {
        let value = template.parameters(of: input.request.path)?[name]
        let values = value.map { [$0] } ?? []
        guard explain else { return MatchResult(matcher.accepts(values)) }
        return explained(
            matcher.match(values), explain: explain, path: "pathParameters.\(name)",
            expected: "Path parameter: " + name + matcher.pattern.reportText(separator: " = "),
            actual: value.map { "\(name): \($0)" } ?? "", message: "Path parameter does not match")
    }
}
