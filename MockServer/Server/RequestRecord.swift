/// One finished request in the server's journal (`GET /__admin/requests`, `MockServer.requests`).
///
/// Admin calls are not recorded. A request is recorded when it ends, whichever way it ends:
/// a stalled request appears once its client leaves (or the server stops).
public struct RequestRecord: Sendable, Hashable, Codable {
    /// HTTP method, e.g. `GET`.
    public let method: String
    /// The path without the query, e.g. `/images/1.png`.
    public let path: String
    /// The query as received, decoded, `key=value` pairs joined by `&` (empty when none).
    public let query: String
    /// The status sent, or 0 when none was (`reset`, or the client left before the answer).
    public let status: Int
    /// Body bytes handed to the socket.
    public let bytes: Int
    /// Milliseconds from the request's arrival to its end.
    public let ms: Int
    /// The fault parameters applied, comma separated (`delay=500,drip=20000`), or empty.
    public let fault: String
    /// Identifier of the TCP connection that carried the request; equal ids mean a reused connection.
    public let connection: Int
    /// Milliseconds from the server's start to the request's arrival (for in-flight analysis).
    public let started: Int
    /// How the request ended: `ok`, `client-closed`, `error`, `timeout`, `shutdown`, or `reset`.
    public let outcome: String

    /// Creates a record; the server makes these, tests and tools may too.
    public init(
        method: String, path: String, query: String, status: Int, bytes: Int, ms: Int,
        fault: String, connection: Int, started: Int, outcome: String
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.bytes = bytes
        self.ms = ms
        self.fault = fault
        self.connection = connection
        self.started = started
        self.outcome = outcome
    }

    /// Milliseconds from the server's start to the request's end.
    public var ended: Int { started + ms }
}

extension Sequence where Element == RequestRecord {
    /// The largest number of these requests that were in flight at the same moment.
    public var maximumInFlight: Int {
        var events: [(time: Int, delta: Int)] = []
        for record in self {
            events.append((record.started, 1))
            events.append((record.ended, -1))
        }
        // Ends sort before starts at the same millisecond: touching intervals do not overlap.
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
        var current = 0
        var maximum = 0
        for event in events {
            current += event.delta
            maximum = Swift.max(maximum, current)
        }
        return maximum
    }
}
