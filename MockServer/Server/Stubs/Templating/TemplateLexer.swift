/// Splits a template's bytes into text and tags (`{{…}}`, `{{{…}}}`, `{{!…}}`), as
/// Handlebars.java in WireMock 2.35 does: no `\{{` escape, no stripping of standalone lines,
/// a `~` beside the braces is taken off but strips no whitespace (WireMock keeps it), and a
/// `{{` that never closes is text.
struct TemplateLexer {
    /// A piece of the template.
    enum Token {
        /// Text, as it is.
        case text(String)
        /// A tag.
        case tag(Tag)
    }

    /// A tag: its kind, the bytes between its sigil and its closing braces, and where it stands.
    struct Tag {
        /// What the tag's sigil makes it.
        enum Kind: Equatable {
            /// `{{expression}}` (escaped) or `{{{…}}}`/`{{&…}}` (not).
            case output(escaped: Bool)
            /// `{{#head}}`.
            case open
            /// `{{^head}}`.
            case openInverted
            /// `{{/head}}`.
            case close
            /// `{{else}}`, `{{^}}`, `{{else if …}}`: the content is what follows `else`.
            case otherwise
            /// `{{> partial}}`.
            case partial
        }

        /// What kind of tag.
        let kind: Kind
        /// The byte range of its content (sigil, `~` and braces excluded).
        let content: Range<Int>
        /// The byte offset of its `{{`.
        let at: Int
    }

    /// The template's bytes.
    let bytes: [UInt8]

    private static let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), tilde = UInt8(ascii: "~")

    /// The tokens of `bytes`; throws `.syntax` for a tag closed by the wrong number of braces.
    func tokens() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        var index = 0
        func appendText(_ end: Int) {
            if end > textStart { tokens.append(.text(Self.string(bytes[textStart..<end]))) }
        }
        while let start = findOpen(from: index) {
            guard let (tag, end) = try scanTag(at: start) else {
                index = start + 2
                continue
            }
            appendText(start)
            if let tag { tokens.append(.tag(tag)) }
            index = end
            textStart = end
        }
        appendText(bytes.count)
        return tokens
    }

    private func findOpen(from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == Self.open, bytes[index + 1] == Self.open { return index }
            index += 1
        }
        return nil
    }

    /// The tag at `start` (`nil` tag for a comment) and the offset after it; `nil` when it
    /// never closes (so it is text).
    private func scanTag(at start: Int) throws(TemplateError) -> (Tag?, Int)? {
        var index = start + 2
        let triple = index < bytes.count && bytes[index] == Self.open
        if triple { index += 1 }
        if index < bytes.count, bytes[index] == Self.tilde { index += 1 }
        if !triple, index < bytes.count, bytes[index] == UInt8(ascii: "!") {
            return scanComment(from: index + 1)
        }
        guard let (contentEnd, closeStart) = findClose(from: index) else { return nil }
        var contentStop = contentEnd
        if contentStop > index, bytes[contentStop - 1] == Self.tilde { contentStop -= 1 }
        let braces = closeRun(at: closeStart)
        if triple, braces < 3 {
            throw TemplateParser.error("found: '}}', expected: '}}}'", at: closeStart, in: bytes)
        }
        if !triple, braces >= 3 {
            throw TemplateParser.error("found: '\(String(repeating: "}", count: braces))', expected: '}}'", at: closeStart, in: bytes)
        }
        let end = closeStart + (triple ? 3 : 2)
        if triple { return (Tag(kind: .output(escaped: false), content: index..<contentStop, at: start), end) }
        return (classify(index..<contentStop, at: start), end)
    }

    private func scanComment(from index: Int) -> (Tag?, Int)? {
        let long = index + 1 < bytes.count && bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-")
        let terminator = Array((long ? "--}}" : "}}").utf8)
        var probe = long ? index + 2 : index
        while probe + terminator.count <= bytes.count {
            if bytes[probe..<probe + terminator.count].elementsEqual(terminator) {
                return (nil, probe + terminator.count)
            }
            probe += 1
        }
        return nil
    }

    /// The end of a tag's content and where its `}}` starts, skipping quoted strings.
    private func findClose(from start: Int) -> (Int, Int)? {
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == Self.close, index + 1 < bytes.count, bytes[index + 1] == Self.close {
                return (index, index)
            }
            index += 1
        }
        return nil
    }

    private func closeRun(at start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == Self.close { index += 1 }
        return index - start
    }

    /// The tag kind its first byte (or an `else`) gives.
    private func classify(_ range: Range<Int>, at start: Int) -> Tag {
        var content = range
        while content.lowerBound < content.upperBound, Self.isSpace(bytes[content.lowerBound]) {
            content = content.lowerBound + 1..<content.upperBound
        }
        guard let first = content.first.map({ bytes[$0] }) else { return Tag(kind: .output(escaped: true), content: content, at: start) }
        let rest = content.lowerBound + 1..<content.upperBound
        switch first {
        case UInt8(ascii: "#"): return Tag(kind: .open, content: rest, at: start)
        case UInt8(ascii: "/"): return Tag(kind: .close, content: rest, at: start)
        case UInt8(ascii: "&"): return Tag(kind: .output(escaped: false), content: rest, at: start)
        case UInt8(ascii: ">"): return Tag(kind: .partial, content: rest, at: start)
        case UInt8(ascii: "^"):
            let blank = bytes[rest].allSatisfy(Self.isSpace)
            return Tag(kind: blank ? .otherwise : .openInverted, content: rest, at: start)
        default:
            let word = Array("else".utf8)
            if content.count >= 4, bytes[content.lowerBound..<content.lowerBound + 4].elementsEqual(word),
                content.count == 4 || Self.isSpace(bytes[content.lowerBound + 4])
            {
                return Tag(kind: .otherwise, content: content.lowerBound + 4..<content.upperBound, at: start)
            }
            return Tag(kind: .output(escaped: true), content: content, at: start)
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
