/// A small ordered JSON tree and its writer.
///
/// Written by hand rather than with `JSONSerialization` so that keys keep Twitter's order, 64-bit
/// ids are printed exactly as integers, and the escaping style can be chosen per endpoint.
extension TwitterJSON {
    /// A JSON value whose objects keep their members in the order given.
    enum Value: Sendable {
        /// `{...}` with members in this order.
        case object([(String, Value)])
        /// `[...]`.
        case array([Value])
        /// A string, escaped on output.
        case string(String)
        /// A signed integer.
        case int(Int64)
        /// An unsigned integer, printed with every digit (ids above 2^53).
        case uint(UInt64)
        /// A decimal written exactly as given, e.g. `"0.001"` (must be a valid JSON number).
        case decimal(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// How strings are escaped; both styles are valid JSON and parse to the same text.
    enum Escaping: Sendable {
        /// Only what JSON requires (`"`, `\`, control characters) plus U+2028/U+2029; everything
        /// else as raw UTF-8. Twitter API v2 answers like this.
        case minimal
        /// Additionally `/` as `\/` and every non-ASCII scalar as `\uXXXX` (UTF-16, so emoji
        /// become surrogate pairs), as Twitter's v1.1 API did.
        case ascii
    }

    /// The UTF-8 bytes of `value` without any whitespace.
    static func encode(_ value: Value, escaping: Escaping) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(value, escaping: escaping, to: &out)
        return out
    }

    /// Appends `value` to `out`.
    private static func write(_ value: Value, escaping: Escaping, to out: inout [UInt8]) {
        switch value {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (position, (key, member)) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, escaping: escaping, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member, escaping: escaping, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                write(element, escaping: escaping, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let string):
            writeString(string, escaping: escaping, to: &out)
        case .int(let number):
            out.append(contentsOf: String(number).utf8)
        case .uint(let number):
            out.append(contentsOf: String(number).utf8)
        case .decimal(let literal):
            out.append(contentsOf: literal.utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        }
    }

    /// Appends `string` as a quoted, escaped JSON string.
    private static func writeString(_ string: String, escaping: Escaping, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: #"\""#.utf8)
            case "\\": out.append(contentsOf: #"\\"#.utf8)
            case "\n": out.append(contentsOf: #"\n"#.utf8)
            case "\r": out.append(contentsOf: #"\r"#.utf8)
            case "\t": out.append(contentsOf: #"\t"#.utf8)
            case "\u{08}": out.append(contentsOf: #"\b"#.utf8)
            case "\u{0C}": out.append(contentsOf: #"\f"#.utf8)
            case "/" where escaping == .ascii: out.append(contentsOf: #"\/"#.utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029
                    || (escaping == .ascii && scalar.value > 0x7E)
                {
                    for unit in String(scalar).utf16 { appendUnicodeEscape(unit, to: &out) }
                } else if scalar.isASCII {
                    out.append(UInt8(scalar.value))
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `\uXXXX` (lowercase hex, like Twitter) for one UTF-16 code unit.
    private static func appendUnicodeEscape(_ unit: UInt16, to out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }
}
