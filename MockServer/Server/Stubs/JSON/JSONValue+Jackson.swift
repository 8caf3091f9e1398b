import Foundation

/// A value written as WireMock writes a JSONPath result for a sub-matcher: Jackson's default
/// pretty printer (`{` then `"key" : value` lines indented by two spaces per object level,
/// arrays on one line as `[ 1, 2 ]`, empty ones as `[ ]` and `{ }`), and numbers as Java prints
/// the `Integer`, `Long` or `Double` that Jayway read (`1.50` as `1.5`, `1e21` as `1.0E21`).
extension JSONValue {
    /// The text a `matchesJsonPath` sub-matcher compares: strings bare, numbers as Java prints
    /// them, booleans as `true`/`false`, arrays and objects pretty-printed as Jackson does.
    var jaywayText: String {
        switch self {
        case .string(let text): return text
        case .number(let number): return number.javaText
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array, .object:
            return jacksonPretty()
        }
    }

    /// The text of one item of an array result, as WireMock 2.35 hands each item to a
    /// sub-matcher: Java's `String.valueOf` of what Jayway read. A nested array is json-smart's
    /// compact JSON (`[1,"s"]`, `/` written `\/`), a nested object Java's map text
    /// (`{a=1, b=x}`), anything else as ``jaywayText``.
    var jaywayItemText: String {
        switch self {
        case .array:
            var output = ""
            writeSmart(into: &output)
            return output
        case .object(let members):
            return "{" + members.keys.sorted().map { "\($0)=\(members[$0]?.jaywayItemText ?? "null")" }.joined(separator: ", ") + "}"
        default:
            return jaywayText
        }
    }

    /// json-smart's compact JSON: no spaces, `/` escaped, numbers as Java prints them.
    private func writeSmart(into output: inout String) {
        switch self {
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.writeSmart(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                JSONValue.string(key).writeSmart(into: &output)
                output += ":"
                members[key]?.writeSmart(into: &output)
            }
            output += "}"
        case .string(let text):
            var quoted = ""
            JSONWriter.appendQuoted(text, to: &quoted)
            output += quoted.replacingOccurrences(of: "/", with: "\\/")
        case .number(let number):
            output += number.javaText
        default:
            JSONWriter.write(self, into: &output)
        }
    }

    /// `self` as Jackson's `DefaultPrettyPrinter` writes it, numbers as Java prints them:
    /// objects one member a line (`"key" : value`, indented two spaces per object level), lists
    /// on one line (`[ 1, 2 ]`), empty ones `{ }` and `[ ]`. `keyOrder` gives each object's
    /// member order (sorted when it has none recorded); `omittingNulls` leaves out members whose
    /// value is `null`, as WireMock's template `jsonPath` prints an object.
    func jacksonPretty(keyOrder: JSONKeyOrder = JSONKeyOrder(), omittingNulls: Bool = false) -> String {
        var output = ""
        writePretty(into: &output, objectLevel: 0, keyOrder: keyOrder, omittingNulls: omittingNulls)
        return output
    }

    /// Jackson's `DefaultPrettyPrinter`: the indentation follows objects only.
    private func writePretty(into output: inout String, objectLevel: Int, keyOrder: JSONKeyOrder, omittingNulls: Bool) {
        switch self {
        case .array(let items):
            guard !items.isEmpty else {
                output += "[ ]"
                return
            }
            output += "[ "
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                item.writePretty(into: &output, objectLevel: objectLevel, keyOrder: keyOrder, omittingNulls: omittingNulls)
            }
            output += " ]"
        case .object(let members):
            var keys = keyOrder.keys(of: members)
            if omittingNulls { keys.removeAll { members[$0] == .null } }
            guard !keys.isEmpty else {
                output += "{ }"
                return
            }
            let indent = String(repeating: "  ", count: objectLevel + 1)
            output += "{"
            for (index, key) in keys.enumerated() {
                output += index > 0 ? ",\n" : "\n"
                output += indent
                JSONWriter.appendQuoted(key, to: &output)
                output += " : "
                members[key]?.writePretty(into: &output, objectLevel: objectLevel + 1, keyOrder: keyOrder, omittingNulls: omittingNulls)
            }
            output += "\n" + String(repeating: "  ", count: objectLevel) + "}"
        case .number(let number):
            output += number.javaText
        default:
            JSONWriter.write(self, into: &output)
        }
    }
}

extension JSONNumber {
    /// The number as Java prints what Jayway's parser makes of it: a whole literal as written
    /// (an `Integer`, `Long` or `BigInteger`), anything else as `Double.toString` does (`1.5`,
    /// `100.0`, `1.0E21`, `1.0E-5`).
    var javaText: String {
        if isWholeLiteral { return text.hasPrefix("-0") && text.count == 2 ? "0" : text }
        let value = doubleValue
        guard value.isFinite else { return value > 0 ? "Infinity" : "-Infinity" }
        let magnitude = abs(value)
        if magnitude == 0 || (magnitude >= 1e-3 && magnitude < 1e7) {
            let plain = "\(value)"  // Swift writes this range without an exponent, as Java does
            return plain.contains(".") || plain.contains("e") ? plain : plain + ".0"
        }
        // Java: one digit, a fraction (at least `.0`), `E`, the exponent without `+` or padding.
        let swift = "\(value)"
        let parts = swift.split(separator: "e", maxSplits: 1)
        var mantissa = String(parts[0])
        var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        if parts.count == 1 {
            // Swift printed it plainly (e.g. 12345678.0): normalise to one leading digit.
            let digits = mantissa.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: "-", with: "")
            let whole = mantissa.split(separator: ".")[0].replacingOccurrences(of: "-", with: "")
            exponent = whole.count - 1
            var significant = String(digits.drop(while: { $0 == "0" }))
            while significant.count > 1, significant.hasSuffix("0") { significant.removeLast() }
            mantissa = (value < 0 ? "-" : "") + String(significant.prefix(1)) + "." + (significant.count > 1 ? String(significant.dropFirst()) : "0")
        } else if !mantissa.contains(".") {
            mantissa += ".0"
        }
        return "\(mantissa)E\(exponent)"
    }
}
