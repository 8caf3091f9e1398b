/// Request-derived text made safe for a log line.
///
/// Paths, queries and headers arrive percent-decoded, so a request can carry CR, LF or ANSI
/// escape sequences; logged as they are, they would forge lines (`?x=%0a… critical …`) or
/// repaint a terminal. Every value a client chose goes through ``escaped(_:)`` before it is
/// logged.
enum LogText {
    /// `text` with control and other invisible characters escaped: `\n`, `\r`, `\t`, `\\`, and
    /// `\u{XXXX}` for the rest (C0/C1 controls, DEL, format characters such as bidirectional
    /// overrides, line and paragraph separators, private-use and unassigned code points).
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\\" { return true }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }
}
