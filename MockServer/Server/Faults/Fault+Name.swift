/// The fault table: every fault's query name, the values it accepts, when it applies and what
/// it does.
///
/// `Fault.Name.allCases` is in the order the faults apply. It is the only source for query
/// parsing and its 400s, the journal's fault summary, `GET /__admin/catalog`,
/// `mockserver --help` and the README's fault table (a test compares that table with
/// ``markdownTable`` word for word).
extension Fault {
    /// When, on a request's way through the server, a fault acts.
    public enum Stage: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Before anything else, instead of an answer (`reset`).
        case connection
        /// Before the status line (`delay`).
        case beforeAnswer
        /// Instead of the resource (`flaky`, `fail_rate`, `redirect`, `redirect_loop`, a non-2xx
        /// `status`).
        case status
        /// On the answer's body and headers (`type`, `bytes`, `corrupt`, `malformed`, `empty`,
        /// then `cache`, `conditional`, `ranges`, which see the shaped body).
        case body
        /// On the wire, while the body is sent (`truncate`, `stall_after`, `drip`, `chunked`).
        case wire

        /// Earlier stages sort first.
        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What a fault's query value may be.
    enum ValueKind: Sendable, Hashable {
        /// `1`/`true`/bare name is on, `0`/`false` is off.
        case flag
        /// A whole number in the range; `unit` is shown after it (`ms`, `bytes/s`).
        case integer(ClosedRange<Int>, unit: String?)
        /// A media type (`image/png`, `text/html; charset=utf-8`).
        case mediaType
        /// A probability: a decimal from 0 to 1 (`0.3`).
        case probability
        /// One of a few words.
        case choice([String])
        /// A `Cache-Control` value (printable ASCII, at most 255 characters).
        case cacheControl
    }

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

        /// The values the parameter accepts.
        var kind: ValueKind {
            switch self {
            case .reset, .corrupt, .malformed, .empty, .chunked, .conditional, .ranges, .emptyReply, .garbage, .badChunk: .flag
            case .delay: .integer(0...Self.maximumDelay, unit: "ms")
            case .flaky: .integer(0...1_000_000, unit: nil)
            case .failRate: .probability
            case .seed: .integer(0...Self.maximumSeed, unit: nil)
            case .redirect: .integer(0...Self.maximumRedirects, unit: nil)
            case .redirectLoop: .integer(0...2, unit: nil)
            case .location: .choice(Fault.LocationForm.allCases.map(\.rawValue))
            case .cache: .cacheControl
            case .status: .integer(200...599, unit: nil)
            case .type: .mediaType
            case .bytes, .truncate, .stallAfter: .integer(0...Self.maximumBytes, unit: nil)
            case .drip: .integer(0...1_000_000_000, unit: "bytes/s")
            }
        }

        /// When the fault acts.
        public var stage: Stage {
            switch self {
            case .reset: .connection
            case .delay: .beforeAnswer
            case .flaky, .failRate, .seed, .redirect, .redirectLoop, .location, .status, .emptyReply, .garbage, .badChunk: .status
            case .type, .bytes, .corrupt, .malformed, .empty, .cache, .conditional, .ranges: .body
            case .truncate, .stallAfter, .drip, .chunked: .wire
            }
        }

        /// The values it accepts, in words (`0...3600000 ms`, `1 or 0`).
        public var valid: String {
            switch kind {
            case .flag: "1 or 0"
            case .integer(let range, let unit): "\(range.lowerBound)...\(range.upperBound)" + (unit.map { " \($0)" } ?? "")
            case .mediaType: "a media type (printable ASCII, at most 255 characters)"
            case .probability: "0...1 (a decimal, e.g. 0.3)"
            case .choice(let words): words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
            case .cacheControl: "a Cache-Control value (printable ASCII, at most 255 characters)"
            }
        }

        /// What it does, in one sentence.
        public var help: String {
            switch self {
            case .reset: "close the connection with a TCP RST, no response"
            case .delay: "wait this long before the status line"
            case .flaky:
                "the first K requests for this exact URL (path + query) get a 500, then it works; 10,000 URLs are counted at most, the least recently requested forgotten first (it then fails K times again); POST /__admin/reset starts the count over"
            case .failRate:
                "each request for this exact URL fails (500) with probability P, in a sequence fixed by seed: the same seed, the same requests fail in every run; counted like flaky and started over by POST /__admin/reset"
            case .seed: "picks the fail_rate sequence (default 0); without fail_rate it does nothing"
            case .redirect:
                "a chain of N 302 redirects: each to the same URL with redirect=N-1, and redirect=0 answers normally (faults before redirect apply to every hop)"
            case .redirectLoop: "a 302 redirect loop: redirect_loop=1 sends to the same URL with redirect_loop=2, which sends back (0 = off)"
            case .location: "how redirects write Location: absolute (http://host/path?query, the default), path (/path?query) or relative (last-segment?query)"
            case .status: "answer with that status (2xx keeps the resource; 429 adds x-rate-limit-reset, epoch seconds of server time + 60)"
            case .emptyReply: "close the connection without sending a byte, after any delay (curl 52)"
            case .garbage: "send random bytes that are no HTTP, then close the connection (curl 1 or 8)"
            case .badChunk: "a 200 with chunked transfer encoding whose first chunk has an invalid size line, then close (curl 56)"
            case .type: "answer with that Content-Type"
            case .bytes: "the body is exactly N bytes: the resource, then zero filler (or cut at N)"
            case .corrupt: "same length and type; the image data is damaged so no standard decoder accepts it (the header still probes)"
            case .malformed: "invalid JSON (JSON endpoints only, elsewhere a 400)"
            case .empty: "an empty result (JSON endpoints only, elsewhere a 400)"
            case .truncate: "full Content-Length, body cut after N bytes, connection closed"
            case .stallAfter: "send N body bytes, then nothing until the client leaves"
            case .drip: "pace the body in steps of at most 100 ms (0 = unpaced)"
            case .chunked: "chunked transfer encoding, no Content-Length (size limits must be enforced while streaming); HEAD gets the Content-Length instead"
            case .cache: "Cache-Control: VALUE instead of no-store (which every answer carries otherwise, so no cache masks a fault)"
            case .conditional:
                "2xx answers carry a strong ETag (a digest of the body as sent) and Last-Modified; a matching If-None-Match (weak comparison, it wins over If-Modified-Since) or an If-Modified-Since not older than Last-Modified gets a 304 with no body"
            case .ranges:
                "2xx answers carry Accept-Ranges: bytes and ETag; one range (a-b, a-, -n) gets a 206 with Content-Range, an unsatisfiable one a 416 with Content-Range: bytes */N, several ranges the whole 200; If-Range with another ETag or date gets the whole 200; wire faults apply to the part sent"
            }
        }

        /// A path and query that shows the fault.
        public var example: String {
            switch self {
            case .reset: "/images/1.png?reset=1"
            case .delay: "/images/1.png?delay=2000"
            case .flaky: "/images/1.png?flaky=2"
            case .failRate: "/images/1.png?fail_rate=0.3&seed=7"
            case .seed: "/images/1.png?fail_rate=0.5&seed=42"
            case .redirect: "/images/1.png?redirect=3"
            case .redirectLoop: "/images/1.png?redirect_loop=1"
            case .location: "/images/1.png?redirect=2&location=relative"
            case .status: "/images/1.png?status=503"
            case .emptyReply: "/images/1.png?empty_reply=1"
            case .garbage: "/images/1.png?garbage=1"
            case .badChunk: "/images/1.png?bad_chunk=1"
            case .type: "/images/1.png?type=text/html"
            case .bytes: "/images/1.png?bytes=30000000"
            case .corrupt: "/images/1.png?corrupt=1"
            case .malformed: "/gallery.json?malformed=1"
            case .empty: "/gallery.json?empty=1"
            case .truncate: "/images/1.png?truncate=1000"
            case .stallAfter: "/images/1.png?stall_after=1000"
            case .drip: "/images/1.png?drip=100000"
            case .chunked: "/images/1.png?bytes=30000000&chunked=1"
            case .cache: "/images/1.png?cache=max-age=60"
            case .conditional: "/images/1.png?conditional=1"
            case .ranges: "/images/1.png?ranges=1&stall_after=100000"
            }
        }

        /// The order of application in words, stage by stage
        /// (`reset, then delay, then flaky, status, then …`).
        public static var order: String {
            Stage.allCases.map { stage in
                allCases.filter { $0.stage == stage }.map(\.rawValue).joined(separator: ", ")
            }.filter { !$0.isEmpty }.joined(separator: ", then ")
        }

        /// The table as Markdown (`| parameter | values | effect |`), as the README shows it.
        public static var markdownTable: String {
            var lines = ["| parameter | values | effect |", "|---|---|---|"]
            lines += allCases.map { "| `\($0.rawValue)` | \($0.valid) | \($0.help) |" }
            return lines.joined(separator: "\n")
        }

        /// The table as aligned text lines for a terminal (`mockserver --help`, the start banner).
        public static var textTable: String {
            allCases.map { "  \($0.rawValue.padding(toLength: nameWidth, withPad: " ", startingAt: 0)) \($0.help) [\($0.valid)]" }
                .joined(separator: "\n")
        }

        /// The width of the name column in text tables: the longest name (never cut), at least 12.
        static var nameWidth: Int {
            max(12, allCases.map(\.rawValue.count).max() ?? 0)
        }
    }
}
