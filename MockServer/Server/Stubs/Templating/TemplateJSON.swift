import Foundation

/// JSON as WireMock's templates print it: values `jsonPath` selects (a list as compact JSON,
/// an object as Jackson's pretty printer writes it, ``JSONValue/jacksonPretty(keyOrder:omittingNulls:)``),
/// and the conversion of selected JSON to template values, objects in their document's order.
enum TemplateJSON {
    /// `value` as a template value the way WireMock hands a `jsonPath` result over: text and
    /// numbers as themselves (whole numbers as integers), a list iterable and printing as
    /// compact JSON, an object with members in the document's order (`keyOrder`) printing as
    /// Jackson's pretty JSON without its `null` members.
    static func selected(_ value: JSONValue, keyOrder: JSONKeyOrder = JSONKeyOrder()) -> TemplateValue {
        switch value {
        case .array(let items): return TemplateValue.jsonList(items, keyOrder: keyOrder)
        case .object(let members):
            var object = TemplateObject(keyOrder.keys(of: members).map { ($0, selected(members[$0] ?? .null, keyOrder: keyOrder)) })
            object.printedText = value.jacksonPretty(keyOrder: keyOrder, omittingNulls: true)
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
}

extension TemplateValue {
    /// A JSON array as `jsonPath` gives it: prints as compact JSON (`[1,"a"]`), indexes and
    /// iterates as its elements. Shares the ``urlPath(_:segments:)`` case, a list with a text of its own.
    static func jsonList(_ items: [JSONValue], keyOrder: JSONKeyOrder = JSONKeyOrder()) -> TemplateValue {
        let normalized = items.map(TemplateJSON.javaNumbers)
        var text = ""
        JSONWriter.write(.array(normalized), into: &text, keyOrder: keyOrder)
        return .urlPath(text, segments: items.map { TemplateValue(json: TemplateJSON.javaNumbers($0), keyOrder: keyOrder) })
    }
}
