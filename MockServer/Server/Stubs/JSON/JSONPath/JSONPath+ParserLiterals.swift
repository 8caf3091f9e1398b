/// The parser's literals: numbers, strings (with their escapes), and Jayway's arrays and
/// `/regex/flags`.
extension JSONPath.Parser {
    // MARK: Literals

    mutating func numberLiteral() throws(Error) -> JSONValue {
        let start = index
        while let scalar = peek(), "0123456789+-.eE".unicodeScalars.contains(scalar) { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let number = JSONNumber(text) else { throw fail("'\(text)' is not a number", at: start) }
        return .number(number)
    }

    mutating func stringLiteral() throws(Error) -> String {
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

    mutating func unicodeEscape() throws(Error) -> Unicode.Scalar {
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

    mutating func hex4() throws(Error) -> UInt32 {
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
    mutating func arrayLiteral() throws(Error) -> JSONValue {
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
    mutating func regexLiteral() throws(Error) -> JSONPathRegex {
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
}
