import Foundation

/// The conditional headers of a GET or HEAD (`If-None-Match`, `If-Modified-Since`) judged against
/// the representation's validators, as RFC 9110 §13.2.2 orders them.
struct ConditionalRequest: Sendable, Equatable {
    /// The raw `If-None-Match` value, if any.
    var ifNoneMatch: String?
    /// The raw `If-Modified-Since` value, if any.
    var ifModifiedSince: String?

    /// What the request gets.
    enum Outcome: Sendable, Equatable {
        /// 304 Not Modified, no body: the client's copy is current.
        case notModified
        /// The normal answer.
        case proceed
    }

    /// - `If-None-Match` (when it parses) decides alone, with the weak comparison: any listed tag
    ///   with the same opaque value, or `*`, is a 304; `If-Modified-Since` is then ignored.
    /// - Otherwise a valid `If-Modified-Since` date not older than `lastModified` is a 304.
    /// - An unparseable `If-None-Match` or `If-Modified-Since` is ignored, as if absent.
    /// Call it only for an answer that would be a 2xx (preconditions do not apply to others).
    func evaluate(etag: EntityTag, lastModified: Date) -> Outcome {
        if let ifNoneMatch {
            switch EntityTag.list(ifNoneMatch) {
            case .any:
                return .notModified
            case .tags(let tags):
                return tags.contains { $0.weakMatches(etag) } ? .notModified : .proceed
            case .invalid:
                break
            }
        }
        if let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince),
            HTTPDate.wholeSeconds(lastModified) <= since
        {
            return .notModified
        }
        return .proceed
    }

    /// Whether an `If-Range` value lets a `Range` header apply (RFC 9110 §13.1.5): a strong tag
    /// equal to `etag`, or a date exactly equal to `lastModified`. A weak tag, another tag, another
    /// date or an unparseable value means the whole representation is sent. No `If-Range`: it does.
    static func ifRangeHolds(_ value: String?, etag: EntityTag, lastModified: Date) -> Bool {
        guard let value else { return true }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("\"") || trimmed.hasPrefix("W/") {
            guard let tag = EntityTag(parsing: Substring(trimmed)) else { return false }
            return tag.strongMatches(etag)
        }
        guard let date = HTTPDate.parse(trimmed) else { return false }
        return date == HTTPDate.wholeSeconds(lastModified)
    }
}
