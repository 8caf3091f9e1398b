public import Foundation

/// The response side of a stub: status, headers, body, delays and faults.
public struct StubResponse: Sendable, Hashable {
    /// HTTP status (default 200).
    public var status: Int
    /// The reason phrase WireMock's `statusMessage` sets. libmicrohttpd always sends the standard
    /// phrase for the status, so it is kept (and listed) but not put on the wire.
    public var statusMessage: String?
    /// Headers, in order; a name may repeat.
    public var headers: [StubHeader]
    /// The body.
    public var body: StubBody
    /// A fixed wait before the status line, in ms.
    public var fixedDelayMilliseconds: Int?
    /// A random wait added to the fixed one.
    public var delayDistribution: StubDelayDistribution?
    /// The body in pieces spread over a duration.
    public var chunkedDribbleDelay: StubDribble?
    /// A broken answer in place of this one.
    public var fault: StubFault?
    /// The response transformers the mapping names (WireMock extensions). `response-template`
    /// renders the response as a template (see ``MockServer/ResponseTemplating``); a stub naming
    /// any other answers 500 naming it, and the server warns once at start.
    public var transformers: [String] = []
    /// WireMock's `transformerParameters`: what a template reads as `parameters.NAME`.
    public var transformerParameters: [String: JSONValue]?
    /// WireMock's `proxyBaseUrl`: the server the stub forwards its requests to (the request's URL
    /// is appended to it; see docs/PROXY.md).
    public var proxyBaseUrl: String?
    /// The other proxy fields as the mapping writes them (`additionalProxyRequestHeaders`,
    /// `removeProxyRequestHeaders`, `proxyUrlPrefixToRemove`), kept so a listed mapping keeps them.
    var proxyOptions: [String: JSONValue] = [:]

    /// A response; every part but the status is optional.
    public init(
        status: Int = 200, statusMessage: String? = nil, headers: [StubHeader] = [], body: StubBody = .none,
        fixedDelayMilliseconds: Int? = nil, delayDistribution: StubDelayDistribution? = nil,
        chunkedDribbleDelay: StubDribble? = nil, fault: StubFault? = nil
    ) {
        self.status = status
        self.statusMessage = statusMessage
        self.headers = headers
        self.body = body
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.delayDistribution = delayDistribution
        self.chunkedDribbleDelay = chunkedDribbleDelay
        self.fault = fault
    }

    /// A JSON answer: `body` serialized, with `Content-Type: application/json`.
    public static func json(status: Int = 200, body: JSONValue) -> StubResponse {
        StubResponse(status: status, headers: [StubHeader("Content-Type", "application/json")], body: .json(body))
    }

    /// A JSON answer from already encoded bytes.
    public static func json(status: Int = 200, data: Data) -> StubResponse {
        StubResponse(status: status, headers: [StubHeader("Content-Type", "application/json")], body: .bytes(data))
    }

    /// A plain-text answer.
    public static func text(status: Int = 200, _ text: String) -> StubResponse {
        StubResponse(status: status, headers: [StubHeader("Content-Type", "text/plain")], body: .text(text))
    }

    /// A broken answer.
    public static func fault(_ fault: StubFault) -> StubResponse {
        StubResponse(fault: fault)
    }

    /// The response as a mapping's `response` object.
    var json: JSONValue {
        var object: [String: JSONValue] = ["status": .integer(status)]
        if let statusMessage { object["statusMessage"] = .string(statusMessage) }
        if !headers.isEmpty {
            var grouped: [String: [String]] = [:]
            var order: [String] = []
            for header in headers {
                if grouped[header.name] == nil { order.append(header.name) }
                grouped[header.name, default: []].append(header.value)
            }
            object["headers"] = .object(
                Dictionary(uniqueKeysWithValues: order.map { name in
                    let values = grouped[name] ?? []
                    return (name, values.count == 1 ? JSONValue.string(values[0]) : .array(values.map { .string($0) }))
                }))
        }
        switch body {
        case .none: break
        case .text(let text): object["body"] = .string(text)
        case .json(let value): object["jsonBody"] = value
        case .bytes(let data): object["base64Body"] = .string(data.base64EncodedString())
        case .file(let name): object["bodyFileName"] = .string(name)
        }
        if let fixedDelayMilliseconds { object["fixedDelayMilliseconds"] = .integer(fixedDelayMilliseconds) }
        if let delayDistribution { object["delayDistribution"] = delayDistribution.json }
        if let chunkedDribbleDelay {
            object["chunkedDribbleDelay"] = .object([
                "numberOfChunks": .integer(chunkedDribbleDelay.numberOfChunks),
                "totalDuration": .integer(chunkedDribbleDelay.totalDuration),
            ])
        }
        if let fault { object["fault"] = .string(fault.rawValue) }
        if !transformers.isEmpty { object["transformers"] = .array(transformers.map { .string($0) }) }
        if let transformerParameters { object["transformerParameters"] = .object(transformerParameters) }
        if let proxyBaseUrl { object["proxyBaseUrl"] = .string(proxyBaseUrl) }
        object.merge(proxyOptions) { mine, _ in mine }
        return .object(object)
    }
}
