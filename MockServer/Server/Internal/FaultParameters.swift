/// The fault parameters of one request, read and checked against the fault table
/// (``Fault/Name``), which also fixes their order of application.
struct FaultParameters: Sendable, Hashable {
    /// Close the connection with a TCP RST, no response.
    var reset = false
    /// Wait this long before the status line, in ms.
    var delay = 0
    /// Fail the first K requests for this URL with a 500.
    var flaky = 0
    /// Fail each request for this URL with this probability (see ``SeededFailures``).
    var failRate: Double?
    /// The seed of the `failRate` sequence.
    var seed: UInt64 = 0
    /// Redirects left in a chain (0: none).
    var redirect = 0
    /// This end of a redirect loop (1 or 2; 0: none).
    var redirectLoop = 0
    /// How redirects write `Location`.
    var location = Fault.LocationForm.absolute
    /// Answer with this status instead.
    var status: Int?
    /// Close the connection without a byte (instead of the answer).
    var emptyReply = false
    /// Random bytes that are no HTTP, then close (instead of the answer).
    var garbage = false
    /// A chunked answer with invalid chunk framing, then close (instead of the answer).
    var badChunk = false
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
    /// `Cache-Control` instead of `no-store`.
    var cache: String?
    /// Send validators (`ETag`, `Last-Modified`) and answer matching conditional requests with 304.
    var conditional = false
    /// Send `Accept-Ranges: bytes` and answer `Range` requests with 206 / 416.
    var ranges = false

    /// The parameters present, in the table's order, as the journal shows them
    /// (`delay=500,drip=20000`).
    var summary: String = ""

    /// Whether the body goes out through the pacing/cutting reader rather than in one piece.
    var shapesWire: Bool { truncate != nil || stallAfter != nil || drip > 0 || chunked }

    /// Reads and checks every fault parameter of `query`, in the table's order; the first bad
    /// value is the error.
    init(_ query: QueryParameters) throws(ParameterError) {
        var present: [String] = []
        for name in Fault.Name.allCases {
            guard let raw = query.value(name.rawValue) else { continue }
            try read(name, from: query)
            present.append("\(name.rawValue)=\(raw)")
        }
        summary = present.joined(separator: ",")
    }

    /// No faults.
    init() {}

    /// Sets the field of `name` from its query value.
    private mutating func read(_ name: Fault.Name, from query: QueryParameters) throws(ParameterError) {
        switch name {
        case .reset: reset = try name.flag(in: query)
        case .delay: delay = try name.integer(in: query) ?? 0
        case .flaky: flaky = try name.integer(in: query) ?? 0
        case .failRate: failRate = try name.probability(in: query)
        case .seed: seed = UInt64(try name.integer(in: query) ?? 0)
        case .redirect: redirect = try name.integer(in: query) ?? 0
        case .redirectLoop: redirectLoop = try name.integer(in: query) ?? 0
        case .location: location = try name.choice(in: query).flatMap(Fault.LocationForm.init(rawValue:)) ?? .absolute
        case .status: status = try name.integer(in: query)
        case .emptyReply: emptyReply = try name.flag(in: query)
        case .garbage: garbage = try name.flag(in: query)
        case .badChunk: badChunk = try name.flag(in: query)
        case .type: contentType = try name.mediaType(in: query)
        case .bytes: bytes = try name.integer(in: query)
        case .corrupt: corrupt = try name.flag(in: query)
        case .malformed: malformed = try name.flag(in: query)
        case .empty: empty = try name.flag(in: query)
        case .truncate: truncate = try name.integer(in: query)
        case .stallAfter: stallAfter = try name.integer(in: query)
        case .drip: drip = try name.integer(in: query) ?? 0
        case .chunked: chunked = try name.flag(in: query)
        case .cache: cache = try query.value(name.rawValue).map { value throws(ParameterError) in try CacheControlValue.validated(value) }
        case .conditional: conditional = try name.flag(in: query)
        case .ranges: ranges = try name.flag(in: query)
        }
    }
}

extension Fault.Name {
    /// The parameter as a switch (`false` when absent).
    func flag(in query: QueryParameters) throws(ParameterError) -> Bool {
        try query.flag(rawValue)
    }

    /// The parameter as a whole number in the table's range (`nil` when absent).
    func integer(in query: QueryParameters) throws(ParameterError) -> Int? {
        guard case .integer(let range, _) = kind else { return nil }
        return try query.integer(rawValue, in: range)
    }

    /// The parameter as a media type (`nil` when absent).
    func mediaType(in query: QueryParameters) throws(ParameterError) -> String? {
        guard let type = query.value(rawValue) else { return nil }
        let printable = type.utf8.allSatisfy { $0 > 32 && $0 < 127 || $0 == 32 }
        guard !type.isEmpty, type.utf8.count <= 255, printable, type.contains("/") else {
            throw ParameterError(
                parameter: rawValue, error: "'\(type)' is not a media type",
                valid: "a media type like image/png or text/html; charset=utf-8 (printable ASCII, at most 255 characters)")
        }
        return type
    }

    /// The parameter as a probability, a plain decimal from 0 to 1 (`nil` when absent).
    func probability(in query: QueryParameters) throws(ParameterError) -> Double? {
        guard let text = query.value(rawValue) else { return nil }
        // Digits with at most one point: no sign, exponent, `nan` or `inf`.
        let digits = text.utf8.filter { $0 != UInt8(ascii: ".") }
        let points = text.utf8.count - digits.count
        guard !digits.isEmpty, text.utf8.count <= 20, points <= 1, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let value = Double(text.hasPrefix(".") ? "0" + text : text), (0...1).contains(value)
        else {
            throw ParameterError(parameter: rawValue, error: "'\(text)' is not a probability", valid: valid)
        }
        return value
    }

    /// The parameter as one of its words (`nil` when absent).
    func choice(in query: QueryParameters) throws(ParameterError) -> String? {
        guard case .choice(let words) = kind, let text = query.value(rawValue) else { return nil }
        guard words.contains(text) else {
            throw ParameterError(parameter: rawValue, error: "'\(text)' is not one of the choices", valid: valid)
        }
        return text
    }
}
