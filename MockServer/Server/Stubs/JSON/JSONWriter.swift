/// Writes a ``JSONValue`` as compact JSON text: keys sorted (or in a recorded order, see
/// ``JSONKeyOrder``), numbers as written.
///
/// Iterative (an explicit stack), so a value nested however deep is written without
/// deepening the call stack.
enum JSONWriter {
    private enum Step {
        case value(JSONValue)
        case text(String)
    }

    /// Appends `value`'s JSON text to `output`, objects' members in `keyOrder` (sorted without one).
    static func write(_ value: JSONValue, into output: inout String, keyOrder: JSONKeyOrder? = nil) {
        var steps: [Step] = [.value(value)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                output += text
            case .value(let value):
                switch value {
                case .null: output += "null"
                case .bool(let flag): output += flag ? "true" : "false"
                case .number(let number): output += number.text
                case .string(let string): appendQuoted(string, to: &output)
                case .array(let items):
                    output += "["
                    steps.append(.text("]"))
                    for (index, item) in items.enumerated().reversed() {
                        steps.append(.value(item))
                        if index > 0 { steps.append(.text(",")) }
                    }
                case .object(let members):
                    output += "{"
                    steps.append(.text("}"))
                    for (index, key) in (keyOrder?.keys(of: members) ?? members.keys.sorted()).enumerated().reversed() {
                        steps.append(.value(members[key] ?? .null))
                        var prefix = index > 0 ? "," : ""
                        appendQuoted(key, to: &prefix)
                        steps.append(.text(prefix + ":"))
                    }
                }
            }
        }
    }

    /// Appends `string` in quotes with `"`, `\` and control characters escaped.
    static func appendQuoted(_ string: String, to output: inout String) {
        output += "\""
        var plainStart = string.unicodeScalars.startIndex
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                // Appended as a String: `output.unicodeScalars.append` copies all of `output`
                // (the view is taken out and put back), which made long outputs quadratic.
                output += String(scalars[plainStart..<index])
                output += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output += String(scalars[plainStart..<scalars.endIndex])
        output += "\""
    }
}
