public import Foundation

/// One finished request in the server's journal (`GET /__admin/requests`, `MockServer.requests`).
///
/// Admin calls are not recorded. A request is recorded when it ends, whichever way it ends:
/// a stalled request appears once its client leaves (or the server stops).
///
/// Besides what happened on the wire, a record holds the request itself: its headers in
/// arrival order, the first ``bodyLimit`` bytes of its body, and the stub that answered it.
/// The journal keeps the bodies of its newest records only, up to a byte budget
/// (``MockServer/Configuration/journalBodyBudget``); older ones lose their body
/// (``bodyDropped``), never their other fields.
///
/// In JSON the body is `"body"`, a string, when the bytes kept are valid UTF-8, else
/// `"bodyBase64"`; `"bodySize"`, `"bodyTruncated"` and `"bodyDropped"` say how much is there.
public struct RequestRecord: Sendable, Hashable {
    /// The most body bytes a record keeps (64 KB); the rest is counted in ``bodySize``.
    public static let bodyLimit = 64 * 1024

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
    /// How the request ended.
    public let outcome: RequestOutcome
    /// The request's headers as they arrived, in order, repeated names kept.
    public let headers: [Header]
    /// The first ``bodyLimit`` bytes of the request body (empty once ``bodyDropped``).
    public internal(set) var body: Data
    /// The request body's full size in bytes, whatever was kept.
    public let bodySize: Int
    /// The journal dropped this body to stay within its byte budget (newer records kept theirs).
    public internal(set) var bodyDropped: Bool
    /// The id of the stub that answered (its ``StubID``, lowercase), or `nil` when none did (the
    /// built-in catalog, a 404).
    public let stub: String?
    /// The ids (``FaultRule/id``, lowercase) of the fault rules that applied, in the order they
    /// were added; empty when none did.
    public let faultRules: [String]
    /// The upstream URL the request was proxied to (a stub's `proxyBaseUrl` or `--proxy-all`),
    /// or `nil` when it was answered here.
    public let proxiedTo: String?

    /// Creates a record; the server makes these, tests and tools may too. `bodySize` defaults
    /// to the size of `body`.
    public init(
        method: String, path: String, query: String, status: Int, bytes: Int, ms: Int,
        fault: String, connection: Int, started: Int, outcome: RequestOutcome,
        headers: [Header] = [], body: Data = Data(), bodySize: Int? = nil, bodyDropped: Bool = false, stub: String? = nil,
        faultRules: [String] = [], proxiedTo: String? = nil
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
        self.headers = headers
        self.body = body
        self.bodySize = max(bodySize ?? body.count, body.count)
        self.bodyDropped = bodyDropped
        self.stub = stub
        self.faultRules = faultRules
        self.proxiedTo = proxiedTo
    }

    /// Milliseconds from the server's start to the request's end.
    public var ended: Int { started + ms }

    /// Whether ``body`` holds less than the request sent because of the 64 KB cap.
    public var bodyTruncated: Bool { !bodyDropped && body.count < bodySize }

    /// The body kept, as text, when it is valid UTF-8.
    public var bodyText: String? { String(validating: body, as: UTF8.self) }

    /// The first value of the header `name` (compared case-insensitively), or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The query's `name=value` pairs in order (a bare `name` has an empty value). Split from
    /// ``query``, so a decoded value holding `&` or `=` reads back split.
    public var queryItems: [(name: String, value: String)] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (String(pair), "") }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }
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
