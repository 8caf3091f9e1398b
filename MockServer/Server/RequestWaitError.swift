/// Why ``MockServer/waitForRequest(matching:timeout:)`` returned no request.
public enum RequestWaitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No journalled request matched within the timeout. `arrived` is the journal then, oldest
    /// first.
    case timedOut(waitingFor: String, timeout: Duration, arrived: [RequestRecord])
    /// The waiting task was cancelled.
    case cancelled(waitingFor: String)
    /// The server stopped before a request matched. `arrived` is the journal then.
    case serverStopped(waitingFor: String, arrived: [RequestRecord])

    /// How many of the requests that arrived the description lists (the newest).
    static let listed = 10

    /// A sentence naming what was waited for and what arrived instead.
    public var description: String {
        switch self {
        case .timedOut(let what, let timeout, let arrived):
            return "no request matching \(what) within \(Self.milliseconds(timeout)) ms; \(Self.summary(arrived))"
        case .cancelled(let what):
            return "cancelled while waiting for a request matching \(what)"
        case .serverStopped(let what, let arrived):
            return "the server stopped while waiting for a request matching \(what); \(Self.summary(arrived))"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// `3 arrived: GET /a?x=1 → 200 ok, …` (the newest ``listed``).
    private static func summary(_ arrived: [RequestRecord]) -> String {
        guard !arrived.isEmpty else { return "no request arrived" }
        let shown = arrived.suffix(listed).map { record in
            let target = record.path + (record.query.isEmpty ? "" : "?" + record.query)
            return "\(record.method) \(target) → \(record.status) \(record.outcome.rawValue)"
        }
        let more = arrived.count > listed ? " (the newest \(listed))" : ""
        return "\(arrived.count) arrived\(more): " + shown.joined(separator: ", ")
    }
}
