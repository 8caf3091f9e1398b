public import Foundation

/// One fault MockServer injects, with its value: the typed form of a query parameter.
///
/// Tests build URLs from these instead of writing query strings
/// (`server.url(.image(1), faults: [.delay(.milliseconds(500)), .drip(bytesPerSecond: 20_000)])`);
/// curl users write the query string (`?fault.delay=500&fault.drip=20000` anywhere, or
/// `?delay=500&drip=20000` on the built-in catalog's routes). The names, the values each
/// accepts, the order in which they apply and their help text live in ``Fault/Name``, the one
/// table that the server's parsing, its catalog, its journal, `mockserver --help` and docs/FAULTS.md
/// are all made from.
public enum Fault: Sendable, Hashable {
    /// Close the connection with a TCP RST, no response.
    case reset
    /// Wait this long before the status line (whole milliseconds; at most an hour).
    case delay(Duration)
    /// The first `failures` requests for this URL get a 500, then it works.
    case flaky(failures: Int)
    /// Each request for this URL fails (500) with this probability (0...1), in a sequence fixed
    /// by ``seed(_:)``.
    case failRate(Double)
    /// The seed of the `failRate` sequence (default 0): the same seed, the same failures.
    case seed(Int)
    /// A chain of this many 302 redirects to the same URL, counting down, before the answer.
    case redirect(hops: Int)
    /// One end of a 302 redirect loop between this URL and its twin (`redirect_loop=1` ⇄
    /// `redirect_loop=2`; 0 is off).
    case redirectLoop(end: Int)
    /// How a redirect's `Location` is written (default absolute).
    case location(LocationForm)
    /// Answer with this status (200...599).
    case status(Int)
    /// Close the connection without a byte.
    case emptyReply
    /// Random bytes that are no HTTP, then close.
    case garbage
    /// A chunked answer whose chunk framing is invalid, then close.
    case badChunk
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
    /// `Cache-Control` with this value instead of `no-store`.
    case cacheControl(String)
    /// A strong `ETag` and a `Last-Modified`, and 304 for a matching `If-None-Match` or
    /// `If-Modified-Since`.
    case conditional
    /// `Accept-Ranges: bytes`, and 206 / 416 for a `Range` request (`If-Range` honoured).
    case ranges

    /// How a redirect's `Location` header is written.
    public enum LocationForm: String, Sendable, Hashable, CaseIterable {
        /// `http://host:port/images/1.png?redirect=1`
        case absolute
        /// `/images/1.png?redirect=1`
        case path
        /// `1.png?redirect=1`, relative to the request's directory
        case relative
    }

    /// A redirect loop, starting at its first end (`redirect_loop=1`).
    public static var redirectLoop: Fault { .redirectLoop(end: 1) }

    /// The fault's entry in the table.
    public var name: Name { parts.name }

    /// The query parameter's value, as the server reads it (`delay(.milliseconds(500))` → `500`).
    public var value: String { parts.value }

    /// The fault's table entry and query value: one arm per fault.
    private var parts: (name: Name, value: String) {
        switch self {
        case .reset: (.reset, "1")
        case .delay(let duration): (.delay, String(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
        case .flaky(let count): (.flaky, String(count))
        case .failRate(let rate): (.failRate, Fault.decimal(rate))
        case .seed(let seed): (.seed, String(seed))
        case .redirect(let hops): (.redirect, String(hops))
        case .redirectLoop(let end): (.redirectLoop, String(end))
        case .location(let form): (.location, form.rawValue)
        case .status(let code): (.status, String(code))
        case .emptyReply: (.emptyReply, "1")
        case .garbage: (.garbage, "1")
        case .badChunk: (.badChunk, "1")
        case .contentType(let type): (.type, type)
        case .bytes(let count): (.bytes, String(count))
        case .corrupt: (.corrupt, "1")
        case .malformed: (.malformed, "1")
        case .empty: (.empty, "1")
        case .truncate(let count): (.truncate, String(count))
        case .stallAfter(let count): (.stallAfter, String(count))
        case .drip(let rate): (.drip, String(rate))
        case .chunked: (.chunked, "1")
        case .cacheControl(let value): (.cache, value)
        case .conditional: (.conditional, "1")
        case .ranges: (.ranges, "1")
        }
    }

    /// A probability as the server reads it: plain decimal digits, no exponent (`0.000001`, `1`).
    static func decimal(_ rate: Double) -> String {
        let clamped = min(1, max(0, rate.isNaN ? 0 : rate))
        var text = String(format: "%.6f", clamped)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The fault as a query item by its bare name (`stall_after=1000`): a fault on the built-in
    /// catalog's routes only; on a path a stub answers, bare parameters are the app's.
    public var queryItem: URLQueryItem {
        URLQueryItem(name: name.rawValue, value: value)
    }

    /// The fault as a query item with the `fault.` prefix (`fault.stall_after=1000`): a fault on
    /// any path, the catalog's and the stubs' alike.
    public var prefixedQueryItem: URLQueryItem {
        URLQueryItem(name: RequestFaults.prefix + name.rawValue, value: value)
    }
}
