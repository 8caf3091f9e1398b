/// Handlebars.java's HTML escaping (its `HTML_ENTITY` strategy), which `{{…}}` applies and
/// `{{{…}}}` does not: `&<>"'` and also `` ` `` and `=`, as WireMock 2.35 sends them.
enum TemplateEscaping {
    /// `text` with `& < > " ' ` =` replaced by their entities.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#x27;"
            case "`": output += "&#x60;"
            case "=": output += "&#x3D;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"),
            UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
