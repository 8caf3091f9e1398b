import Foundation

/// One mapping made from a recorded exchange, as WireMock's recorder makes it: `request` with the
/// URL as sent, the method, the captured headers and a body pattern; `response` with the status,
/// the upstream's headers (less those that describe the transfer, not the answer) and the body;
/// `name` from the URL, `persistent`, and scenario states for repeats. Its body is placed when it
/// is written (``RecordingWriter``): inline, or in `__files/`.
struct RecordedMapping: Sendable {
    /// Where the body goes.
    enum Body: Sendable {
        /// No body.
        case none
        /// Inline, as text (`body`) or bytes (`base64Body`).
        case inline(field: String, value: String)
        /// To `__files/`: the spool file and the extension the file gets.
        case file(URL, fileExtension: String)
    }

    /// The mapping's id.
    let id: UUID
    /// WireMock's name made from the URL (may be empty, as WireMock's is for `/`).
    let name: String
    /// The mapping without its response body.
    var object: [String: JSONValue]
    /// The response body.
    var body: Body

    /// The response headers never recorded: they describe one transfer, and the server playing the
    /// mapping back sets them itself (`Content-Length` from the body it sends, `Date` from its
    /// clock), or they are mockserver's own (`Matched-Stub-Id`), which the playing server adds
    /// anew. `Date` departs from WireMock, which records it: played back days later, the
    /// recording's `Date` makes every answer look as old as the recording to an HTTP cache, so a
    /// `max-age=60` answer is stale on arrival where the live one was fresh for a minute.
    static let droppedResponseHeaders: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade",
        "date", "matched-stub-id", "matched-stub-name",
    ]

    /// Whether the response header `name` is recorded. A `HEAD` answer keeps its
    /// `Content-Length`, the length of the body a `GET` would get: it has no body the playing
    /// server could take a length from, and an app reads a size from a `HEAD` (WireMock 2.35
    /// drops it, and plays such a mapping back with no length at all; given the header, both
    /// servers play it back).
    static func keepsHeader(_ name: String, method: String) -> Bool {
        let lowered = name.lowercased()
        if lowered == "content-length", method.uppercased() == "HEAD" { return true }
        return !droppedResponseHeaders.contains(lowered)
    }

    /// A body above this many bytes goes to `__files/` whenever the mapping is written, whatever
    /// `extractBodyCriteria` says: inline (base64) it would pass the 10 MB a mapping file may hold.
    static let largestInlineBody = 1024 * 1024

    /// The mappings of `exchanges`, in order, with repeats made scenarios (or dropped, keeping the
    /// first) as `spec` says.
    static func make(_ exchanges: [RecordedExchange], spec: RecordSpec, persisting: Bool) throws -> [RecordedMapping] {
        var mappings: [RecordedMapping] = []
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for exchange in exchanges {
            let request = requestPattern(try exchange.wholeRequest(), spec: spec)
            let key = groupKey(request.text)
            if !spec.repeatsAsScenarios, groups[key] != nil { continue }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(mappings.count)
            mappings.append(try mapping(exchange, request: request, spec: spec, persisting: persisting))
        }
        var scenario = 0
        for key in order {
            guard let members = groups[key], members.count > 1 else { continue }
            scenario += 1
            let name = "scenario-\(scenario)-" + mappings[members[0]].name.replacingOccurrences(of: "_", with: "-")
            for (place, index) in members.enumerated() {
                mappings[index].object["scenarioName"] = .string(name)
                mappings[index].object["requiredScenarioState"] = .string(place == 0 ? Stub.startedState : "\(name)-\(place + 1)")
                if place + 1 < members.count { mappings[index].object["newScenarioState"] = .string("\(name)-\(place + 2)") }
            }
        }
        return mappings
    }

    /// What groups repeats: the request pattern's text, or for a long one (a large body pattern)
    /// its length and 64-bit digest, so that the groups of 10,000 exchanges stay small.
    private static func groupKey(_ text: String) -> String {
        guard text.utf8.count > 1024 else { return text }
        var digest = FNV1a()
        digest.add(text)
        return "\(text.utf8.count) \(digest.hex)"
    }

    /// The mapping of one exchange.
    private static func mapping(_ recorded: RecordedExchange, request: JSONValue, spec: RecordSpec, persisting: Bool) throws -> RecordedMapping {
        let exchange = recorded.decodedForRecording()
        let id = UUID()
        let name = RecordingNames.mappingName(url: exchange.request.url)
        var headers: [String: JSONValue] = [:]
        var grouped: [(String, [String])] = []
        for header in exchange.headers where keepsHeader(header.name, method: exchange.request.method) {
            if let index = grouped.firstIndex(where: { $0.0 == header.name }) {
                grouped[index].1.append(header.value)
            } else {
                grouped.append((header.name, [header.value]))
            }
        }
        for (name, values) in grouped {
            headers[name] = values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) })
        }
        var response: [String: JSONValue] = ["status": .integer(exchange.status)]
        if !headers.isEmpty { response["headers"] = .object(headers) }
        let lowered = id.uuidString.lowercased()
        let object: [String: JSONValue] = [
            "id": .string(lowered), "uuid": .string(lowered), "name": .string(name), "request": request,
            "response": .object(response), "persistent": true,
            "metadata": ["testbed": ["recorded": true]],
        ]
        return RecordedMapping(id: id, name: name, object: object, body: try body(of: exchange, spec: spec, persisting: persisting))
    }

    /// Where the exchange's body goes.
    private static func body(of exchange: RecordedExchange, spec: RecordSpec, persisting: Bool) throws -> Body {
        guard exchange.bodySize > 0, let file = exchange.bodyFile else { return .none }
        let type = exchange.contentType
        let isText = RecordingNames.isText(contentType: type)
        let extract = persisting
            && (spec.bodiesToFiles || exchange.bodySize > largestInlineBody
                || spec.extractBodyCriteria?.extracts(size: exchange.bodySize, isText: isText) == true)
        if extract { return .file(file, fileExtension: RecordingNames.fileExtension(contentType: type, isText: isText)) }
        let bytes = try exchange.bodyBytes()
        if isText, let text = String(data: bytes, encoding: .utf8) { return .inline(field: "body", value: text) }
        return .inline(field: "base64Body", value: bytes.base64EncodedString())
    }

    /// The `request` object: URL as sent, method, captured headers, body pattern.
    static func requestPattern(_ request: ProxiedRequest, spec: RecordSpec) -> JSONValue {
        var object: [String: JSONValue] = ["url": .string(request.url), "method": .string(request.method)]
        var headers: [String: JSONValue] = [:]
        for capture in spec.captureHeaders {
            guard let value = request.headers.first(where: { $0.name.lowercased() == capture.name.lowercased() })?.value else { continue }
            var matcher: [String: JSONValue] = ["equalTo": .string(value)]
            if capture.caseInsensitive { matcher["caseInsensitive"] = true }
            headers[capture.name] = .object(matcher)
        }
        if !headers.isEmpty { object["headers"] = .object(headers) }
        // A body cut at the journal's limit cannot be matched whole: no pattern rather than one
        // that never matches.
        if request.bodySize > 0, request.bodySize == request.body.count, let pattern = bodyPattern(request, spec: spec) {
            object["bodyPatterns"] = .array([pattern])
        }
        return .object(object)
    }

    /// The body pattern `requestBodyPattern` makes of the request's body.
    private static func bodyPattern(_ request: ProxiedRequest, spec: RecordSpec) -> JSONValue? {
        let text = String(decoding: request.body, as: UTF8.self)
        let type = request.headers.first { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        switch spec.requestBodyPattern {
        case .equalToJson(let order, let extra):
            return ["equalToJson": .string(text), "ignoreArrayOrder": .bool(order), "ignoreExtraElements": .bool(extra)]
        case .equalToXml:
            return ["equalToXml": .string(text)]
        case .equalTo(let caseless):
            return ["equalTo": .string(text), "caseInsensitive": .bool(caseless)]
        case .auto(let order, let extra, let caseless):
            if type.contains("json"), (try? JSONReader.parse(request.body)) != nil {
                return ["equalToJson": .string(text), "ignoreArrayOrder": .bool(order), "ignoreExtraElements": .bool(extra)]
            }
            if type.contains("xml") { return ["equalToXml": .string(text)] }
            return ["equalTo": .string(text), "caseInsensitive": .bool(caseless)]
        }
    }
}
