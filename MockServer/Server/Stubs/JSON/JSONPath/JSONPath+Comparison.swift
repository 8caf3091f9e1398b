import Foundation

/// How the evaluator compares values: RFC 9535's comparisons, plus Jayway's operators on lists
/// and its loose number-to-string equality.
extension JSONPath.Evaluator {
    /// RFC 9535 § 2.3.5.2.2, plus Jayway's operators on lists.
    ///
    /// `loosely` (Jayway): a number equals a string that reads as the same number (`5` and
    /// `'5.0'`), in `==`, `!=`, `in`, `nin`, `contains` and the list operators.
    static func compare(_ left: JSONValue?, _ comparison: Comparison, _ right: JSONValue?, loosely: Bool = false) -> Bool {
        func same(_ a: JSONValue, _ b: JSONValue) -> Bool { loosely ? looselyEqual(a, b) : a.isEqual(to: b) }
        func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
            switch (left, right) {
            case (.none, .none): return true  // `.none`: a `nil` pattern would be JSONValue.null (a nil literal)
            case (let left?, let right?): return same(left, right)
            default: return false
            }
        }
        switch comparison {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        case .regex: return false
        case .in, .notIn:
            guard case .array(let list)? = right, let left else { return false }
            let found = list.contains { same($0, left) }
            return comparison == .in ? found : !found
        case .size:
            guard case .number(let size)? = right, let expected = size.intValue else { return false }
            switch left {
            case .array(let items)?: return items.count == expected
            case .string(let text)?: return text.count == expected
            case .object(let members)?: return members.count == expected
            default: return false
            }
        case .empty:
            guard case .bool(let expected)? = right else { return false }
            switch left {
            case .array(let items)?: return items.isEmpty == expected
            case .string(let text)?: return text.isEmpty == expected
            case .object(let members)?: return members.isEmpty == expected
            default: return false
            }
        case .anyOf, .noneOf, .subsetOf:
            guard case .array(let list)? = right else { return false }
            let items: [JSONValue]
            switch left {
            case .array(let values)?: items = values
            case let single?: items = [single]
            case .none: return false
            }
            let hits = items.filter { item in list.contains { same($0, item) } }.count
            switch comparison {
            case .anyOf: return hits > 0
            case .noneOf: return hits == 0
            default: return hits == items.count
            }
        case .contains:
            switch (left, right) {
            case (.array(let items)?, let value?): return items.contains { same($0, value) }
            case (.string(let text)?, .string(let part)?): return text.contains(part)
            default: return false
            }
        }
    }

    /// Jayway's equality: as JSON values, except that a number and a string holding a number
    /// compare by value.
    static func looselyEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let number), .string(let text)), (.string(let text), .number(let number)):
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return false }
            if let whole = Int(text), let other = Int(number.text) { return whole == other }
            return value == number.doubleValue
        default:
            return left.isEqual(to: right)
        }
    }

    /// What Jayway's `=~` tests: a string as it is, other values as text (`5`, `true`,
    /// `null`, `[1]`), nothing as the empty string.
    static func regexInput(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: return text
        case let other?: return other.jaywayItemText
        case .none: return ""
        }
    }

    static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?):
            if let x = Int(a.text), let y = Int(b.text) { return x < y }
            return a.doubleValue < b.doubleValue
        case (.string(let a)?, .string(let b)?):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
        default:
            return false
        }
    }
}

extension JSONValue {
    /// Equal as JSON values: numbers by value (`1` is `1.0`), arrays in order, objects by members.
    func isEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): return a.numericallyEquals(b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.isEqual(to: $0) } ?? false }
        default: return self == other
        }
    }

    /// An array's items or an object's member values (in key order); none for anything else.
    var children: [JSONValue] {
        switch self {
        case .array(let items): return items
        case .object(let members): return members.keys.sorted().compactMap { members[$0] }
        default: return []
        }
    }

    /// Whether the value is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
