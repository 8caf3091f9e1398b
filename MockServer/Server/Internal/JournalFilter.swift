import Foundation

/// The filters of `GET /__admin/requests`, combinable (a record must pass each one given):
///
/// - `path=/images/1.png` is that path exactly; `path=/images/*` every path starting with
///   `/images/` (a `*` is only taken at the end);
/// - `outcome=client-closed` (or several, comma separated: `outcome=stalled,client-closed`);
/// - `since=N`, whole ms since the server started, or `since=2026-11-24T06:40:00Z` (ISO 8601,
///   fractional seconds allowed): requests that arrived then or later (``RequestRecord/started``).
///
/// A bad value is a ``ParameterError`` (a 400 naming the parameter); other parameters are ignored.
struct JournalFilter: Sendable {
    enum PathRule: Sendable, Hashable {
        case exact(String)
        case prefix(String)
    }

    var path: PathRule?
    var outcomes: Set<RequestOutcome>?
    /// Ms since the server's start.
    var since: Int?

    /// No filter: every record.
    init() {}

    /// Reads the filters of `query`; `serverStart` turns an ISO 8601 `since` into ms since start.
    init(_ query: QueryParameters, serverStart: Date) throws(ParameterError) {
        if let text = query.value("path") {
            let pattern = text.hasSuffix("*") ? String(text.dropLast()) : text
            guard pattern.hasPrefix("/"), !pattern.contains("*") else {
                throw ParameterError(
                    parameter: "path", error: "'\(text)' is not a path or a path prefix",
                    valid: "a path like /images/1.png, or a prefix ending in * like /images/*")
            }
            path = text.hasSuffix("*") ? .prefix(pattern) : .exact(pattern)
        }
        if let text = query.value("outcome") {
            var outcomes = Set<RequestOutcome>()
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let outcome = RequestOutcome(rawValue: String(name)) else {
                    throw ParameterError(
                        parameter: "outcome", error: "'\(name)' is not an outcome",
                        valid: RequestOutcome.allCases.map(\.rawValue).joined(separator: ", ") + " (comma separated)")
                }
                outcomes.insert(outcome)
            }
            self.outcomes = outcomes
        }
        if let text = query.value("since") {
            since = try Self.milliseconds(since: text, serverStart: serverStart)
        }
    }

    /// Whether `record` passes every filter given.
    func admits(_ record: RequestRecord) -> Bool {
        switch path {
        case .exact(let wanted)?: if record.path != wanted { return false }
        case .prefix(let prefix)?: if !record.path.hasPrefix(prefix) { return false }
        case nil: break
        }
        if let outcomes, !outcomes.contains(record.outcome) { return false }
        if let since, record.started < since { return false }
        return true
    }

    private static func milliseconds(since text: String, serverStart: Date) throws(ParameterError) -> Int {
        if !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(text) {
            return number
        }
        let formatter = ISO8601DateFormatter()
        var date = formatter.date(from: text)
        if date == nil {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            date = formatter.date(from: text)
        }
        guard let date else {
            throw ParameterError(
                parameter: "since", error: "'\(text)' is neither whole milliseconds nor an ISO 8601 date",
                valid: "ms since the server started (e.g. 1500), or an ISO 8601 date like 2026-11-24T06:40:00Z")
        }
        // Rounded down: a request that arrived in the same millisecond as the date passes.
        return Int((date.timeIntervalSince(serverStart) * 1000).rounded(.down))
    }
}
