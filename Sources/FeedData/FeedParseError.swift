/// Why a Twitter answer could not be read: the JSON path that failed and what was wrong there.
///
/// `path` uses JSON notation from the root, e.g. `$.statuses[3].user.id_str`; `$` is the whole
/// body (not JSON at all, or cut short).
public struct FeedParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the body the problem is, e.g. `$.data[0].created_at`.
    public let path: String
    /// What is wrong there, in one sentence.
    public let reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
