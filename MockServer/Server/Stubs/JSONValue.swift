public import Foundation

/// A JSON value kept as it was written: a stub's `jsonBody` and `metadata` go back out unchanged.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (kept as a double unless it is a whole number that fits an `Int`).
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (key order is not kept).
    case object([String: JSONValue])

    /// Converts what `JSONSerialization` produced; `nil` for anything else.
    init?(foundation value: Any) {
        switch value {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            // `JSONSerialization` hands booleans over as NSNumber too.
            let kind = String(cString: number.objCType)
            if kind == "c" {
                self = .bool(number.boolValue)
            } else if kind != "d", kind != "f" {
                self = .integer(number.intValue)
            } else {
                self = .number(number.doubleValue)
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

    /// The value as `JSONSerialization` takes it.
    var foundation: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let value): return value
        case .integer(let value): return value
        case .string(let value): return value
        case .array(let items): return items.map(\.foundation)
        case .object(let members): return members.mapValues(\.foundation)
        }
    }

    /// The value serialized (keys sorted, so the same value gives the same bytes).
    public var data: Data {
        switch self {
        case .array, .object:
            return (try? JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys])) ?? Data("null".utf8)
        default:
            // Fragments: wrap in an array and strip the brackets.
            guard let wrapped = try? JSONSerialization.data(withJSONObject: [foundation], options: [.fragmentsAllowed]),
                wrapped.count >= 2
            else { return Data("null".utf8) }
            return wrapped.dropFirst().dropLast()
        }
    }
}
