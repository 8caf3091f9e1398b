public import Foundation

/// A JSON value kept as it was written: a stub's `jsonBody` and `metadata` go back out unchanged,
/// numbers included (each keeps its literal text, see ``JSONNumber``).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (key order is not kept; written back with sorted keys).
    case object([String: JSONValue])

    /// A whole number.
    public static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// A number written the shortest way that reads back as `value`.
    public static func double(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

    /// Reads a JSON document (comments allowed, numbers kept as written); see ``JSONReader``.
    public init(parsing data: Data) throws(JSONReader.Error) {
        self = try JSONReader.parse(data)
    }

    /// Converts what `JSONSerialization` produced, or a tree from ``foundation``; `nil` for
    /// anything else.
    init?(foundation value: Any) {
        switch value {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as JSONNumber:
            self = .number(number)
        case let flag as Bool where type(of: value) == Bool.self:
            self = .bool(flag)
        case let number as NSNumber:
            // `JSONSerialization` hands booleans over as NSNumber too.
            let kind = String(cString: number.objCType)
            if kind == "c" {
                self = .bool(number.boolValue)
            } else if kind == "Q" {
                self = .number(JSONNumber(checked: String(number.uint64Value)))
            } else if kind != "d", kind != "f" {
                self = .integer(number.intValue)
            } else {
                self = .double(number.doubleValue)
            }
        case let array as [Any]:
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let converted = JSONValue(foundation: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let object as [String: Any]:
            var members: [String: JSONValue] = [:]
            for (key, item) in object {
                guard let converted = JSONValue(foundation: item) else { return nil }
                members[key] = converted
            }
            self = .object(members)
        default:
            return nil
        }
    }

    /// The value as `JSONSerialization` takes it (a number as an `Int` when it is a whole
    /// number that fits, else a `Double`; ``JSONValue/data`` keeps the exact text instead).
    var foundation: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let number):
            if number.isWholeLiteral, let whole = Int(number.text) { return whole }
            if number.isWholeLiteral, let whole = UInt64(number.text) { return NSNumber(value: whole) }
            return number.doubleValue
        case .string(let value): return value
        case .array(let items): return items.map(\.foundation)
        case .object(let members): return members.mapValues(\.foundation)
        }
    }

    /// The value as Foundation types for walking its structure, numbers as ``JSONNumber``
    /// (exact; ``JSONValue/init(foundation:)`` takes them back unchanged).
    var tree: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let number): return number
        case .string(let value): return value
        case .array(let items): return items.map(\.tree)
        case .object(let members): return members.mapValues(\.tree)
        }
    }

    /// The value serialized: keys sorted (so the same value gives the same bytes), numbers as
    /// written, strings escaped as JSON requires (and `/` left as it is, as WireMock writes it).
    public var data: Data { Data(text.utf8) }

    /// The value serialized, as text (see ``data``).
    public var text: String {
        var output = ""
        JSONWriter.write(self, into: &output)
        return output
    }
}
