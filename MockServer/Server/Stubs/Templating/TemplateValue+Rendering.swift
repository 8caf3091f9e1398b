import Foundation

/// How a value prints, as Java's `toString` of the value WireMock would hold.
extension TemplateValue {
    /// The value as text: `null` as nothing, numbers and collections as Java writes them
    /// (`5`, `5.0`, `1.0E10`, `[a, b]`, `{a=1, b=2}`), a `ListOrSingle` as its first value,
    /// a URL path as its text, a date as ISO 8601 at its offset.
    var rendered: String {
        var output = ""
        render(into: &output)
        return output
    }

    /// Appends ``rendered`` to `output`.
    func render(into output: inout String) {
        switch self {
        case .null: return
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .decimal(let number): output += Self.javaDouble(number)
        case .string(let text), .safeString(let text): output += text
        case .array(let items): Self.renderList(items, into: &output)
        case .listOrSingle(let items):
            items.first?.render(into: &output)
        case .urlPath(let text, _): output += text
        case .object(let object):
            if let text = object.printedText {
                output += text
                return
            }
            output += "{"
            for (index, entry) in object.entries.enumerated() {
                if index > 0 { output += ", " }
                output += entry.key
                output += "="
                entry.value.renderNested(into: &output)
            }
            output += "}"
        case .date(let date, let offset): output += Self.isoFormat(date, offset: offset)
        }
    }

    /// A value inside a list or map: Java prints `null` there as `null`.
    private func renderNested(into output: inout String) {
        if case .null = self { output += "null" } else { render(into: &output) }
    }

    private static func renderList(_ items: [TemplateValue], into output: inout String) {
        output += "["
        for (index, item) in items.enumerated() {
            if index > 0 { output += ", " }
            item.renderNested(into: &output)
        }
        output += "]"
    }

    /// `date` as `yyyy-MM-dd'T'HH:mm:ss` at `offset` seconds from UTC, then `Z` (no offset) or
    /// `+hh:mm`, as Java's `ISO_OFFSET_DATE_TIME` writes whole seconds. Computed from the epoch
    /// seconds directly (no `Calendar`): `{{now}}` prints one on every request.
    static func isoFormat(_ date: Date, offset: Int = 0) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, dayOfMonth) = HTTPDate.civil(fromDays: day)
        var output = ""
        output.reserveCapacity(25)
        if year < 0 || year > 9999 {
            output += String(year)
        } else {
            appendDigits(year, width: 4, to: &output)
        }
        output += "-"
        appendDigits(month, width: 2, to: &output)
        output += "-"
        appendDigits(dayOfMonth, width: 2, to: &output)
        output += "T"
        appendDigits(second / 3600, width: 2, to: &output)
        output += ":"
        appendDigits(second / 60 % 60, width: 2, to: &output)
        output += ":"
        appendDigits(second % 60, width: 2, to: &output)
        if offset == 0 {
            output += "Z"
        } else {
            output += offset < 0 ? "-" : "+"
            appendDigits(abs(offset) / 3600, width: 2, to: &output)
            output += ":"
            appendDigits(abs(offset) / 60 % 60, width: 2, to: &output)
        }
        return output
    }

    /// `value` (not negative) in decimal, zero-padded to `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to output: inout String) {
        let digits = String(value)
        if digits.count < width { output += String(repeating: "0", count: width - digits.count) }
        output += digits
    }

    /// `value` as Java's `Double.toString` writes it: the shortest digits that read back as
    /// `value`, in plain notation with at least one fraction digit for 10⁻³ ≤ |value| < 10⁷
    /// (`5.0`, `0.001`, `1234567.5`), else as `d.dddE±n` (`1.0E7`, `1.5E-4`).
    static func javaDouble(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        let sign = value < 0 ? "-" : ""
        // Swift's description has the shortest round-tripping digits; take them and the exponent apart.
        let text = "\(abs(value))"
        let mantissa: Substring
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        } else {
            mantissa = Substring(text)
        }
        let point = mantissa.firstIndex(of: ".")
        let integerPart = point.map { mantissa[..<$0] } ?? mantissa
        let fractionPart = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = Array(integerPart + fractionPart)
        // Decimal exponent of the first digit: value = 0.d1d2… × 10^(pointPosition).
        var pointPosition = integerPart.count + exponent
        while digits.first == "0", digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == "0", digits.count > 1 { digits.removeLast() }
        let magnitude = abs(value)
        if magnitude >= 1e-3, magnitude < 1e7 {
            if pointPosition <= 0 {
                return sign + "0." + String(repeating: "0", count: -pointPosition) + String(digits)
            }
            if pointPosition >= digits.count {
                return sign + String(digits) + String(repeating: "0", count: pointPosition - digits.count) + ".0"
            }
            return sign + String(digits[..<pointPosition]) + "." + String(digits[pointPosition...])
        }
        let fraction = digits.count > 1 ? String(digits[1...]) : "0"
        return sign + String(digits[0]) + "." + fraction + "E" + String(pointPosition - 1)
    }
}
