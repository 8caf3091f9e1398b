import Foundation

/// How WireMock's helpers (Java) read their arguments, shared by the random, lists, logic, math
/// and strings families: Java's `toString`, `Integer.parseInt`, the `[ERROR: …]` text a helper
/// prints instead of failing, and which values are lists.
enum HelperSemantics {
    /// `value` as Java's `toString` writes it; a missing value (Java's `null`, where WireMock's
    /// helper would throw a `NullPointerException`) is a bad argument, so the stub answers 500.
    static func text(_ value: TemplateValue, of helper: String) throws(TemplateError) -> String {
        if case .null = value {
            throw TemplateError.badArgument(helper, "needs a value, and the argument is missing (null)")
        }
        return value.rendered
    }

    /// What WireMock's helpers print for a mistake they report inline (status 200):
    /// `[ERROR: message]`.
    static func inlineError(_ message: String) -> TemplateValue {
        .string("[ERROR: \(message)]")
    }

    /// The elements of a value that is a Java `List` (an array, a query or header value, a URL
    /// path's segments); `nil` for everything else.
    static func list(_ value: TemplateValue) -> [TemplateValue]? {
        value.elements
    }

    /// `value` as WireMock's `HelperUtils.coerceToInt`: a number's `intValue` (truncated, 32
    /// bits), text read by `Integer.parseInt`, `nil` for anything else; text that is not a
    /// 32-bit whole number is a bad argument.
    static func int32(_ value: TemplateValue, of helper: String) throws(TemplateError) -> Int? {
        switch value {
        case .integer(let number):
            return Int(Int32(truncatingIfNeeded: number))
        case .decimal(let number):
            return Int(javaIntValue(number))
        case .string(let text), .safeString(let text):
            guard let number = Int32(javaInteger: text) else {
                throw TemplateError.badArgument(helper, "'\(text)' is not a whole number")
            }
            return Int(number)
        default:
            return nil
        }
    }

    /// Java's `(int) double`: truncated toward zero, clamped to the 32-bit range, `NaN` as 0.
    static func javaIntValue(_ number: Double) -> Int32 {
        if number.isNaN { return 0 }
        if number >= Double(Int32.max) { return .max }
        if number <= Double(Int32.min) { return .min }
        return Int32(number.rounded(.towardZero))
    }

    /// `value` as WireMock's `HelperUtils.coerceToDouble`: a number's value, text read by
    /// `Double.parseDouble`, `nil` for anything else; text that is not a number is a bad argument.
    static func double(_ value: TemplateValue, of helper: String) throws(TemplateError) -> Double? {
        switch value {
        case .integer(let number):
            return Double(number)
        case .decimal(let number):
            return number
        case .string(let text), .safeString(let text):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw TemplateError.badArgument(helper, "'\(text)' is not a number")
            }
            return number
        default:
            return nil
        }
    }
}

extension Int32 {
    /// `text` as Java's `Integer.parseInt` reads it: an optional sign, then ASCII digits only.
    init?(javaInteger text: String) {
        var digits = Substring(text)
        if let sign = digits.first, sign == "+" || sign == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        self.init(text.first == "+" ? String(text.dropFirst()) : text)
    }
}
