/// Undoing the HTML escaping of tweet text.
extension TwitterParser {
    /// `text` with Twitter's HTML escapes undone: `&amp;` → `&`, `&lt;` → `<`, `&gt;` → `>`.
    ///
    /// Both the v1.1 API (`text`, `full_text`) and v2 (`text`) escape exactly these three
    /// characters, so exactly these are undone, and in one pass from left to right: what an
    /// escape produced is never read again, so `&amp;lt;` (a person typing `&lt;`) becomes
    /// `&lt;`, not `<`. Any other entity (`&quot;`, `&#39;`) is what the person typed and stays.
    static func unescapingHTML(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (character, length) = escape(in: bytes[index...]) {
                result.append(character)
                index = bytes.index(index, offsetBy: length)
            } else {
                result.append(byte)
                index = bytes.index(after: index)
            }
        }
        // Only ASCII bytes were replaced by ASCII bytes, so the result is valid UTF-8.
        return String(decoding: result, as: UTF8.self)
    }

    /// The escapes undone, each with the character it stands for.
    private static let escapes: [(entity: [UInt8], character: UInt8)] = [
        (Array("&amp;".utf8), UInt8(ascii: "&")),
        (Array("&lt;".utf8), UInt8(ascii: "<")),
        (Array("&gt;".utf8), UInt8(ascii: ">")),
    ]

    /// The character and the entity's length when `bytes` starts with one of ``escapes``.
    private static func escape(in bytes: Substring.UTF8View) -> (UInt8, Int)? {
        for (entity, character) in escapes where bytes.starts(with: entity) {
            return (character, entity.count)
        }
        return nil
    }
}
