import Foundation

/// JSON as WireMock's templates print it: values `jsonPath` selects (a list as compact JSON,
/// an object as Jackson's pretty printer writes it), `toJson`'s output, and the conversion of
/// selected JSON to template values.
enum TemplateJSON {
    /// `value` as a template value the way WireMock hands a `jsonPath` result over: text and
    /// numbers as themselves (whole numbers as integers), a list iterable and printing as
    /// compact JSON, an object with members printing as pretty JSON.
    static func selected(_ value: JSONValue) -> TemplateValue {
        switch value {
        case .array(let items): return TemplateValue.jsonList(items)
        case .object(let members):
            var object = TemplateObject(members.keys.sorted().map { ($0, selected(members[$0] ?? .null)) })
            object.printedText = pretty(value)
            return .object(object)
        case .number(let number):
            if number.isWholeLiteral { return Int(number.text).map(TemplateValue.integer) ?? .string(number.text) }
            return .decimal(number.doubleValue)
        default:
            return TemplateValue(json: value)
        }
    }

    /// `value` with its fractional numbers as the `Double`s Jayway reads (`2.50` → `2.5`).
    static func javaNumbers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number) where !number.isWholeLiteral: return .double(number.doubleValue)
        case .array(let items): return .array(items.map(javaNumbers))
        case .object(let members): return .object(members.mapValues(javaNumbers))
        default: return value
        }
    }

    /// `value` as Jackson's default pretty printer writes it: objects one member a line,
    /// indented two spaces per object level, `"key" : value`; lists on one line `[ 1, 2 ]`;
    /// empty ones `{ }` and `[ ]`. Keys sorted (``JSONValue`` keeps no order).
    static func pretty(_ value: JSONValue) -> String {
        var output = ""
        write(value, level: 0, into: &output)
        return output
    }

    private static func write(_ value: JSONValue, level: Int, into output: inout String) {
        switch value {
        case .array(let items):
            guard !items.isEmpty else {
                output += "[ ]"
                return
            }
            output += "[ "
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                write(item, level: level, into: &output)
            }
            output += " ]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{ }"
                return
            }
            output += "{\n"
            let indent = String(repeating: "  ", count: level + 1)
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += ",\n" }
                output += indent
                JSONWriter.appendQuoted(key, to: &output)
                output += " : "
                write(members[key] ?? .null, level: level + 1, into: &output)
            }
            output += "\n" + String(repeating: "  ", count: level) + "}"
        default:
            output += value.text
        }
    }
}

extension TemplateValue {
    /// A JSON array as `jsonPath` gives it: prints as compact JSON (`[1,"a"]`), indexes and
    /// iterates as its elements. Shares the ``urlPath(_:segments:)`` case, a list with a text of its own.
    static func jsonList(_ items: [JSONValue]) -> TemplateValue {
        let normalized = items.map(TemplateJSON.javaNumbers)
        return .urlPath(JSONValue.array(normalized).text, segments: normalized.map(TemplateValue.init(json:)))
    }
}
