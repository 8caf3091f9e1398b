import Foundation

extension JSONReader.Cursor {
    /// The string starting at ``index`` (at its opening quote: `"`, or `'` with
    /// ``JSONReader/Options/singleQuotes``), its escapes decoded; the text is validated as UTF-8.
    mutating func string() throws(JSONReader.Error) -> String {
        let start = index
        let quote = bytes[index]
        index += 1
        var output: [UInt8] = []
        var plainStart = index
        while true {
            guard index < bytes.count else { throw fail("a string is not closed", at: start) }
            let byte = bytes[index]
            if byte == quote {
                if output.isEmpty, plainStart == start + 1 {
                    // No escape: the text straight from the document, one copy.
                    let plain = bytes[plainStart..<index]
                    index += 1
                    guard let text = String(validating: plain, as: UTF8.self) else { throw fail("a string is not valid UTF-8", at: start) }
                    return text
                }
                output.append(contentsOf: bytes[plainStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw fail("a control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[plainStart..<index])
            index += 1
            guard index < bytes.count else { throw fail("a string is not closed", at: start) }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "'") where quote == UInt8(ascii: "'"): output.append(UInt8(ascii: "'"))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("a \\u escape of a high surrogate is not followed by its low surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("a high surrogate is followed by \\u\(String(low, radix: 16))") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("a lone low surrogate \\u\(String(scalar, radix: 16))")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("\\u\(String(scalar, radix: 16)) is not a character") }
                output.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw fail("'\\\(Character(Unicode.Scalar(escaped)))' is not a JSON escape", at: index - 2)
            }
            plainStart = index
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw fail("a string is not valid UTF-8", at: start) }
        return text
    }

    mutating func hex4() throws(JSONReader.Error) -> UInt32 {
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else {
            throw fail("\\u needs four hex digits")
        }
        index += 4
        return value
    }
}
