public import Foundation

/// One fault MockServer injects, with its value: the typed form of a query parameter.
///
/// Tests build URLs from these instead of writing query strings
/// (`server.url(.image(1), faults: [.delay(.milliseconds(500)), .drip(bytesPerSecond: 20_000)])`);
/// curl users keep the query string (`?delay=500&drip=20000`). The names, the values each
/// accepts, the order in which they apply and their help text live in ``Fault/Name``, the one
/// table that the server's parsing, its catalog, its journal, `mockserver --help` and the README
/// are all made from.
public enum Fault: Sendable, Hashable {
    /// Close the connection with a TCP RST, no response.
    case reset
    /// Wait this long before the status line (whole milliseconds; at most an hour).
    case delay(Duration)
    /// The first `failures` requests for this URL get a 500, then it works.
    case flaky(failures: Int)
    /// Answer with this status (200...599).
    case status(Int)
    /// Answer with this `Content-Type`.
    case contentType(String)
    /// The body is exactly this many bytes: the resource, then zero filler (or cut).
    case bytes(Int)
    /// Same length and type, image data no decoder accepts.
    case corrupt
    /// Invalid JSON (JSON endpoints only).
    case malformed
    /// An empty result (JSON endpoints only).
    case empty
    /// Full `Content-Length`, body cut after this many bytes, connection closed.
    case truncate(afterBytes: Int)
    /// Send this many body bytes, then nothing until the client leaves.
    case stallAfter(bytes: Int)
    /// Pace the body at this many bytes per second.
    case drip(bytesPerSecond: Int)
    /// Chunked transfer encoding, no `Content-Length`.
    case chunked

    /// The fault's entry in the table.
    public var name: Name {
        switch self {
        case .reset: .reset
        case .delay: .delay
        case .flaky: .flaky
        case .status: .status
        case .contentType: .type
        case .bytes: .bytes
        case .corrupt: .corrupt
        case .malformed: .malformed
        case .empty: .empty
        case .truncate: .truncate
        case .stallAfter: .stallAfter
        case .drip: .drip
        case .chunked: .chunked
        }
    }

    /// The query parameter's value, as the server reads it (`delay(.milliseconds(500))` → `500`).
    public var value: String {
        switch self {
        case .reset, .corrupt, .malformed, .empty, .chunked: return "1"
        case .delay(let duration):
            let (seconds, attoseconds) = duration.components
            return String(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        case .flaky(let count): return String(count)
        case .status(let code): return String(code)
        case .contentType(let type): return type
        case .bytes(let count), .truncate(let count), .stallAfter(let count): return String(count)
        case .drip(let rate): return String(rate)
        }
    }

    /// The fault as a query item (`stall_after=1000`).
    public var queryItem: URLQueryItem {
        URLQueryItem(name: name.rawValue, value: value)
    }
}
