import Foundation

/// A regular expression as WireMock's `matches`, `urlPattern` and `urlPathPattern` use it: the
/// whole value must match (Java's `Matcher.matches()`), and `.` matches line breaks too (WireMock
/// compiles with `DOTALL`).
///
/// `@unchecked Sendable`: `NSRegularExpression` is immutable once created and documented as safe
/// to use from several threads at once.
public struct StubRegex: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Longest pattern accepted, in UTF-8 bytes: longer ones are refused rather than compiled.
    public static let maximumPatternLength = 4_096
    /// Longest value matched, in UTF-16 units: a longer value never matches (with the bound on
    /// each run's steps, ``Foundation/NSRegularExpression/boundedFirstMatch(in:range:)``, a
    /// bound on the work a pattern with heavy backtracking can cause).
    static let maximumValueLength = 16_384

    /// The pattern as written.
    public let pattern: String
    private let expression: NSRegularExpression
    /// What every match starts with (see ``literalPrefix(of:)``): a value without it is refused
    /// before the expression runs, which keeps a thousand pattern stubs cheap to pass over.
    let literalPrefix: String

    /// Compiles `pattern`; throws a readable reason when it is not a valid regular expression.
    public init(_ pattern: String) throws(StubError) {
        guard pattern.utf8.count <= Self.maximumPatternLength else {
            throw StubError(
                .invalid, field: "",
                reason: "regular expression of \(pattern.utf8.count) bytes is longer than the \(Self.maximumPatternLength) accepted")
        }
        do {
            // `(?:…)\z` anchors the whole alternation (`a|b` must match all of `a` or all of `b`).
            expression = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z", options: [.dotMatchesLineSeparators])
            // A pattern that closes the group early (`a)|(b`) would compile inside the wrapper;
            // the pattern alone must compile too.
            _ = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        } catch {
            throw StubError(.invalid, field: "", reason: "invalid regular expression '\(pattern)'")
        }
        self.pattern = pattern
        literalPrefix = Self.literalPrefix(of: pattern)
    }

    /// The literal text at the start of `pattern` that every whole match begins with: the
    /// characters before the first piece of regex syntax, less the last one when a quantifier
    /// that allows zero (`?`, `*`, `{`) follows it. Empty when the pattern has an alternation
    /// anywhere (`/a|/b` requires neither) or starts with syntax.
    static func literalPrefix(of pattern: String) -> String {
        guard !pattern.contains("|") else { return "" }
        let syntax: Set<Character> = ["\\", "^", "$", ".", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        var prefix: [Character] = []
        for character in pattern {
            if syntax.contains(character) {
                if character == "?" || character == "*" || character == "{", !prefix.isEmpty { prefix.removeLast() }
                break
            }
            prefix.append(character)
        }
        return String(prefix)
    }

    /// Whether all of `value` matches. A pattern that backtracks past the work bound
    /// (``Foundation/NSRegularExpression/matchStepBudget``) on `value` does not match it.
    public func matches(_ value: String) -> Bool {
        let length = value.utf16.count
        guard length <= Self.maximumValueLength, value.hasPrefix(literalPrefix) else { return false }
        if case .match = expression.boundedFirstMatch(in: value, range: NSRange(location: 0, length: length)) { return true }
        return false
    }

    /// Two expressions are equal when their patterns are.
    public static func == (lhs: StubRegex, rhs: StubRegex) -> Bool { lhs.pattern == rhs.pattern }
    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// The pattern.
    public var description: String { pattern }
}
