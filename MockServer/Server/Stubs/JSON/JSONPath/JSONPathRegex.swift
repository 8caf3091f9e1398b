import Foundation

/// A regular expression of a JSONPath filter: an I-Regexp (RFC 9485) for `match()` and
/// `search()`, translated for ICU, or a Java pattern for Jayway's `=~ /…/`.
///
/// I-Regexp differs from ICU's syntax in ways that change results, so it is translated rather
/// than passed on: `.` matches anything but `\n` and `\r`, `$` is the very end (ICU's `$`
/// would also match before a final line break), and ICU-only syntax (`\d`, `(?…)`,
/// back-references, lazy quantifiers) is refused, which makes `match()` false as the RFC asks
/// for an invalid pattern.
///
/// `@unchecked Sendable`: `NSRegularExpression` is immutable once created and documented as safe
/// to use from several threads at once.
struct JSONPathRegex: @unchecked Sendable {
    /// Longest value tested, in UTF-16 units (as ``StubRegex``): longer values never match.
    static let maximumValueLength = 16_384
    /// Longest pattern compiled.
    static let maximumPatternLength = 4_096

    private let expression: NSRegularExpression

    /// An I-Regexp; `wholeValue` anchors it (`match`) or not (`search`). `nil` when `pattern`
    /// is not an I-Regexp.
    init?(iRegexp pattern: String, wholeValue: Bool) {
        guard pattern.utf8.count <= Self.maximumPatternLength, let translated = Self.translate(pattern) else { return nil }
        let anchored = wholeValue ? "\\A(?:\(translated))\\z" : translated
        guard let expression = try? NSRegularExpression(pattern: anchored) else { return nil }
        self.expression = expression
    }

    /// Jayway's `=~ /pattern/flags`: Java's syntax (ICU's is close), the whole value must match.
    init?(java pattern: String, flags: String) {
        guard pattern.utf8.count <= Self.maximumPatternLength else { return nil }
        var options: NSRegularExpression.Options = []
        if flags.contains("i") { options.insert(.caseInsensitive) }
        if flags.contains("m") { options.insert(.anchorsMatchLines) }
        if flags.contains("s") { options.insert(.dotMatchesLineSeparators) }
        if flags.contains("x") { options.insert(.allowCommentsAndWhitespace) }
        guard (try? NSRegularExpression(pattern: pattern, options: options)) != nil,
            let expression = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z", options: options)
        else { return nil }
        self.expression = expression
    }

    /// Whether `value` matches (the whole of it when anchored); a run over the work bound does not.
    func matches(_ value: String) -> Bool {
        let length = value.utf16.count
        guard length <= Self.maximumValueLength else { return false }
        if case .match = expression.boundedFirstMatch(in: value, range: NSRange(location: 0, length: length)) { return true }
        return false
    }

    /// The I-Regexp `pattern` in ICU's syntax, or `nil` when it is not an I-Regexp.
    static func translate(_ pattern: String) -> String? {
        var output = ""
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        var depth = 0
        var canQuantify = false
        func literal(_ scalar: Unicode.Scalar) -> String {
            let isPunctuation = scalar.isASCII && !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
                && scalar.value > 0x20
            return isPunctuation ? "\\" + String(scalar) : String(scalar)
        }
        /// `\p{…}` or `\P{…}` starting at the `p`; the index ends past `}`.
        func category() -> String? {
            let letter = scalars[index]
            guard index + 1 < scalars.count, scalars[index + 1] == "{" else { return nil }
            var end = index + 2
            while end < scalars.count, scalars[end] != "}" {
                guard ("a"..."z").contains(scalars[end]) || ("A"..."Z").contains(scalars[end]) || scalars[end] == "-" || ("0"..."9").contains(scalars[end]) else { return nil }
                end += 1
            }
            guard end < scalars.count, end > index + 2 else { return nil }
            let name = String(String.UnicodeScalarView(scalars[index + 2..<end]))
            index = end + 1
            return "\\\(letter){\(name)}"
        }
        /// A single-character escape after `\`, or a category; the index ends past it.
        func escape(inClass: Bool) -> String? {
            guard index < scalars.count else { return nil }
            let scalar = scalars[index]
            switch scalar {
            case "n": index += 1; return "\\n"
            case "r": index += 1; return "\\r"
            case "t": index += 1; return "\\t"
            case "p", "P": return category()
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
                index += 1
                return "\\" + String(scalar)
            default: return nil
            }
        }
        /// `[…]` with the index past `[`; the index ends past `]`.
        func characterClass() -> String? {
            var set = "["
            if index < scalars.count, scalars[index] == "^" {
                set += "^"
                index += 1
            }
            var first = true
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "]" {
                    guard !first else { return nil }
                    index += 1
                    return set + "]"
                }
                index += 1
                switch scalar {
                case "\\":
                    guard let escaped = escape(inClass: true) else { return nil }
                    set += escaped
                case "[":
                    return nil
                case "-":
                    // Only first or last in the class (RFC 9485's charClassExpr).
                    let last = index < scalars.count && scalars[index] == "]"
                    guard first || last else { return nil }
                    set += "\\-"
                default:
                    set += literal(scalar)
                    // A range `a-z`.
                    if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                        index += 1
                        let upper = scalars[index]
                        index += 1
                        if upper == "\\" {
                            guard let escaped = escape(inClass: true) else { return nil }
                            set += "-" + escaped
                        } else {
                            guard upper != "[", upper != "-" else { return nil }
                            set += "-" + literal(upper)
                        }
                    }
                }
                first = false
            }
            return nil
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case ".":
                output += "[^\\n\\r]"
                canQuantify = true
            case "\\":
                guard let escaped = escape(inClass: false) else { return nil }
                output += escaped
                canQuantify = true
            case "(":
                // `(?` would be ICU syntax: I-Regexp has no group modifiers.
                if index < scalars.count, scalars[index] == "?" { return nil }
                depth += 1
                output += "("
                canQuantify = false
            case ")":
                depth -= 1
                guard depth >= 0 else { return nil }
                output += ")"
                canQuantify = true
            case "|":
                output += "|"
                canQuantify = false
            case "*", "+", "?":
                guard canQuantify else { return nil }
                output.unicodeScalars.append(scalar)
                canQuantify = false
            case "{":
                guard canQuantify else { return nil }
                var end = index
                while end < scalars.count, scalars[end] != "}" {
                    guard ("0"..."9").contains(scalars[end]) || scalars[end] == "," else { return nil }
                    end += 1
                }
                guard end < scalars.count else { return nil }
                let body = String(String.UnicodeScalarView(scalars[index..<end]))
                let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                guard !parts.isEmpty, parts.count <= 2, !parts[0].isEmpty else { return nil }
                output += "{\(body)}"
                index = end + 1
                canQuantify = false
            case "[":
                guard let set = characterClass() else { return nil }
                output += set
                canQuantify = true
            case "^":
                // Not I-Regexp, but the compliance suite reads `^` and `$` as anchors (as
                // XSD-derived engines and users expect): the start and the very end.
                output += "^"
                canQuantify = false
            case "$":
                output += "\\z"
                canQuantify = false
            case "]", "}":
                return nil
            default:
                output += literal(scalar)
                canQuantify = true
            }
        }
        guard depth == 0 else { return nil }
        return output
    }
}
