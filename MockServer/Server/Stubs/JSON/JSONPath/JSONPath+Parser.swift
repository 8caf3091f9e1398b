extension JSONPath {
    /// Reads a query's text into its syntax tree, checking RFC 9535's grammar and its typing
    /// rules (what may be compared, what a function takes) as it goes.
    struct Parser {
        // The query's syntax types, by the names the parser's files use (its extensions in other
        // files do not see `JSONPath`'s members unqualified).
        typealias Error = JSONPath.Error
        typealias Dialect = JSONPath.Dialect
        typealias Query = JSONPath.Query
        typealias Segment = JSONPath.Segment
        typealias Selector = JSONPath.Selector
        typealias Logical = JSONPath.Logical
        typealias Comparison = JSONPath.Comparison
        typealias Operand = JSONPath.Operand
        typealias FunctionCall = JSONPath.FunctionCall

        let scalars: [Unicode.Scalar]
        let dialect: Dialect
        var index = 0
        var nesting = 0

        init(_ text: String, dialect: Dialect) {
            scalars = Array(text.unicodeScalars)
            self.dialect = dialect
        }

        /// What a filter's parts are before they are known to be a condition: a bare operand
        /// (`@.a`, `length(@)`, `1`) or a condition.
        enum Parsed {
            case bare(Operand)
            case logical(Logical)
        }

        /// The function's result type, as RFC 9535 types function extensions.
        enum ResultType { case value, logical, nodes }

        /// A whole query, and a Jayway function at its end (`$.items.length()`).
        mutating func pathQuery() throws(Error) -> (Query, String?) {
            var segments: [Segment] = []
            if peek() == "$" {
                index += 1
            } else if dialect == .jayway, peek() != "@", index < scalars.count {
                // Jayway reads `store.book` as `$.store.book`.
                if peek() != "[" { segments.append(Segment(isDescendant: false, selectors: [.name(try memberName())])) }
            } else {
                throw fail("a query starts with $")
            }
            let (rest, function) = try self.segments(allowFunction: dialect == .jayway)
            guard index == scalars.count else { throw fail("unexpected \(describe()) after the query") }
            return (Query(isRelative: false, segments: segments + rest), function)
        }

        // MARK: Segments and selectors

        mutating func segments(allowFunction: Bool) throws(Error) -> ([Segment], String?) {
            var segments: [Segment] = []
            while true {
                let save = index
                skipSpace()
                if peek() == ".", peek(1) == "." {
                    index += 2
                    if peek() == "[" {
                        segments.append(Segment(isDescendant: true, selectors: try bracketed()))
                    } else if peek() == "*" {
                        index += 1
                        segments.append(Segment(isDescendant: true, selectors: [.wildcard]))
                    } else {
                        segments.append(Segment(isDescendant: true, selectors: [.name(try memberName())]))
                    }
                } else if peek() == "." {
                    index += 1
                    if peek() == "*" {
                        index += 1
                        segments.append(Segment(isDescendant: false, selectors: [.wildcard]))
                        continue
                    }
                    let name = try memberName()
                    if allowFunction, peek() == "(", peek(1) == ")", Evaluator.jaywayFunctions.contains(name) {
                        index += 2
                        return (segments, name)
                    }
                    segments.append(Segment(isDescendant: false, selectors: [.name(name)]))
                } else if peek() == "[" {
                    segments.append(Segment(isDescendant: false, selectors: try bracketed()))
                } else {
                    index = save
                    return (segments, nil)
                }
            }
        }

        mutating func memberName() throws(Error) -> String {
            let start = index
            while let scalar = peek(), isNameScalar(scalar, first: index == start) { index += 1 }
            guard index > start else { throw fail("expected a member name, found \(describe())") }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: return true
            case 0x30...0x39: return !first || dialect == .jayway
            default:
                // Jayway reads a name up to the next `.`, `[` or operator: `$.user-id`, `$.@type`.
                return dialect == .jayway && "-$@:#%".unicodeScalars.contains(scalar)
            }
        }

        mutating func bracketed() throws(Error) -> [Selector] {
            try enter()
            index += 1  // [
            var selectors: [Selector] = []
            while true {
                skipSpace()
                selectors.append(try selector())
                skipSpace()
                if peek() == "," {
                    index += 1
                    continue
                }
                guard peek() == "]" else { throw fail("expected ',' or ']', found \(describe())") }
                index += 1
                nesting -= 1
                return selectors
            }
        }

        mutating func selector() throws(Error) -> Selector {
            switch peek() {
            case "'", "\"":
                return .name(try stringLiteral())
            case "*":
                index += 1
                return .wildcard
            case "?":
                index += 1
                skipSpace()
                return .filter(try logical(orExpression()))
            case ":":
                return try slice(start: nil)
            case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
                let number = try integer()
                skipSpace()
                if peek() == ":" { return try slice(start: number) }
                return .index(number)
            default:
                throw fail("expected a selector (a name in quotes, *, an index, a slice or ?filter), found \(describe())")
            }
        }

        /// `start:end:step` with `start` read; the index is at the first `:`.
        mutating func slice(start: Int?) throws(Error) -> Selector {
            index += 1
            skipSpace()
            var end: Int?
            var step: Int?
            if let scalar = peek(), scalar == "-" || ("0"..."9").contains(scalar) {
                end = try integer()
                skipSpace()
            }
            if peek() == ":" {
                index += 1
                skipSpace()
                if let scalar = peek(), scalar == "-" || ("0"..."9").contains(scalar) { step = try integer() }
            }
            return .slice(start: start, end: end, step: step)
        }

        /// RFC 9535's `int`: no leading zeros, no `-0`, within ±(2^53 − 1).
        mutating func integer() throws(Error) -> Int {
            let start = index
            if peek() == "-" { index += 1 }
            let digitsStart = index
            while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
            let digits = String(String.UnicodeScalarView(scalars[digitsStart..<index]))
            guard !digits.isEmpty else { throw fail("expected digits", at: digitsStart) }
            if digits.count > 1, digits.hasPrefix("0") { throw fail("an integer has no leading zeros", at: start) }
            if digits == "0", digitsStart > start { throw fail("-0 is not an index", at: start) }
            let limit = 9_007_199_254_740_991
            guard digits.count <= 16, let magnitude = Int(digits), magnitude <= limit else {
                throw fail("an index must be within ±(2^53 − 1)", at: start)
            }
            return digitsStart > start ? -magnitude : magnitude
        }

        // MARK: Scanning

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func skipSpace() {
            while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
        }

        mutating func enter() throws(Error) {
            nesting += 1
            guard nesting <= JSONPath.maximumNesting else { throw fail("nested more than \(JSONPath.maximumNesting) levels deep") }
        }

        func describe() -> String {
            guard let scalar = peek() else { return "the end" }
            return "'\(scalar)'"
        }

        func fail(_ reason: String, at position: Int? = nil) -> Error {
            .syntax(reason: reason, offset: position ?? index)
        }
    }
}
