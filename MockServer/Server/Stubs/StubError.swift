import Foundation

/// Why a stub mapping was refused: the field (as a path like `request.urlPathPattern`), what is
/// wrong with it, and the file it came from when it was read from a root directory.
///
/// The admin API answers it with a 422 in WireMock's error shape; `mockserver --root-dir` prints
/// ``description`` and exits with status 1.
public struct StubError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// Not JSON, a wrong type, or a value out of range.
        case invalid
        /// A WireMock field or value this server does not support (e.g. `bodyPatterns`).
        case unsupported
        /// Another stub already has this id.
        case duplicateID
        /// A file or folder of a root directory could not be read.
        case unreadable
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The field, dotted from the mapping's root (`request.urlPathPattern`); empty for the
    /// mapping as a whole.
    public let field: String
    /// Why, in one sentence.
    public let reason: String
    /// The mapping file, when the stub came from a root directory.
    public let file: String?

    /// An error about `field`.
    public init(_ kind: Kind, field: String, reason: String, file: String? = nil) {
        self.kind = kind
        self.field = field
        self.reason = reason
        self.file = file
    }

    /// The same error, said of `file`.
    func inFile(_ file: String) -> StubError {
        StubError(kind, field: field, reason: reason, file: file)
    }

    /// The same error one level down: `prefix.field` (for mappings inside `{"mappings": [...]}`).
    func under(_ prefix: String) -> StubError {
        StubError(kind, field: field.isEmpty ? prefix : "\(prefix).\(field)", reason: reason, file: file)
    }

    /// `field: reason` (and the file first, when known).
    public var description: String {
        let place = field.isEmpty ? reason : "\(field): \(reason)"
        guard let file else { return place }
        return "\(file): \(place)"
    }

    /// The field as a JSON pointer (`/request/urlPathPattern`), as WireMock's errors name it.
    public var pointer: String {
        let dotted = field.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "")
        return "/" + dotted.split(separator: ".").joined(separator: "/")
    }
}
