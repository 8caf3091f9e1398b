public import Foundation

/// Which journalled request ``MockServer/waitForRequest(matching:timeout:)`` waits for: a
/// predicate with a readable description, which the timeout error repeats.
///
/// ```swift
/// let upload = try await server.waitForRequest(
///     matching: .method("POST") && .path("/api/upload") && .header("Content-Type", "application/json"),
///     timeout: .seconds(2))
/// ```
///
/// The predicate runs on the server's thread as each request is journalled (and on the waiting
/// task over the records already there): keep it quick, and do not call the server from it.
public struct RequestMatcher: Sendable, CustomStringConvertible {
    /// What is waited for, e.g. `method POST and path /api/upload`.
    public let description: String
    private let predicate: @Sendable (RequestRecord) -> Bool

    /// A matcher from any predicate; `description` names it in errors.
    public init(_ description: String, where predicate: @escaping @Sendable (RequestRecord) -> Bool) {
        self.description = description
        self.predicate = predicate
    }

    /// Whether `record` is one of those waited for.
    public func matches(_ record: RequestRecord) -> Bool { predicate(record) }

    /// Any request.
    public static let any = RequestMatcher("any request") { _ in true }

    /// This method, e.g. `POST` (exact, as HTTP methods are case-sensitive).
    public static func method(_ method: String) -> RequestMatcher {
        RequestMatcher("method \(method)") { $0.method == method }
    }

    /// This path exactly, without the query (`/images/1.png`).
    public static func path(_ path: String) -> RequestMatcher {
        RequestMatcher("path \(path)") { $0.path == path }
    }

    /// A path that starts with `prefix` (`/images/`).
    public static func pathPrefix(_ prefix: String) -> RequestMatcher {
        RequestMatcher("path \(prefix)*") { $0.path.hasPrefix(prefix) }
    }

    /// A query item `name` (decoded), with this value when `value` is given.
    public static func query(_ name: String, _ value: String? = nil) -> RequestMatcher {
        RequestMatcher("query \(name)\(value.map { "=\($0)" } ?? "")") { record in
            record.queryItems.contains { $0.name == name && (value == nil || $0.value == value) }
        }
    }

    /// A header `name` (case-insensitive), with this exact value when `value` is given (any of
    /// its repeats may match).
    public static func header(_ name: String, _ value: String? = nil) -> RequestMatcher {
        RequestMatcher("header \(name)\(value.map { ": \($0)" } ?? "")") { record in
            record.headers.contains {
                $0.name.caseInsensitiveCompare(name) == .orderedSame && (value == nil || $0.value == value)
            }
        }
    }

    /// A request body (the 64 KB kept) that contains `text` as UTF-8.
    public static func bodyContains(_ text: String) -> RequestMatcher {
        RequestMatcher("body containing \"\(text)\"") { record in
            text.isEmpty || record.body.range(of: Data(text.utf8)) != nil
        }
    }

    /// A request that ended this way.
    public static func outcome(_ outcome: RequestOutcome) -> RequestMatcher {
        RequestMatcher("outcome \(outcome.rawValue)") { $0.outcome == outcome }
    }

    /// A request answered with this status.
    public static func status(_ status: Int) -> RequestMatcher {
        RequestMatcher("status \(status)") { $0.status == status }
    }

    /// A request the stub with this id answered (as ``RequestRecord/stub`` spells it).
    public static func stub(_ id: String) -> RequestMatcher {
        RequestMatcher("stub \(id)") { $0.stub == id }
    }

    /// A request the stub with this id answered.
    public static func stub(_ id: StubID) -> RequestMatcher {
        stub(id.uuidString.lowercased())
    }

    /// A request a stub answered, whichever.
    public static let anyStub = RequestMatcher("any stub") { $0.stub != nil }

    /// Both matchers.
    public static func && (lhs: RequestMatcher, rhs: RequestMatcher) -> RequestMatcher {
        RequestMatcher("\(lhs.description) and \(rhs.description)") { lhs.matches($0) && rhs.matches($0) }
    }
}
