/// The fault parameters any path accepts, validated. They apply in this order: `reset`, `delay`,
/// `flaky`, `status`, then the body shapers (`type`, `bytes`, `corrupt`, `malformed`/`empty`),
/// then on the wire `truncate`, `stall_after`, `drip`.
struct FaultParameters: Sendable, Hashable {
    /// Largest accepted `delay`, in ms (one hour).
    static let maximumDelay = 3_600_000
    /// Largest accepted byte count for `bytes`, `truncate`, `stall_after` (10 GB).
    static let maximumBytes = 10_000_000_000

    /// Close the connection with a TCP RST, no response.
    var reset = false
    /// Wait this long before the status line, in ms.
    var delay = 0
    /// Fail the first K requests for this URL with a 500.
    var flaky = 0
    /// Answer with this status instead.
    var status: Int?
    /// Answer with this `Content-Type`.
    var contentType: String?
    /// Make the body exactly this long (filler after the resource, or cut).
    var bytes: Int?
    /// Damage the image data (same length and type).
    var corrupt = false
    /// Invalid JSON (JSON endpoints only).
    var malformed = false
    /// An empty result (JSON endpoints only).
    var empty = false
    /// Declare the full length, close after this many body bytes.
    var truncate: Int?
    /// Send this many body bytes, then nothing until the client leaves.
    var stallAfter: Int?
    /// Pace the body at this many bytes per second (0: unpaced).
    var drip = 0
    /// Send the body with chunked transfer encoding: no `Content-Length`, so a client can only
    /// enforce its size limit while streaming.
    var chunked = false

    /// The parameters present, as the journal shows them (`delay=500,drip=20000`).
    var summary: String = ""

    /// Whether the body goes out through the pacing/cutting reader rather than in one piece.
    var shapesWire: Bool { truncate != nil || stallAfter != nil || drip > 0 || chunked }

    /// Reads and checks every fault parameter of `query`.
    init(_ query: QueryParameters) throws(ParameterError) {
        reset = try query.flag("reset")
        delay = try query.integer("delay", in: 0...Self.maximumDelay) ?? 0
        flaky = try query.integer("flaky", in: 0...1_000_000) ?? 0
        status = try query.integer("status", in: 200...599)
        bytes = try query.integer("bytes", in: 0...Self.maximumBytes)
        corrupt = try query.flag("corrupt")
        malformed = try query.flag("malformed")
        empty = try query.flag("empty")
        truncate = try query.integer("truncate", in: 0...Self.maximumBytes)
        stallAfter = try query.integer("stall_after", in: 0...Self.maximumBytes)
        drip = try query.integer("drip", in: 0...1_000_000_000) ?? 0
        chunked = try query.flag("chunked")
        if let type = query.value("type") {
            let printable = type.utf8.allSatisfy { $0 > 32 && $0 < 127 || $0 == 32 }
            guard !type.isEmpty, type.utf8.count <= 255, printable, type.contains("/") else {
                throw ParameterError(
                    parameter: "type", error: "'\(type)' is not a media type",
                    valid: "a media type like image/png or text/html; charset=utf-8 (printable ASCII, at most 255 characters)")
            }
            contentType = type
        }
        let names = ["reset", "delay", "flaky", "status", "type", "bytes", "corrupt", "malformed", "empty",
                     "truncate", "stall_after", "drip", "chunked"]
        summary = names.compactMap { name in query.value(name).map { "\(name)=\($0)" } }.joined(separator: ",")
    }

    /// No faults.
    init() {}
}
