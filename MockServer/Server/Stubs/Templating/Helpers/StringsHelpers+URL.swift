import Foundation

extension StringHelper {
    /// `urlEncode`: Java's `URLEncoder.encode` (form encoding: letters, digits and `.-*_` kept,
    /// a space as `+`, every other byte as `%XX`), or with `decode=true` `URLDecoder.decode`;
    /// `encoding=` names the charset (UTF-8 unless told). A malformed `%` escape or an unknown
    /// charset is a bad argument.
    static func urlEncode(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let text = try HelperSemantics.text(call.argument(0), of: "urlEncode")
        let charsetName = call.hash("encoding").map(\.rendered) ?? "utf-8"
        guard let charset = FormCharset(javaName: charsetName) else {
            throw TemplateError.badArgument("urlEncode", "unknown encoding '\(charsetName)'")
        }
        if call.hash("decode") == .bool(true) {
            return .string(try formDecode(text, charset: charset))
        }
        return .string(formEncode(text, charset: charset))
    }

    /// `text` form-encoded in `charset`.
    static func formEncode(_ text: String, charset: FormCharset) -> String {
        var output = ""
        for character in text.unicodeScalars {
            switch character {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "*", "_":
                output.unicodeScalars.append(character)
            case " ":
                output += "+"
            default:
                for byte in charset.encode(character) {
                    output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
        }
        return output
    }

    /// `text` form-decoded: `+` as a space, runs of `%XX` as bytes in `charset`.
    static func formDecode(_ text: String, charset: FormCharset) throws(TemplateError) -> String {
        var output = ""
        var bytes: [UInt8] = []
        let characters = Array(text.unicodeScalars)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "%" {
                guard index + 2 < characters.count,
                      let byte = UInt8(String(characters[index + 1]) + String(characters[index + 2]), radix: 16)
                else {
                    throw TemplateError.badArgument("urlEncode", "'\(text)' has an incomplete or invalid % escape")
                }
                bytes.append(byte)
                index += 3
                continue
            }
            if !bytes.isEmpty {
                output += charset.decode(bytes)
                bytes.removeAll()
            }
            output.unicodeScalars.append(character == "+" ? " " : character)
            index += 1
        }
        if !bytes.isEmpty { output += charset.decode(bytes) }
        return output
    }
}

/// The charsets `urlEncode encoding=…` understands, by their Java names and aliases.
enum FormCharset {
    /// UTF-8, the default.
    case utf8
    /// ISO-8859-1: one byte per character up to U+00FF.
    case latin1
    /// US-ASCII: one byte per character up to U+007F.
    case ascii

    /// The charset Java knows as `javaName` (case-insensitive), if it is one of these.
    init?(javaName: String) {
        switch javaName.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "iso-8859-1", "iso8859_1", "iso8859-1", "latin1", "l1": self = .latin1
        case "us-ascii", "ascii": self = .ascii
        default: return nil
        }
    }

    /// The bytes of one character; `?` for a character the charset lacks, as Java writes it.
    func encode(_ character: Unicode.Scalar) -> [UInt8] {
        switch self {
        case .utf8: return Array(String(character).utf8)
        case .latin1: return character.value <= 0xFF ? [UInt8(character.value)] : [UInt8(ascii: "?")]
        case .ascii: return character.value <= 0x7F ? [UInt8(character.value)] : [UInt8(ascii: "?")]
        }
    }

    /// `bytes` as text; bytes that are not valid in the charset become U+FFFD.
    func decode(_ bytes: [UInt8]) -> String {
        switch self {
        case .utf8: return String(decoding: bytes, as: UTF8.self)
        case .latin1: return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .ascii: return String(String.UnicodeScalarView(bytes.map { $0 < 0x80 ? Unicode.Scalar($0) : "\u{FFFD}" }))
        }
    }
}

extension String {
    /// The text with zeros before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
