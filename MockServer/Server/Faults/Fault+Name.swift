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
        /// Instead of the resource (`flaky`, a non-2xx `status`).
        case status
        /// On the answer's body and headers (`type`, `bytes`, `corrupt`, `malformed`, `empty`).
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
    }

    /// A fault's entry in the table, named by its query parameter.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// `reset=1`: a TCP RST instead of an answer.
        case reset
        /// `delay=MS`: wait before the status line.
        case delay
        /// `flaky=K`: the first K requests for a URL fail.
        case flaky
        /// `status=CODE`: answer with that status.
        case status
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

        /// The values the parameter accepts.
        var kind: ValueKind {
            switch self {
            case .reset, .corrupt, .malformed, .empty, .chunked: .flag
            case .delay: .integer(0...Self.maximumDelay, unit: "ms")
            case .flaky: .integer(0...1_000_000, unit: nil)
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
            case .flaky, .status: .status
            case .type, .bytes, .corrupt, .malformed, .empty: .body
            case .truncate, .stallAfter, .drip, .chunked: .wire
            }
        }

        /// The values it accepts, in words (`0...3600000 ms`, `1 or 0`).
        public var valid: String {
            switch kind {
            case .flag: "1 or 0"
            case .integer(let range, let unit): "\(range.lowerBound)...\(range.upperBound)" + (unit.map { " \($0)" } ?? "")
            case .mediaType: "a media type (printable ASCII, at most 255 characters)"
            }
        }

        /// What it does, in one sentence.
        public var help: String {
            switch self {
            case .reset: "close the connection with a TCP RST, no response"
            case .delay: "wait this long before the status line"
            case .flaky:
                "the first K requests for this exact URL (path + query) get a 500, then it works; 10,000 URLs are counted at most, the least recently requested forgotten first (it then fails K times again); POST /__admin/reset starts the count over"
            case .status: "answer with that status (2xx keeps the resource; 429 adds x-rate-limit-reset, epoch seconds of server time + 60)"
            case .type: "answer with that Content-Type"
            case .bytes: "the body is exactly N bytes: the resource, then zero filler (or cut at N)"
            case .corrupt: "same length and type; the image data is damaged so no standard decoder accepts it (the header still probes)"
            case .malformed: "invalid JSON (JSON endpoints only, elsewhere a 400)"
            case .empty: "an empty result (JSON endpoints only, elsewhere a 400)"
            case .truncate: "full Content-Length, body cut after N bytes, connection closed"
            case .stallAfter: "send N body bytes, then nothing until the client leaves"
            case .drip: "pace the body in steps of at most 100 ms (0 = unpaced)"
            case .chunked: "chunked transfer encoding, no Content-Length (size limits must be enforced while streaming); HEAD gets the Content-Length instead"
            }
        }

        /// A path and query that shows the fault.
        public var example: String {
            switch self {
            case .reset: "/images/1.png?reset=1"
            case .delay: "/images/1.png?delay=2000"
            case .flaky: "/images/1.png?flaky=2"
            case .status: "/images/1.png?status=503"
            case .type: "/images/1.png?type=text/html"
            case .bytes: "/images/1.png?bytes=30000000"
            case .corrupt: "/images/1.png?corrupt=1"
            case .malformed: "/gallery.json?malformed=1"
            case .empty: "/gallery.json?empty=1"
            case .truncate: "/images/1.png?truncate=1000"
            case .stallAfter: "/images/1.png?stall_after=1000"
            case .drip: "/images/1.png?drip=100000"
            case .chunked: "/images/1.png?bytes=30000000&chunked=1"
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
            allCases.map { "  \($0.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \($0.help) [\($0.valid)]" }
                .joined(separator: "\n")
        }
    }
}
