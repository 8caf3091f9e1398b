/// Parses a template's text to its tree (``TemplateNode``): tags from ``TemplateLexer``,
/// their insides from ``TemplateExpressionParser``, blocks matched to their closing tags.
struct TemplateParser {
    /// A block whose closing tag has not come yet.
    private struct OpenBlock {
        let call: TemplateCall
        let parameters: [String]
        let inverted: Bool
        /// An `{{else if …}}` link: it closes with the block it continues.
        let chained: Bool
        var body: [TemplateNode] = []
        var inverse: [TemplateNode] = []
        var inElse = false

        mutating func append(_ node: TemplateNode) {
            if inElse { inverse.append(node) } else { body.append(node) }
        }

        var node: TemplateNode {
            .block(
                TemplateBlockNode(
                    head: .call(call), body: body, inverse: inverse, parameters: parameters, inverted: inverted, at: call.at))
        }
    }

    /// The template's bytes.
    let bytes: [UInt8]
    /// The deepest block and subexpression nesting allowed.
    let maxDepth: Int

    /// Parses `source`.
    static func parse(_ source: String, maxDepth: Int = TemplateLimits.standard.maxDepth) throws(TemplateError) -> [TemplateNode] {
        try TemplateParser(bytes: Array(source.utf8), maxDepth: maxDepth).parse()
    }

    /// The tree.
    func parse() throws(TemplateError) -> [TemplateNode] {
        var root: [TemplateNode] = []
        var stack: [OpenBlock] = []
        func append(_ node: TemplateNode) {
            if stack.isEmpty { root.append(node) } else { stack[stack.count - 1].append(node) }
        }
        for token in try TemplateLexer(bytes: bytes).tokens() {
            switch token {
            case .text(let text):
                append(.text(text))
            case .tag(let tag):
                switch tag.kind {
                case .output(let escaped):
                    let (call, parameters) = try expression(tag)
                    if !parameters.isEmpty { throw Self.error("block parameters outside a block", at: tag.at, in: bytes) }
                    append(.output(.call(call), escaped: escaped, at: call.at))
                case .open, .openInverted:
                    let (call, parameters) = try expression(tag)
                    stack.append(OpenBlock(call: call, parameters: parameters, inverted: tag.kind == .openInverted, chained: false))
                    try checkDepth(stack.count, at: tag.at)
                case .otherwise:
                    guard var top = stack.popLast() else { throw Self.error("found: 'else', outside a block", at: tag.at, in: bytes) }
                    guard !top.inElse else { throw Self.error("found: 'else', expected: '{{/'", at: tag.at, in: bytes) }
                    top.inElse = true
                    stack.append(top)
                    if !bytes[tag.content].allSatisfy(TemplateLexer.isSpace) {
                        let (call, parameters) = try expression(tag)
                        stack.append(OpenBlock(call: call, parameters: parameters, inverted: false, chained: true))
                        try checkDepth(stack.count, at: tag.at)
                    }
                case .close:
                    var parser = TemplateExpressionParser(bytes: bytes, range: tag.content, maxDepth: maxDepth)
                    let (closing, _) = try parser.tagCall()
                    guard var block = stack.popLast() else {
                        throw Self.error("found: '\(closing.name)', a closing tag without its block", at: closing.at, in: bytes)
                    }
                    while block.chained, var parent = stack.popLast() {
                        parent.append(block.node)
                        block = parent
                    }
                    guard block.call.name == closing.name else {
                        throw Self.error("found: '\(closing.name)', expected: '\(block.call.name)'", at: closing.at, in: bytes)
                    }
                    append(block.node)
                case .partial:
                    let name = TemplateLexer.string(bytes[tag.content]).trimmingCharacters(in: .whitespaces)
                    throw Self.error("The partial '\(name)' could not be found (mockserver has no partials)", at: tag.at, in: bytes)
                }
            }
        }
        if let open = stack.last {
            throw Self.error("found: '<EOF>', expected: '{{/' for '\(open.call.name)'", at: bytes.count, in: bytes)
        }
        return root
    }

    private func expression(_ tag: TemplateLexer.Tag) throws(TemplateError) -> (TemplateCall, [String]) {
        var parser = TemplateExpressionParser(bytes: bytes, range: tag.content, maxDepth: maxDepth)
        return try parser.tagCall()
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(TemplateError) {
        if depth > maxDepth { throw Self.limit("blocks nest deeper than \(maxDepth)", at: offset, in: bytes) }
    }

    /// A `.syntax` error at byte `offset` (line from 1, column from 0, as Handlebars.java counts).
    static func error(_ message: String, at offset: Int, in bytes: [UInt8]) -> TemplateError {
        let (line, column) = position(of: offset, in: bytes)
        return TemplateError(.syntax, message, line: line, column: column)
    }

    /// A `.limit` error at byte `offset`.
    static func limit(_ message: String, at offset: Int, in bytes: [UInt8]) -> TemplateError {
        let (line, column) = position(of: offset, in: bytes)
        return TemplateError(.limit, message, line: line, column: column)
    }

    /// The line (from 1) and column (from 0, in characters) of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        let prefix = bytes[..<min(max(offset, 0), bytes.count)]
        let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, String(decoding: bytes[lineStart..<prefix.endIndex], as: UTF8.self).count)
    }
}
