/// How a journalled request ended (``RequestRecord/outcome``). The raw value is the string the
/// journal's JSON carries (`GET /__admin/requests`) and the log line shows.
///
/// Adding an outcome is one line: a case with its wire string. Decoding a string that is not a
/// case here (a journal written by a newer server) throws a `DecodingError.dataCorrupted` that
/// names the string and the known ones; it never traps.
public enum RequestOutcome: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// The answer was sent in full.
    case ok = "ok"
    /// The client closed the connection before the answer was complete.
    case clientClosed = "client-closed"
    /// libmicrohttpd ended the request with an error of its own (a failed write…).
    case error = "error"
    /// The connection went idle past the idle timeout and libmicrohttpd closed it.
    case timeout = "timeout"
    /// The server stopped (or went offline) while the request was in progress.
    case shutdown = "shutdown"
    /// `reset`: the connection was closed with a TCP RST, no response.
    case reset = "reset"
    /// `truncate`: the body was cut at its byte count and the connection closed.
    case truncated = "truncated"
    /// `stall_after`: the body stopped at its byte count and the request ended otherwise than by
    /// its client leaving or the server stopping (those record `client-closed` and `shutdown`).
    case stalled = "stalled"
    /// The connection was closed without a byte of answer (curl 52).
    case emptyReply = "empty-reply"
    /// Random bytes that are no HTTP, then the connection closed.
    case garbage = "garbage"
    /// A chunked answer whose chunk is malformed.
    case badChunk = "bad-chunk"

    /// Reads the wire string; an unknown one is a `DecodingError.dataCorrupted` naming it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let outcome = RequestOutcome(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown request outcome '\(text)' (known: \(known))")
        }
        self = outcome
    }

    /// The wire string.
    public var description: String { rawValue }
}
