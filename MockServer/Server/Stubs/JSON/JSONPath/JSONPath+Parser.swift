extension JSONPath {
    /// Reads a query's text into its syntax tree, checking RFC 9535's grammar and its typing
    /// rules (what may be compared, what a function takes) as it goes.
    struct Parser {
        private let scalars: [Unicode.Scalar]
        private let dialect: Dialect
        private var index = 0
        private var nesting = 0

        init(_ text: String, dialect: Dialect) {
            scalars = Array(text.unicodeScalars)
            self.dialect = dialect
        }

        /// What a filter's parts are before they are known to be a condition: a bare operand
        /// (`@.a`, `length(@)`, `1`) or a condition.
        private enum Parsed {
            case bare(Operand)
            case logical(Logical)
        }

        /// The function's result type, as RFC 9535 types function extensions.
        private enum ResultType { case value, logical, nodes }

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

        private mutating func segments(allowFunction: Bool) throws(Error) -> ([Segment], String?) {
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

        private mutating func memberName() throws(Error) -> String {
            let start = index
            while let scalar = peek(), isNameScalar(scalar, first: index == start) { index += 1 }
            guard index > start else { throw fail("expected a member name, found \(describe())") }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        private func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: return true
            case 0x30...0x39: return !first || dialect == .jayway
            default:
                // Jayway reads a name up to the next `.`, `[` or operator: `$.user-id`, `$.@type`.
                return dialect == .jayway && "-$@:#%".unicodeScalars.contains(scalar)
            }
        }

        private mutating func bracketed() throws(Error) -> [Selector] {
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

        private mutating func selector() throws(Error) -> Selector {
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
        private mutating func slice(start: Int?) throws(Error) -> Selector {
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
        private mutating func integer() throws(Error) -> Int {
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

        // MARK: Filters

        private mutating func orExpression() throws(Error) -> Parsed {
            var items = [try andExpression()]
            while true {
                let save = index
                skipSpace()
                guard peek() == "|", peek(1) == "|" else {
                    index = save
                    break
                }
                index += 2
                skipSpace()
                items.append(try andExpression())
            }
            if items.count == 1 { return items[0] }
            var conditions: [Logical] = []
            for item in items { conditions.append(try logical(item)) }
            return .logical(.or(conditions))
        }

        private mutating func andExpression() throws(Error) -> Parsed {
            var items = [try basic()]
            while true {
                let save = index
                skipSpace()
                guard peek() == "&", peek(1) == "&" else {
                    index = save
                    break
                }
                index += 2
                skipSpace()
                items.append(try basic())
            }
            if items.count == 1 { return items[0] }
            var conditions: [Logical] = []
            for item in items { conditions.append(try logical(item)) }
            return .logical(.and(conditions))
        }

        private mutating func basic() throws(Error) -> Parsed {
            if peek() == "!", peek(1) != "=" {
                index += 1
                skipSpace()
                if peek() == "(" { return .logical(.not(try parenthesized())) }
                let start = index
                let operand = try primary()
                if case .literal = operand { throw fail("! applies to a query, a function or (…), not a literal", at: start) }
                return .logical(.not(try logical(.bare(operand), at: start)))
            }
            if peek() == "(" {
                let condition = try parenthesized()
                // Jayway allows `(@.a) == 1`-free forms only; a comparison after (…) is RFC's error too.
                return .logical(condition)
            }
            let start = index
            let left = try primary()
            let save = index
            skipSpace()
            guard let comparison = comparisonOperator() else {
                index = save
                return .bare(left)
            }
            try checkComparable(left, at: start)
            skipSpace()
            let rightStart = index
            let right = try rightOperand(for: comparison)
            if !Self.jaywayOperands.contains(comparison) { try checkComparable(right, at: rightStart) }
            return .logical(.comparison(left, comparison, right))
        }

        private static let jaywayOperands: Set<Comparison> = [.regex, .in, .notIn, .size, .empty, .anyOf, .noneOf, .subsetOf, .contains]

        private mutating func parenthesized() throws(Error) -> Logical {
            try enter()
            index += 1
            skipSpace()
            let start = index
            let inner = try orExpression()
            skipSpace()
            guard peek() == ")" else { throw fail("expected ')', found \(describe())") }
            index += 1
            nesting -= 1
            return try logical(inner, at: start)
        }

        /// A condition from what was read: a query tests existence, a logical function is
        /// called; a literal or a value-returning function is not a condition.
        private func logical(_ parsed: Parsed, at position: Int? = nil) throws(Error) -> Logical {
            switch parsed {
            case .logical(let condition):
                return condition
            case .bare(.query(let query)):
                return .exists(query)
            case .bare(.function(let call)) where Self.resultType(of: call.name) != .value:
                return .function(call)
            case .bare(.function(let call)):
                throw fail("\(call.name)() gives a value, which must be compared, not tested", at: position)
            case .bare(.logical(let condition)):
                return condition
            case .bare:
                throw fail("a literal is not a condition; compare it", at: position)
            }
        }

        private mutating func comparisonOperator() -> Comparison? {
            for symbol in ["==", "!=", "<=", ">=", "<", ">"] where matches(symbol) {
                index += symbol.unicodeScalars.count
                return Comparison(rawValue: symbol)
            }
            guard dialect == .jayway else { return nil }
            if matches("=~") {
                index += 2
                return .regex
            }
            for word in ["subsetof", "anyof", "noneof", "contains", "empty", "size", "nin", "in"] where matches(word) {
                let after = index + word.unicodeScalars.count
                if after < scalars.count, isNameScalar(scalars[after], first: false) { continue }
                index = after
                return Comparison(rawValue: word)
            }
            return nil
        }

        private func matches(_ text: String) -> Bool {
            var position = index
            for scalar in text.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            return true
        }

        private mutating func rightOperand(for comparison: Comparison) throws(Error) -> Operand {
            if comparison == .regex {
                guard peek() == "/" else { throw fail("=~ takes a /regular expression/") }
                return .regex(try regexLiteral())
            }
            if Self.jaywayOperands.contains(comparison), peek() == "[" { return .literal(try arrayLiteral()) }
            return try primary()
        }

        /// A literal, a query, or a function call.
        private mutating func primary() throws(Error) -> Operand {
            guard let scalar = peek() else { throw fail("expected a query, a function or a literal, found the end") }
            switch scalar {
            case "@", "$":
                let relative = scalar == "@"
                index += 1
                let (segments, function) = try self.segments(allowFunction: dialect == .jayway)
                let query = Query(isRelative: relative, segments: segments)
                if let function {
                    return .function(FunctionCall(name: Evaluator.jaywayPrefix + function, arguments: [.query(query)], literalRegex: nil))
                }
                return .query(query)
            case "'", "\"":
                return .literal(.string(try stringLiteral()))
            case "-", "0"..."9":
                return .literal(try numberLiteral())
            case "[" where dialect == .jayway:
                return .literal(try arrayLiteral())
            case "a"..."z":
                for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)] where matches(word) {
                    let after = index + word.count
                    if after < scalars.count, isFunctionNameScalar(scalars[after]) || scalars[after] == "(" { continue }
                    index = after
                    return .literal(value)
                }
                return .function(try functionCall())
            default:
                throw fail("expected a query, a function or a literal, found \(describe())")
            }
        }

        private func isFunctionNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }

        private mutating func functionCall() throws(Error) -> FunctionCall {
            let start = index
            while let scalar = peek(), isFunctionNameScalar(scalar) { index += 1 }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            guard peek() == "(" else { throw fail("expected '(' after the function name \(name)") }
            guard let parameters = Self.parameters[name] else { throw fail("unknown function \(name)()", at: start) }
            try enter()
            index += 1
            skipSpace()
            var arguments: [Operand] = []
            if peek() != ")" {
                while true {
                    let argumentStart = index
                    let parsed = try orExpression()
                    guard arguments.count < parameters.count else { throw fail("\(name)() takes \(parameters.count) argument(s)", at: argumentStart) }
                    arguments.append(try argument(parsed, as: parameters[arguments.count], at: argumentStart))
                    skipSpace()
                    guard peek() == "," else { break }
                    index += 1
                    skipSpace()
                }
            }
            guard peek() == ")" else { throw fail("expected ',' or ')' in \(name)(), found \(describe())") }
            index += 1
            nesting -= 1
            guard arguments.count == parameters.count else { throw fail("\(name)() takes \(parameters.count) argument(s)", at: start) }
            var regex: JSONPathRegex?
            if name == "match" || name == "search", case .literal(.string(let pattern)) = arguments[1] {
                regex = JSONPathRegex(iRegexp: pattern, wholeValue: name == "match")
            }
            return FunctionCall(name: name, arguments: arguments, literalRegex: regex)
        }

        /// RFC 9535's parameter types of the functions it defines.
        private static let parameters: [String: [ResultType]] = [
            "length": [.value], "count": [.nodes], "match": [.value, .value], "search": [.value, .value], "value": [.nodes],
        ]

        private static func resultType(of name: String) -> ResultType {
            switch name {
            case "match", "search": .logical
            default: .value
            }
        }

        /// Checks an argument against its parameter's type (RFC 9535 § 2.4.3).
        private func argument(_ parsed: Parsed, as type: ResultType, at position: Int) throws(Error) -> Operand {
            switch (type, parsed) {
            case (.value, .bare(.literal)), (.value, .bare(.regex)):
                if case .bare(let operand) = parsed { return operand }
            case (.value, .bare(.query(let query))):
                guard query.isSingular || dialect == .jayway else { throw fail("a value argument needs a singular query", at: position) }
                return .query(query)
            case (.value, .bare(.function(let call))):
                guard Self.resultType(of: call.name) == .value else { throw fail("\(call.name)() does not give a value", at: position) }
                return .function(call)
            case (.nodes, .bare(.query(let query))):
                return .query(query)
            case (.logical, _):
                return .logical(try logical(parsed, at: position))
            default:
                break
            }
            throw fail("this argument has the wrong type for the function", at: position)
        }

        /// RFC 9535 § 2.3.5.2.2: a comparable is a literal, a singular query or a function giving a value.
        private func checkComparable(_ operand: Operand, at position: Int) throws(Error) {
            switch operand {
            case .literal, .regex:
                return
            case .query(let query):
                guard query.isSingular || dialect == .jayway else {
                    throw fail("only a singular query (names and indexes) can be compared", at: position)
                }
            case .function(let call):
                guard Self.resultType(of: call.name) == .value else { throw fail("\(call.name)() cannot be compared", at: position) }
            case .logical:
                throw fail("a condition cannot be compared", at: position)
            }
        }

        // MARK: Literals

        private mutating func numberLiteral() throws(Error) -> JSONValue {
            let start = index
            while let scalar = peek(), "0123456789+-.eE".unicodeScalars.contains(scalar) { index += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let number = JSONNumber(text) else { throw fail("'\(text)' is not a number", at: start) }
            return .number(number)
        }

        private mutating func stringLiteral() throws(Error) -> String {
            let start = index
            guard let quote = peek() else { throw fail("expected a string") }
            index += 1
            var output = String.UnicodeScalarView()
            while true {
                guard let scalar = peek() else { throw fail("a string is not closed", at: start) }
                index += 1
                if scalar == quote { return String(output) }
                if scalar.value < 0x20 { throw fail("a control character inside a string must be escaped", at: index - 1) }
                guard scalar == "\\" else {
                    output.append(scalar)
                    continue
                }
                guard let escaped = peek() else { throw fail("a string is not closed", at: start) }
                index += 1
                switch escaped {
                case "b": output.append("\u{08}")
                case "f": output.append("\u{0C}")
                case "n": output.append("\n")
                case "r": output.append("\r")
                case "t": output.append("\t")
                case "/", "\\": output.append(escaped)
                case quote: output.append(escaped)
                case "u": output.append(try unicodeEscape())
                default: throw fail("'\\\(escaped)' is not an escape here", at: index - 2)
                }
            }
        }

        private mutating func unicodeEscape() throws(Error) -> Unicode.Scalar {
            let high = try hex4()
            if (0xDC00..<0xE000).contains(high) { throw fail("a lone low surrogate") }
            guard (0xD800..<0xDC00).contains(high) else {
                guard let scalar = Unicode.Scalar(high) else { throw fail("not a character") }
                return scalar
            }
            guard peek() == "\\", peek(1) == "u" else { throw fail("a high surrogate needs its low surrogate") }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw fail("a high surrogate needs its low surrogate")
            }
            return scalar
        }

        private mutating func hex4() throws(Error) -> UInt32 {
            guard index + 4 <= scalars.count else { throw fail("\\u needs four hex digits") }
            var value: UInt32 = 0
            for scalar in scalars[index..<index + 4] {
                guard let digit = Character(scalar).hexDigitValue else { throw fail("\\u needs four hex digits") }
                value = value * 16 + UInt32(digit)
            }
            index += 4
            return value
        }

        /// Jayway's `[1, 'a', "b"]` after `in`, `nin`, `anyof`…
        private mutating func arrayLiteral() throws(Error) -> JSONValue {
            try enter()
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if peek() == "]" {
                index += 1
                nesting -= 1
                return .array(items)
            }
            while true {
                skipSpace()
                let start = index
                guard case .literal(let value) = try primary() else { throw fail("a list holds literals only", at: start) }
                items.append(value)
                skipSpace()
                if peek() == "," {
                    index += 1
                    continue
                }
                guard peek() == "]" else { throw fail("expected ',' or ']' in a list, found \(describe())") }
                index += 1
                nesting -= 1
                return .array(items)
            }
        }

        /// Jayway's `/pattern/flags` (flags `i`, `m`, `s`, `x`).
        private mutating func regexLiteral() throws(Error) -> JSONPathRegex {
            let start = index
            index += 1
            var pattern = ""
            while true {
                guard let scalar = peek() else { throw fail("a /regular expression/ is not closed", at: start) }
                index += 1
                if scalar == "/" { break }
                if scalar == "\\", peek() == "/" {
                    pattern.unicodeScalars.append("/")
                    index += 1
                    continue
                }
                pattern.unicodeScalars.append(scalar)
                if scalar == "\\", let next = peek() {
                    pattern.unicodeScalars.append(next)
                    index += 1
                }
            }
            var flags = ""
            while let scalar = peek(), "imsxu".unicodeScalars.contains(scalar) {
                flags.unicodeScalars.append(scalar)
                index += 1
            }
            guard let regex = JSONPathRegex(java: pattern, flags: flags) else { throw fail("invalid regular expression /\(pattern)/", at: start) }
            return regex
        }

        // MARK: Scanning

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private mutating func skipSpace() {
            while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
        }

        private mutating func enter() throws(Error) {
            nesting += 1
            guard nesting <= JSONPath.maximumNesting else { throw fail("nested more than \(JSONPath.maximumNesting) levels deep") }
        }

        private func describe() -> String {
            guard let scalar = peek() else { return "the end" }
            return "'\(scalar)'"
        }

        private func fail(_ reason: String, at position: Int? = nil) -> Error {
            .syntax(reason: reason, offset: position ?? index)
        }
    }
}
