/// The fault table: one row per fault, named by its query parameter.
///
/// A row gives everything about a fault but the code that applies it: its name (the case's raw
/// value), the kind of value it takes with its range, the stage in which it acts, its help text,
/// an example, the journal outcome it produces (when it has one of its own), and how its query
/// value becomes the typed ``Fault``. `Fault.Name.allCases` is in the order the faults apply.
/// Query parsing and its 400s, the journal's fault summary, `GET /__admin/catalog` (and so the
/// dashboard's fault builder), `mockserver --help` and the fault table in docs/FAULTS.md are all made
/// from it. Adding a fault: a case of ``Fault``, a case here with its row, the code that applies
/// it in its stage, and a test.
extension Fault {
    /// A fault's entry in the table, named by its query parameter.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// `reset=1`: a TCP RST instead of an answer.
        case reset
        /// `delay=MS`: wait before the status line.
        case delay
        /// `flaky=K`: the first K requests for a URL fail.
        case flaky
        /// `fail_rate=P`: each request fails with probability P.
        case failRate = "fail_rate"
        /// `seed=N`: which `fail_rate` sequence.
        case seed
        /// `redirect=N`: a chain of N redirects.
        case redirect
        /// `redirect_loop=1`: a redirect loop.
        case redirectLoop = "redirect_loop"
        /// `location=FORM`: how redirects write `Location`.
        case location
        /// `status=CODE`: answer with that status.
        case status
        /// `empty_reply=1`: the connection closes without a byte.
        case emptyReply = "empty_reply"
        /// `garbage=1`: random bytes that are no HTTP, then the connection closes.
        case garbage
        /// `bad_chunk=1`: a chunked answer whose chunk framing is invalid.
        case badChunk = "bad_chunk"
        /// `type=MIME`: answer with that `Content-Type`.
        case type
        /// `bytes=N`: a body of exactly N bytes.
        case bytes
        /// `corrupt=1`: undecodable image data.
        case corrupt
        /// `malformed=1`: invalid JSON.
        case malformed
        /// `empty=1`: an empty JSON result.
        case empty
        /// `cache=VALUE`: `Cache-Control: VALUE` instead of `no-store`.
        case cache
        /// `conditional=1`: validators and 304s.
        case conditional
        /// `ranges=1`: byte ranges (206, 416).
        case ranges
        /// `truncate=N`: the body cut after N bytes.
        case truncate
        /// `stall_after=N`: N bytes, then silence.
        case stallAfter = "stall_after"
        /// `drip=RATE`: a paced body.
        case drip
        /// `chunked=1`: chunked transfer encoding.
        case chunked

        /// Largest accepted `delay`, in ms (one hour).
        static let maximumDelay = 3_600_000
        /// Largest accepted byte count for `bytes`, `truncate`, `stall_after` (10 GB).
        static let maximumBytes = 10_000_000_000
        /// Longest accepted redirect chain.
        static let maximumRedirects = 100
        /// Largest accepted `seed` (2^32 − 1).
        static let maximumSeed = 4_294_967_295

        /// The fault's row of the table.
        var row: Row {
            switch self {
            case .reset:
                .flag(.reset, .connection, outcome: .reset,
                    "close the connection with a TCP RST, no response",
                    example: "/images/1.png?reset=1")
            case .delay:
                .integer(0...Self.maximumDelay, unit: "ms", .beforeAnswer,
                    "wait this long before the status line",
                    example: "/images/1.png?delay=2000") { .delay(.milliseconds($0)) }
            case .flaky:
                .integer(0...1_000_000, .status,
                    "the first K requests for this exact URL (path + query) get a 500, then it works; 10,000 URLs are counted at most, the least recently requested forgotten first (it then fails K times again); POST /__admin/reset starts the count over",
                    example: "/images/1.png?flaky=2") { .flaky(failures: $0) }
            case .failRate:
                .probability(.status,
                    "each request for this exact URL fails (500) with probability P, in a sequence fixed by seed: the same seed, the same requests fail in every run; counted like flaky and started over by POST /__admin/reset",
                    example: "/images/1.png?fail_rate=0.3&seed=7") { .failRate($0) }
            case .seed:
                .integer(0...Self.maximumSeed, .status,
                    "picks the fail_rate sequence (default 0); without fail_rate it does nothing",
                    example: "/images/1.png?fail_rate=0.5&seed=42") { .seed($0) }
            case .redirect:
                .integer(0...Self.maximumRedirects, .status,
                    "a chain of N 302 redirects: each to the same URL with redirect=N-1, and redirect=0 answers normally (faults before redirect apply to every hop)",
                    example: "/images/1.png?redirect=3") { .redirect(hops: $0) }
            case .redirectLoop:
                .integer(0...2, .status,
                    "a 302 redirect loop: redirect_loop=1 sends to the same URL with redirect_loop=2, which sends back (0 = off)",
                    example: "/images/1.png?redirect_loop=1") { .redirectLoop(end: $0) }
            case .location:
                .text(.choice(Fault.LocationForm.allCases.map(\.rawValue)), .status,
                    "how redirects write Location: absolute (http://host/path?query, the default), path (/path?query) or relative (last-segment?query)",
                    example: "/images/1.png?redirect=2&location=relative") { .location(Fault.LocationForm(rawValue: $0) ?? .absolute) }
            case .status:
                .integer(200...599, .status,
                    "answer with that status (2xx keeps the resource; 429 adds x-rate-limit-reset, epoch seconds of server time + 60)",
                    example: "/images/1.png?status=503") { .status($0) }
            case .emptyReply:
                .flag(.emptyReply, .status, outcome: .emptyReply,
                    "close the connection without sending a byte, after any delay (curl 52)",
                    example: "/images/1.png?empty_reply=1")
            case .garbage:
                .flag(.garbage, .status, outcome: .garbage,
                    "send random bytes that are no HTTP, then close the connection (curl 1 or 8)",
                    example: "/images/1.png?garbage=1")
            case .badChunk:
                .flag(.badChunk, .status, outcome: .badChunk,
                    "a 200 with chunked transfer encoding whose first chunk has an invalid size line, then close (curl 56)",
                    example: "/images/1.png?bad_chunk=1")
            case .type:
                .text(.mediaType, .body,
                    "answer with that Content-Type",
                    example: "/images/1.png?type=text/html") { .contentType($0) }
            case .bytes:
                .integer(0...Self.maximumBytes, .body,
                    "the body is exactly N bytes: the resource, then zero filler (or cut at N)",
                    example: "/images/1.png?bytes=30000000") { .bytes($0) }
            case .corrupt:
                .flag(.corrupt, .body,
                    "same length and type; the image data is damaged so no standard decoder accepts it (the header still probes)",
                    example: "/images/1.png?corrupt=1")
            case .malformed:
                .flag(.malformed, .body,
                    "invalid JSON (JSON endpoints only, elsewhere a 400)",
                    example: "/gallery.json?malformed=1")
            case .empty:
                .flag(.empty, .body,
                    "an empty result (JSON endpoints only, elsewhere a 400)",
                    example: "/gallery.json?empty=1")
            case .cache:
                .text(.cacheControl, .body,
                    "Cache-Control: VALUE instead of no-store (which every answer carries otherwise, so no cache masks a fault)",
                    example: "/images/1.png?cache=max-age=60") { .cacheControl($0) }
            case .conditional:
                .flag(.conditional, .body,
                    "2xx answers carry a strong ETag (a digest of the body as sent) and Last-Modified; a matching If-None-Match (weak comparison, it wins over If-Modified-Since) or an If-Modified-Since not older than Last-Modified gets a 304 with no body",
                    example: "/images/1.png?conditional=1")
            case .ranges:
                .flag(.ranges, .body,
                    "2xx answers carry Accept-Ranges: bytes and ETag; one range (a-b, a-, -n) gets a 206 with Content-Range, an unsatisfiable one a 416 with Content-Range: bytes */N, several ranges the whole 200; If-Range with another ETag or date gets the whole 200; wire faults apply to the part sent",
                    example: "/images/1.png?ranges=1&stall_after=100000")
            case .truncate:
                .integer(0...Self.maximumBytes, .wire, outcome: .truncated,
                    "full Content-Length, body cut after N bytes, connection closed",
                    example: "/images/1.png?truncate=1000") { .truncate(afterBytes: $0) }
            case .stallAfter:
                .integer(0...Self.maximumBytes, .wire, outcome: .stalled,
                    "send N body bytes, then nothing until the client leaves",
                    example: "/images/1.png?stall_after=1000") { .stallAfter(bytes: $0) }
            case .drip:
                .integer(0...1_000_000_000, unit: "bytes/s", .wire,
                    "pace the body in steps of at most 100 ms (0 = unpaced)",
                    example: "/images/1.png?drip=100000") { .drip(bytesPerSecond: $0) }
            case .chunked:
                .flag(.chunked, .wire,
                    "chunked transfer encoding, no Content-Length (size limits must be enforced while streaming); HEAD gets the Content-Length instead",
                    example: "/images/1.png?bytes=30000000&chunked=1")
            }
        }
    }
}
