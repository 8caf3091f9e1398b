/// Parses the inside of a tag: a head path, then arguments (paths, literals, subexpressions),
/// hash arguments `key=value`, and a block's `as |a b|`.
struct TemplateExpressionParser {
    /// The template's bytes.
    let bytes: [UInt8]
    /// The read position.
    private(set) var index: Int
    /// Where the tag's content ends.
    let end: Int
    /// How deep subexpressions nest here.
    private var depth = 0
    /// The deepest nesting allowed.
    let maxDepth: Int

    /// A parser of `range` within `bytes`.
    init(bytes: [UInt8], range: Range<Int>, maxDepth: Int) {
        self.bytes = bytes
        self.index = range.lowerBound
        self.end = range.upperBound
        self.maxDepth = maxDepth
    }

    /// A tag's whole content: a call (which may have no arguments) and its block parameters.
    mutating func tagCall() throws(TemplateError) -> (TemplateCall, [String]) {
        skipSpace()
        guard index < end, !isDelimiter(bytes[index]) || bytes[index] == UInt8(ascii: "@") || bytes[index] == UInt8(ascii: "[")
            || bytes[index] == UInt8(ascii: ".")
        else { throw fail("found: '{{', expected: '<EOF>'", at: index) }
        // Handlebars takes no literal as a tag's head (`{{1}}`, `{{true}}`).
        let headStart = index
        if number() != nil || ["true", "false", "null", "undefined"].contains(peekWord()) {
            throw fail("found: '{{', expected: '<EOF>'", at: headStart)
        }
        let call = try callBody(closing: false)
        var parameters: [String] = []
        skipSpace()
        if startsWord("as") {
            index += 2
            skipSpace()
            guard index < end, bytes[index] == UInt8(ascii: "|") else { throw fail("expected '|' after 'as'", at: index) }
            index += 1
            while true {
                skipSpace()
                guard index < end else { throw fail("found: '<EOF>', expected: '|'", at: index) }
                if bytes[index] == UInt8(ascii: "|") {
                    index += 1
                    break
                }
                parameters.append(identifier())
                if parameters.last?.isEmpty ?? true { throw fail("expected a block parameter name", at: index) }
            }
            skipSpace()
        }
        if index < end { throw fail("unexpected '\(TemplateLexer.string(bytes[index..<end]))'", at: index) }
        return (call, parameters)
    }

    /// A head path, arguments and hash, up to the tag's end or (in a subexpression) `)`.
    private mutating func callBody(closing: Bool) throws(TemplateError) -> TemplateCall {
        let at = index
        let head = try path()
        var arguments: [TemplateExpression] = []
        var hash: [(key: String, value: TemplateExpression)] = []
        while true {
            skipSpace()
            guard index < end else {
                if closing { throw fail("found: '<EOF>', expected: ')'", at: index) }
                break
            }
            if bytes[index] == UInt8(ascii: ")") {
                guard closing else { throw fail("found: ')', expected: '}}'", at: index) }
                index += 1
                break
            }
            if !closing, startsWord("as"), lookingAtBlockParameters() { break }
            if let key = hashKey() {
                hash.append((key, try argument()))
            } else {
                if !hash.isEmpty { throw fail("a positional argument after hash arguments", at: index) }
                arguments.append(try argument())
            }
        }
        return TemplateCall(name: head.text, path: head, arguments: arguments, hash: hash, at: at)
    }

    /// One argument: a subexpression, a literal or a path.
    private mutating func argument() throws(TemplateError) -> TemplateExpression {
        skipSpace()
        guard index < end else { throw fail("found: '<EOF>', expected an argument", at: index) }
        let byte = bytes[index]
        if byte == UInt8(ascii: "(") {
            depth += 1
            defer { depth -= 1 }
            if depth > maxDepth { throw TemplateParser.limit("subexpressions nest deeper than \(maxDepth)", at: index, in: bytes) }
            index += 1
            skipSpace()
            return .call(try callBody(closing: true))
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return .literal(.string(try quoted())) }
        if let number = number() { return .literal(number) }
        let word = peekWord()
        switch word {
        case "true": index += 4; return .literal(.bool(true))
        case "false": index += 5; return .literal(.bool(false))
        case "null", "undefined": index += word.utf8.count; return .literal(.null)
        default: return .path(try path())
        }
    }

    /// A path: `@`, `../`, `this`, `.`, segments joined by `.` or `/`, `[literal]` segments.
    private mutating func path() throws(TemplateError) -> TemplatePath {
        let start = index
        var result = TemplatePath()
        if index < end, bytes[index] == UInt8(ascii: "@") {
            result.isData = true
            index += 1
        }
        var first = true
        while index < end {
            let segmentStart = index
            var segment: String
            var literal = false
            if bytes[index] == UInt8(ascii: "[") {
                guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: "]")) else { throw fail("found: '<EOF>', expected: ']'", at: index) }
                segment = TemplateLexer.string(bytes[index + 1..<close])
                index = close + 1
                literal = true
            } else if bytes[index] == UInt8(ascii: "."), index + 1 < end, bytes[index + 1] == UInt8(ascii: ".") {
                index += 2
                segment = ".."
            } else if bytes[index] == UInt8(ascii: ".") {
                index += 1
                segment = "."
            } else {
                segment = identifier()
            }
            if segment.isEmpty, index == segmentStart { throw fail("expected a name", at: index) }
            if !literal, segment == ".." {
                guard result.segments.isEmpty else { throw fail("'..' only at a path's start", at: segmentStart) }
                result.parents += 1
            } else if !literal, first, segment == "this" || segment == "." {
                result.isExplicitThis = true
            } else {
                result.segments.append(segment)
            }
            first = false
            guard index < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "/") else { break }
            index += 1
        }
        result.text = TemplateLexer.string(bytes[start..<index])
        return result
    }

    /// `key=` ahead (consumed), or `nil`.
    private mutating func hashKey() -> String? {
        let save = index
        let key = identifier()
        if !key.isEmpty, index < end, bytes[index] == UInt8(ascii: "=") {
            index += 1
            return key
        }
        index = save
        return nil
    }

    /// A `'…'` or `"…"` string; `\` escapes the quote.
    private mutating func quoted() throws(TemplateError) -> String {
        let quote = bytes[index]
        let start = index
        index += 1
        var text: [UInt8] = []
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < end, bytes[index + 1] == quote {
                text.append(quote)
                index += 2
                continue
            }
            if byte == quote {
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            text.append(byte)
            index += 1
        }
        throw fail("an unclosed string", at: start)
    }

    /// A number literal followed by a delimiter, or `nil` (nothing consumed).
    private mutating func number() -> TemplateValue? {
        var probe = index
        if probe < end, bytes[probe] == UInt8(ascii: "-") { probe += 1 }
        let digitsStart = probe
        while probe < end, Self.isDigit(bytes[probe]) { probe += 1 }
        guard probe > digitsStart else { return nil }
        var decimal = false
        if probe + 1 < end, bytes[probe] == UInt8(ascii: "."), Self.isDigit(bytes[probe + 1]) {
            decimal = true
            probe += 1
            while probe < end, Self.isDigit(bytes[probe]) { probe += 1 }
        }
        guard probe == end || isDelimiter(bytes[probe]) else { return nil }
        let text = TemplateLexer.string(bytes[index..<probe])
        let value: TemplateValue
        if !decimal, let whole = Int(text) {
            value = .integer(whole)
        } else if let double = Double(text) {
            value = .decimal(double)
        } else {
            return nil
        }
        index = probe
        return value
    }

    /// Handlebars' ID characters: anything but space and ``!"#%&'()*+,./;<=>@[\]^`{|}~``.
    private mutating func identifier() -> String {
        let start = index
        while index < end, !isDelimiter(bytes[index]) { index += 1 }
        return TemplateLexer.string(bytes[start..<index])
    }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        if TemplateLexer.isSpace(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%")...UInt8(ascii: ","), UInt8(ascii: "."),
            UInt8(ascii: "/"), UInt8(ascii: ";")...UInt8(ascii: ">"), UInt8(ascii: "@"), UInt8(ascii: "[")...UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{")...UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private func peekWord() -> String {
        var probe = index
        while probe < end, !isDelimiter(bytes[probe]) { probe += 1 }
        return TemplateLexer.string(bytes[index..<probe])
    }

    private func startsWord(_ word: String) -> Bool { peekWord() == word }

    private func lookingAtBlockParameters() -> Bool {
        var probe = index + 2
        while probe < end, TemplateLexer.isSpace(bytes[probe]) { probe += 1 }
        return probe < end && bytes[probe] == UInt8(ascii: "|")
    }

    private mutating func skipSpace() {
        while index < end, TemplateLexer.isSpace(bytes[index]) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func fail(_ message: String, at offset: Int) -> TemplateError {
        TemplateParser.error(message, at: offset, in: bytes)
    }
}
