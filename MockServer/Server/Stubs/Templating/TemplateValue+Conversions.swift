import Foundation

/// What helpers read of their arguments, in Handlebars.java's and WireMock's terms.
extension TemplateValue {
    /// Handlebars' truth (`Handlebars.Utils.isEmpty` negated): `null`, `false`, `""`, `0`, an
    /// empty list and an empty object are false; everything else, the text `"false"` included, is true.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .integer(let number): return number != 0
        case .decimal(let number): return number != 0
        case .string(let text), .safeString(let text): return !text.isEmpty
        case .array(let items), .listOrSingle(let items): return !items.isEmpty
        case .urlPath(let text, _): return !text.isEmpty && text != "[]"  // a path, or a JSON list
        case .object(let object): return !object.isEmpty
        case .date: return true
        }
    }

    /// The text of a `.string` or `.safeString`; `nil` for every other case (see ``rendered``
    /// for any value as text).
    var stringValue: String? {
        switch self {
        case .string(let text), .safeString(let text): return text
        case .listOrSingle(let items): return items.first?.stringValue
        case .urlPath(let text, _): return text
        default: return nil
        }
    }

    /// The value as a whole number: an integer, a decimal without fraction, or text that reads
    /// as one (`"12"`, as Java's `Integer.parseInt` would); else `nil`.
    var intValue: Int? {
        switch self {
        case .integer(let number): return number
        case .decimal(let number):
            guard number == number.rounded(), abs(number) < 9.0e15 else { return nil }
            return Int(number)
        case .string(let text), .safeString(let text): return Int(text.trimmingCharacters(in: .whitespaces))
        case .listOrSingle(let items): return items.first?.intValue
        default: return nil
        }
    }

    /// The value as a number: an integer, a decimal, or text that reads as one; else `nil`.
    var doubleValue: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .decimal(let number): return number
        case .string(let text), .safeString(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            // Swift reads "nan" and "inf"; Java's Double.parseDouble wants "NaN"/"Infinity", which we refuse too.
            guard let number = Double(trimmed), number.isFinite else { return nil }
            return number
        case .listOrSingle(let items): return items.first?.doubleValue
        default: return nil
        }
    }

    /// The elements of an array or a `ListOrSingle`, the segments of a URL path; `nil` for
    /// every other case.
    var elements: [TemplateValue]? {
        switch self {
        case .array(let items), .listOrSingle(let items), .urlPath(_, let items): return items
        default: return nil
        }
    }

    /// The value converted from JSON: numbers whole and within `Int` become ``integer(_:)``,
    /// others ``decimal(_:)`` (as Jackson reads them into `Integer`/`Long` and `Double`);
    /// objects' members in `keyOrder` (sorted when it has none for them).
    init(json: JSONValue, keyOrder: JSONKeyOrder = JSONKeyOrder()) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            if number.isWholeLiteral, let whole = Int(number.text) {
                self = .integer(whole)
            } else {
                self = .decimal(number.doubleValue)
            }
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map { TemplateValue(json: $0, keyOrder: keyOrder) })
        case .object(let members):
            self = .object(TemplateObject(keyOrder.keys(of: members).map { ($0, TemplateValue(json: members[$0] ?? .null, keyOrder: keyOrder)) }))
        }
    }

    /// The value as JSON: text as a string, a date and a URL path as their text, a
    /// `ListOrSingle` of one value as that value (object key order is lost: ``JSONValue``
    /// sorts keys; ``json(recordingInto:)`` keeps it).
    var json: JSONValue {
        var ignored = JSONKeyOrder()
        return json(recordingInto: &ignored)
    }

    /// ``json``, each object's member order recorded in `keyOrder`.
    func json(recordingInto keyOrder: inout JSONKeyOrder) -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .decimal(let number): return .double(number)
        case .string(let text), .safeString(let text): return .string(text)
        case .array(let items): return .array(items.map { $0.json(recordingInto: &keyOrder) })
        case .listOrSingle(let items):
            return items.count == 1 ? items[0].json(recordingInto: &keyOrder) : .array(items.map { $0.json(recordingInto: &keyOrder) })
        case .object(let object):
            var members: [String: JSONValue] = [:]
            for (key, value) in object.entries { members[key] = value.json(recordingInto: &keyOrder) }
            keyOrder.record(members, keys: object.keys)
            return .object(members)
        case .date, .urlPath: return .string(rendered)
        }
    }
}
