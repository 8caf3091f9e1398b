/// An HTTP entity tag (RFC 9110 §8.8.3): an opaque quoted string, weak when prefixed with `W/`.
struct EntityTag: Sendable, Hashable {
    /// The characters between the quotes.
    let opaque: String
    /// `W/"…"`: the representation is only semantically equivalent.
    let isWeak: Bool

    /// The strong tag MockServer sends: a 64-bit FNV-1a digest of the body, its declared length
    /// and its media type, as 16 hex digits. Same bytes, length and type: same tag, in every run.
    static func strong(body: SharedBytes, length: Int, contentType: String) -> EntityTag {
        var digest = body.digest
        digest.add(UInt64(length))
        digest.add(contentType)
        return EntityTag(opaque: digest.hex, isWeak: false)
    }

    /// The tag as a header value: `"…"` or `W/"…"`.
    var headerValue: String { (isWeak ? "W/" : "") + "\"" + opaque + "\"" }

    /// Strong comparison: both strong and the same opaque string (If-Range).
    func strongMatches(_ other: EntityTag) -> Bool { !isWeak && !other.isWeak && opaque == other.opaque }

    /// Weak comparison: the same opaque string, weak or not (If-None-Match).
    func weakMatches(_ other: EntityTag) -> Bool { opaque == other.opaque }

    /// One entity tag, e.g. `"abc"` or `W/"abc"` (surrounding spaces allowed), or `nil`.
    init?(parsing text: Substring) {
        var rest = text.drop { $0 == " " || $0 == "\t" }
        while let last = rest.last, last == " " || last == "\t" { rest = rest.dropLast() }
        isWeak = rest.hasPrefix("W/")
        if isWeak { rest = rest.dropFirst(2) }
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else { return nil }
        let inside = rest.dropFirst().dropLast()
        // etagc: %x21 / %x23-7E / obs-text — no quote, no space, no control character.
        guard inside.utf8.allSatisfy({ $0 == 0x21 || ($0 >= 0x23 && $0 != 0x7F) }) else { return nil }
        opaque = String(inside)
    }

    init(opaque: String, isWeak: Bool) {
        self.opaque = opaque
        self.isWeak = isWeak
    }

    /// An `If-None-Match` / `If-Match` value: `*` (`nil` list, any tag) or a comma-separated list
    /// of tags. Returns `.invalid` for anything else.
    static func list(_ text: String) -> TagList {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return .any }
        var tags: [EntityTag] = []
        var rest = Substring(trimmed)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { break }
            // A tag runs to its closing quote (a comma may sit inside the quotes).
            let start = rest.startIndex
            var index = rest.hasPrefix("W/") ? rest.index(start, offsetBy: 2) : start
            guard index < rest.endIndex, rest[index] == "\"" else { return .invalid }
            index = rest.index(after: index)
            guard let close = rest[index...].firstIndex(of: "\"") else { return .invalid }
            guard let tag = EntityTag(parsing: rest[start...close]) else { return .invalid }
            tags.append(tag)
            rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "\t" }
            guard rest.isEmpty || rest.first == "," else { return .invalid }
        }
        return tags.isEmpty ? .invalid : .tags(tags)
    }

    /// A parsed `If-None-Match` / `If-Match` value.
    enum TagList: Sendable, Equatable {
        /// `*`: any current representation.
        case any
        /// The listed tags.
        case tags([EntityTag])
        /// Not a valid list; the header is ignored.
        case invalid
    }
}
