import Foundation

/// Why a posted page event was refused (answered with 400 and logged; nothing changes).
public enum PageEventError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is not a JSON object.
    case notJSON
    /// The body is longer than ``PageEvent/maxBodyBytes``.
    case tooLarge(bytes: Int)
    /// A field the event needs is missing (or `null`).
    case missingField(String)
    /// A field holds the wrong kind of value.
    case wrongKind(field: String, expected: String)
    /// A field's value is outside what the event accepts.
    case outOfRange(field: String, expected: String)
    /// `type` names no event.
    case unknownType(String)

    /// One English sentence for the 400's body and the log.
    public var description: String {
        switch self {
        case .notJSON: "the body is not a JSON object"
        case .tooLarge(let bytes): "the body is \(bytes) bytes; an event is at most \(PageEvent.maxBodyBytes)"
        case .missingField(let field): "the event has no '\(field)'"
        case .wrongKind(let field, let expected): "'\(field)' must be \(expected)"
        case .outOfRange(let field, let expected): "'\(field)' must be \(expected)"
        case .unknownType(let type): "there is no event of type '\(type)'"
        }
    }

    /// The error JSONDecoder reported, in the page's terms.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, _):
            self = .missingField(key.stringValue)
        case .valueNotFound(_, let context):
            self = .missingField(context.codingPath.last?.stringValue ?? "?")
        case .typeMismatch(let type, let context):
            guard let field = context.codingPath.last?.stringValue else {
                self = .notJSON
                return
            }
            self = .wrongKind(field: field, expected: Self.kind(of: type))
        case .dataCorrupted(let context):
            guard let field = context.codingPath.last?.stringValue else {
                self = .notJSON
                return
            }
            self = .wrongKind(field: field, expected: "a whole number")
        @unknown default:
            self = .notJSON
        }
    }

    private static func kind(of type: Any.Type) -> String {
        if type == Bool.self { return "true or false" }
        if type == Int.self { return "a whole number" }
        if type == Double.self { return "a number" }
        if type == String.self { return "a string" }
        return "a value of another kind"
    }
}
