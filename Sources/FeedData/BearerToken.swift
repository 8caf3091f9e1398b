public import Foundation

/// The secret a ``TwitterClient`` sends as `Authorization: Bearer …`.
///
/// The value is held privately and never printed: `description`, `debugDescription` and the
/// mirror (what `dump` and the debugger show) all read `BearerToken(<redacted>)`, and no
/// ``TokenError`` contains it. Only the request header sees it.
public struct BearerToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The environment variable read first by ``resolve(environment:file:)``.
    public static let environmentVariable = "TWITTER_BEARER_TOKEN"

    /// Largest token file read (a token is a few hundred bytes).
    static let maxFileBytes = 64 * 1024

    private let value: String

    /// A token from its text.
    ///
    /// - Throws: ``TokenError/empty(source:)`` for an empty or whitespace-only value,
    ///   ``TokenError/invalid(source:)`` for one containing whitespace (a line break, a space
    ///   around or inside it) or a control character.
    public init(_ value: String) throws(TokenError) {
        try self.init(value, source: "the given value")
    }

    /// A token from `value`, naming `source` in an error.
    init(_ value: String, source: String) throws(TokenError) {
        if value.allSatisfy(\.isWhitespace) { throw .empty(source: source) }
        // A header value cannot carry a line break; a token never has spaces or control characters.
        let forbidden = value.unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        }
        if forbidden { throw .invalid(source: source) }
        self.value = value
    }

    /// The token from `TWITTER_BEARER_TOKEN` when it is set and not blank, else from `file`
    /// (its contents trimmed of whitespace and line breaks).
    ///
    /// - Throws: ``TokenError/missing`` when neither source is there, ``TokenError/unreadableFile(path:reason:)``,
    ///   ``TokenError/empty(source:)`` or ``TokenError/invalid(source:)``.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment, file: URL?
    ) throws(TokenError) -> BearerToken {
        let variable = environment[environmentVariable]
        if let variable, !variable.isEmpty {
            let trimmed = variable.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return try BearerToken(trimmed, source: environmentVariable) }
        }
        guard let file else {
            if variable?.isEmpty == false { throw .empty(source: environmentVariable) }
            throw .missing
        }
        let text = try contents(of: file)
        return try BearerToken(text.trimmingCharacters(in: .whitespacesAndNewlines), source: file.path)
    }

    /// The text of the token file, at most ``maxFileBytes`` bytes of UTF-8.
    private static func contents(of file: URL) throws(TokenError) -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
        } catch {
            throw .unreadableFile(path: file.path, reason: readableReason(error, file: file))
        }
        if data.count > maxFileBytes {
            throw .unreadableFile(path: file.path, reason: "larger than \(maxFileBytes) bytes, not a token file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableFile(path: file.path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Why `file` could not be read, in a few words (never its contents).
    private static func readableReason(_ error: any Error, file: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: file.path) { return "permission denied" }
        if let error = error as? CocoaError { return "error \(error.code.rawValue)" }
        return String(describing: type(of: error))
    }

    /// The `Authorization` header's value: `Bearer <token>`.
    var authorizationHeaderValue: String { "Bearer " + value }

    /// `BearerToken(<redacted>)`.
    public var description: String { "BearerToken(<redacted>)" }

    /// `BearerToken(<redacted>)`.
    public var debugDescription: String { "BearerToken(<redacted>)" }

    /// A mirror without children, so `dump` and debuggers show only the type.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
