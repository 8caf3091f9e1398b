import Foundation

extension TemplateHelpers {
    /// WireMock's string helpers: `trim`, `upper`, `lower`, `capitalize`, `base64` (with `decode`),
    /// `urlEncode` (with `decode`).
    ///
    /// `trim` and `base64` also work as blocks (`{{#trim}}…{{/trim}}`). `upper`, `lower` and
    /// `capitalize` (Handlebars.java's) print their second argument, or nothing, when the first is
    /// empty; `capitalize fully=true` lowers the rest of each word. `base64 padding=false` drops
    /// the `=`; `urlEncode encoding='ISO-8859-1'` encodes in that charset.
    static let strings: [String: TemplateHelper] = [
        "trim": TemplateHelper { call throws(TemplateError) in
            .string(StringHelper.javaTrim(try StringHelper.subject(call)))
        },
        "upper": TemplateHelper { call throws(TemplateError) in
            StringHelper.caseChange(call) { $0.uppercased() }
        },
        "lower": TemplateHelper { call throws(TemplateError) in
            StringHelper.caseChange(call) { $0.lowercased() }
        },
        "capitalize": TemplateHelper { call throws(TemplateError) in
            let fully = call.hash("fully") == .bool(true)
            return StringHelper.caseChange(call) { StringHelper.capitalize($0, fully: fully) }
        },
        "base64": TemplateHelper { call throws(TemplateError) in try StringHelper.base64(call) },
        "urlEncode": TemplateHelper { call throws(TemplateError) in try StringHelper.urlEncode(call) },
    ]
}

/// The string helpers' steps.
enum StringHelper {
    /// `text` without what Java's `String.trim` removes: characters up to U+0020 at either end.
    static func javaTrim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
              let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The text a helper works on: its block's output for a block, else its first argument's text.
    static func subject(_ call: TemplateHelperCall) throws(TemplateError) -> String {
        if let block = call.block { return try block.render(call.context) }
        return try HelperSemantics.text(call.argument(0), of: call.name)
    }

    /// Handlebars.java's `upper`/`lower`/`capitalize`: an empty (false) first argument prints
    /// the second one's text, or nothing.
    static func caseChange(_ call: TemplateHelperCall, _ change: (String) -> String) -> TemplateValue {
        let value = call.argument(0)
        guard value.isTruthy else {
            let fallback = call.argument(1)
            return fallback == .null ? .null : .string(fallback.rendered)
        }
        return .string(change(value.rendered))
    }

    /// Commons Text's `WordUtils.capitalize` (each word's first letter in title case, words
    /// split at whitespace), or `capitalizeFully` (the rest of each word lowered first).
    static func capitalize(_ text: String, fully: Bool) -> String {
        var output = String.UnicodeScalarView()
        var atWordStart = true
        for scalar in (fully ? text.lowercased() : text).unicodeScalars {
            if isJavaWhitespace(scalar) {
                atWordStart = true
                output.append(scalar)
            } else if atWordStart {
                atWordStart = false
                // Java's Character.toTitleCase maps one character to one: keep it when the full
                // mapping would be longer (ß stays ß).
                let title = scalar.properties.titlecaseMapping.unicodeScalars
                if title.count == 1, let mapped = title.first { output.append(mapped) } else { output.append(scalar) }
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Java's `Character.isWhitespace`: Unicode spaces but the no-break ones, and the ASCII
    /// separators U+0009–U+000D and U+001C–U+001F.
    static func isJavaWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x1F: return true
        case 0x20: return true
        case 0x85, 0xA0, 0x2007, 0x202F: return false
        default: return scalar.properties.isWhitespace
        }
    }

    /// `base64`: encodes the text's UTF-8 (`padding=false` drops the `=`), or with
    /// `decode=true` decodes it; text that is not base64 is a bad argument.
    static func base64(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let text = try subject(call)
        if call.hash("decode") == .bool(true) {
            guard let bytes = decodeBase64(text) else {
                throw TemplateError.badArgument("base64", "'\(text)' is not base64")
            }
            return .string(String(decoding: bytes, as: UTF8.self))
        }
        let encoded = Data(text.utf8).base64EncodedString()
        let padding = call.hash("padding")
        if padding == nil || padding == .bool(true) { return .string(encoded) }
        return .string(String(encoded.prefix { $0 != "=" }))
    }

    /// Base64 as Guava's decoder reads it: the standard alphabet, padding optional, nothing else.
    static func decodeBase64(_ text: String) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=") }) else {
            return nil
        }
        var padded = text
        let remainder = padded.count % 4
        if remainder == 1 { return nil }
        if remainder > 1 { padded += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: padded)
    }
}
