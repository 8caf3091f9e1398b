import Foundation

/// The `?malformed=1` body: plausible-looking JSON that every parser must reject.
extension TwitterJSON {
    /// `valid` cut roughly in half, inside a string where possible, followed by a stray `,}`.
    ///
    /// The cut lands at the first point at or after the middle that lies inside a string (not in
    /// an escape sequence, not inside a UTF-8 sequence), else before the middle, else at the middle.
    /// The result is always invalid, even for lenient parsers that allow trailing commas: the
    /// string is left unterminated, and otherwise `,}` can never follow a value or open bracket in
    /// JSON, and the outer container stays open. Deterministic: the same input gives the same bytes.
    static func malformed(_ valid: Data) -> Data {
        let bytes = [UInt8](valid)
        let middle = bytes.count / 2
        let cuts = stringCutPoints(bytes)
        let cut = cuts.first { $0 >= middle } ?? cuts.last ?? middle
        return Data(bytes[..<cut] + Array(",}".utf8))
    }

    /// Every offset `i` such that `bytes[..<i]` ends inside a string literal, right before a whole
    /// character (not in the middle of an escape or a multi-byte UTF-8 sequence).
    private static func stringCutPoints(_ bytes: [UInt8]) -> [Int] {
        var points: [Int] = []
        var inString = false
        var escaped = false
        var pendingEscapeChars = 0  // hex digits still due after `\u`
        for (offset, byte) in bytes.enumerated() {
            let isContinuation = byte & 0xC0 == 0x80
            if inString && !escaped && pendingEscapeChars == 0 && !isContinuation
                && byte != UInt8(ascii: "\"")
            {
                points.append(offset)
            }
            if pendingEscapeChars > 0 {
                pendingEscapeChars -= 1
            } else if escaped {
                escaped = false
                if byte == UInt8(ascii: "u") { pendingEscapeChars = 4 }
            } else if inString {
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
        }
        return points
    }
}
