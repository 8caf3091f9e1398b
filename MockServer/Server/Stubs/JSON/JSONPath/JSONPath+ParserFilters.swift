/// The parser's filter expressions (`?@.price > 10`, `&&`, `||`, `!`, comparisons, function
/// calls), typed as RFC 9535 types them.
extension JSONPath.Parser {
    // MARK: Filters

    mutating func orExpression() throws(Error) -> Parsed {
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

    mutating func andExpression() throws(Error) -> Parsed {
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

    mutating func basic() throws(Error) -> Parsed {
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

    static let jaywayOperands: Set<Comparison> = [.regex, .in, .notIn, .size, .empty, .anyOf, .noneOf, .subsetOf, .contains]

    mutating func parenthesized() throws(Error) -> Logical {
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
    func logical(_ parsed: Parsed, at position: Int? = nil) throws(Error) -> Logical {
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

    mutating func comparisonOperator() -> Comparison? {
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

    func matches(_ text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    mutating func rightOperand(for comparison: Comparison) throws(Error) -> Operand {
        if comparison == .regex {
            guard peek() == "/" else { throw fail("=~ takes a /regular expression/") }
            return .regex(try regexLiteral())
        }
        if Self.jaywayOperands.contains(comparison), peek() == "[" { return .literal(try arrayLiteral()) }
        return try primary()
    }

    /// A literal, a query, or a function call.
    mutating func primary() throws(Error) -> Operand {
        guard let scalar = peek() else { throw fail("expected a query, a function or a literal, found the end") }
        switch scalar {
        case "@", "$":
            let relative = scalar == "@"
            index += 1
            let (segments, function) = try self.segments(allowFunction: dialect == .jayway)
            let query = Query(isRelative: relative, segments: segments)
            if let function {
                return .function(FunctionCall(name: JSONPath.Evaluator.jaywayPrefix + function, arguments: [.query(query)], literalRegex: nil))
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

    func isFunctionNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    mutating func functionCall() throws(Error) -> FunctionCall {
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
    static let parameters: [String: [ResultType]] = [
        "length": [.value], "count": [.nodes], "match": [.value, .value], "search": [.value, .value], "value": [.nodes],
    ]

    static func resultType(of name: String) -> ResultType {
        switch name {
        case "match", "search": .logical
        default: .value
        }
    }

    /// Checks an argument against its parameter's type (RFC 9535 § 2.4.3).
    func argument(_ parsed: Parsed, as type: ResultType, at position: Int) throws(Error) -> Operand {
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
    func checkComparable(_ operand: Operand, at position: Int) throws(Error) {
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
}
