import Foundation

/// A JSON document as the body matchers compare it: a small value tree of their own, apart from
/// the stubs' ``JSONValue`` (whose numbers serve response bodies): a request's body comes from
/// ``JSONReader``'s value, a mapping's operand from the mapping's parsed objects.
enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent, as its exact decimal digits.
    case integer(String)
    /// A number written with a fraction or an exponent.
    case float(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// The document in `data`, `nil` when it is not JSON (or nests deeper than ``JSONReader``
    /// reads).
    init?(data: Data) {
        guard !data.isEmpty, let value = try? JSONReader.parse(data, options: .requestBody) else { return nil }
        self.init(value)
    }

    /// The document in `text`, `nil` when it is not JSON.
    init?(text: String) { self.init(data: Data(text.utf8)) }

    /// The tree of a value ``JSONReader`` read: a plain walk over Swift enums, with no bridging
    /// through Foundation's objects (which took most of an `equalToJson` request's time).
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            // Jackson reads `-0` as the integer 0.
            self = number.isWholeLiteral ? .integer(number.text == "-0" ? "0" : number.text) : .float(number.doubleValue)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONTree.init))
        case .object(let members): self = .object(members.mapValues(JSONTree.init))
        }
    }

    /// The tree of a `JSONSerialization` object or of a mapping's tree, `nil` for anything else.
    init?(foundation value: Any) {
        switch value {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        // What `JSONReader` gives a mapping's tree (numbers as written, Swift booleans).
        case let number as JSONNumber: self = number.isWholeLiteral ? .integer(number.text) : .float(number.doubleValue)
        case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
        case let number as NSNumber:
            // `JSONSerialization` hands booleans over as NSNumber too.
            let kind = String(cString: number.objCType)
            if kind == "c" || kind == "B" {
                self = .bool(number.boolValue)
            } else if kind == "d" || kind == "f" {
                self = .float(number.doubleValue)
            } else {
                self = .integer(number.description)
            }
        case let array as [Any]:
            var items: [JSONTree] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let tree = JSONTree(foundation: item) else { return nil }
                items.append(tree)
            }
            self = .array(items)
        case let object as [String: Any]:
            var members: [String: JSONTree] = [:]
            for (key, item) in object {
                guard let tree = JSONTree(foundation: item) else { return nil }
                members[key] = tree
            }
            self = .object(members)
        default: return nil
        }
    }

    /// How many values the tree holds, itself included (the denominator of a JSON distance).
    var nodeCount: Int {
        switch self {
        case .array(let items): return 1 + items.reduce(0) { $0 + $1.nodeCount }
        case .object(let members): return 1 + members.values.reduce(0) { $0 + $1.nodeCount }
        default: return 1
        }
    }

    /// The value as compact JSON text (keys sorted), as the near-miss report prints it.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let digits): return digits
        case .float(let value): return String(value)
        case .string(let value):
            let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { JSONTree.string($0.key).text + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }
}
