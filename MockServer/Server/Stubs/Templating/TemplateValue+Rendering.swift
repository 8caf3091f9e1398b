import Foundation

/// How a value prints, as Java's `toString` of the value WireMock would hold.
extension TemplateValue {
    /// The value as text: `null` as nothing, numbers and collections as Java writes them
    /// (`5`, `5.0`, `1.0E10`, `[a, b]`, `{a=1, b=2}`), a `ListOrSingle` as its first value,
    /// a URL path as its text, a date as ISO 8601 in UTC.
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
        case .date(let date): output += Self.isoFormat(date)
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

    /// `date` as `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC.
    static func isoFormat(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : String(number)
        }
        let year = parts.year ?? 1970
        let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
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
