/// The kind of a JSON value, read with `JSONDecoder` after a failed decode to say what was found
/// where something else was expected ("expected a string, found a number").
///
/// The whole tree is kept so that a `DecodingError`'s coding path can be followed to the value.
indirect enum JSONShape: Decodable {
    case null
    case bool
    case number
    case string
    case array([JSONShape])
    case object([String: JSONShape])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if (try? container.decode(Bool.self)) != nil {
            self = .bool
        } else if (try? container.decode(String.self)) != nil {
            self = .string
        } else if (try? container.decode(Double.self)) != nil {
            self = .number
        } else if let array = try? container.decode([JSONShape].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONShape].self))
        }
    }

    /// The value at `codingPath`, or `nil` when the path leads nowhere.
    func value(at codingPath: [any CodingKey]) -> JSONShape? {
        var current = self
        for key in codingPath {
            switch current {
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                current = member
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return current
    }

    /// `a string`, `a number`, `null`…, for reasons.
    var article: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
