import Foundation

/// The `response` object of a mapping.
extension StubParser {
    static let responseFields: Set<String> = [
        "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName",
        "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "transformers",
        "transformerParameters", "proxyBaseUrl", "additionalProxyRequestHeaders", "removeProxyRequestHeaders",
        "proxyUrlPrefixToRemove",
    ]
    static let unsupportedResponseFields: Set<String> = ["fromConfiguredStub"]
    /// Longest delay accepted, in ms (one hour, as for `delay=`).
    static let maximumDelay = 3_600_000

    /// The response definition.
    static func response(_ value: Any, at path: String) throws(StubError) -> StubResponse {
        let object = try object(value, at: path)
        try checkFields(object, at: path, known: responseFields, unsupported: unsupportedResponseFields)
        var response = StubResponse()
        if let status = object["status"] {
            response.status = try integer(status, at: join(path, "status"), in: 100...599)
        }
        if let message = try string(object["statusMessage"], at: join(path, "statusMessage")) {
            guard message.utf8.allSatisfy({ $0 >= 32 && $0 != 127 }) else {
                throw StubError(.invalid, field: join(path, "statusMessage"), reason: "must not contain control characters")
            }
            response.statusMessage = message
        }
        if let headers = object["headers"] {
            response.headers = try self.headers(headers, at: join(path, "headers"))
        }
        response.body = try body(object, at: path)
        if let delay = object["fixedDelayMilliseconds"] {
            response.fixedDelayMilliseconds = try integer(delay, at: join(path, "fixedDelayMilliseconds"), in: 0...maximumDelay)
        }
        if let distribution = object["delayDistribution"] {
            response.delayDistribution = try self.distribution(distribution, at: join(path, "delayDistribution"))
        }
        if let dribble = object["chunkedDribbleDelay"] {
            let place = join(path, "chunkedDribbleDelay")
            let fields = try self.object(dribble, at: place)
            try checkFields(fields, at: place, known: ["numberOfChunks", "totalDuration"], unsupported: [])
            guard let chunks = fields["numberOfChunks"] else { throw StubError(.invalid, field: join(place, "numberOfChunks"), reason: "is required") }
            guard let total = fields["totalDuration"] else { throw StubError(.invalid, field: join(place, "totalDuration"), reason: "is required") }
            response.chunkedDribbleDelay = StubDribble(
                numberOfChunks: try integer(chunks, at: join(place, "numberOfChunks"), in: 1...1_000_000),
                totalDuration: try integer(total, at: join(place, "totalDuration"), in: 0...maximumDelay))
        }
        response.transformers = try transformers(object["transformers"], at: join(path, "transformers"))
        try proxy(object, into: &response, at: path)
        if let parameters = object["transformerParameters"], !(parameters is NSNull) {
            _ = try self.object(parameters, at: join(path, "transformerParameters"))
            if case .object(let members)? = JSONValue(foundation: parameters) { response.transformerParameters = members }
        }
        if let fault = try string(object["fault"], at: join(path, "fault")) {
            guard let known = StubFault(rawValue: fault) else {
                throw StubError(
                    .invalid, field: join(path, "fault"),
                    reason: "'\(fault)' is not one of \(StubFault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            response.fault = known
        }
        return response
    }

    /// `{"Name": "value"}` or `{"Name": ["a", "b"]}` (the header sent once per value).
    private static func headers(_ value: Any, at path: String) throws(StubError) -> [StubHeader] {
        let object = try object(value, at: path)
        var headers: [StubHeader] = []
        for name in object.keys.sorted() {
            let place = join(path, name)
            let token = !name.isEmpty && name.utf8.allSatisfy { $0 > 32 && $0 < 127 && $0 != 58 }
            guard token else { throw StubError(.invalid, field: place, reason: "'\(name)' is not a header name") }
            let values: [String]
            if let single = object[name] as? String {
                values = [single]
            } else if let many = object[name] as? [Any], let strings = many as? [String] {
                values = strings
            } else {
                throw StubError(.invalid, field: place, reason: "must be a string or an array of strings")
            }
            for value in values {
                guard !value.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 }) else {
                    throw StubError(.invalid, field: place, reason: "a header value must not contain line breaks")
                }
                headers.append(StubHeader(name, value))
            }
        }
        return headers
    }

    /// `proxyBaseUrl` (an absolute `http` or `https` URL) and the proxy fields beside it, checked
    /// as WireMock types them and kept as written.
    private static func proxy(_ object: [String: Any], into response: inout StubResponse, at path: String) throws(StubError) {
        if let base = try string(object["proxyBaseUrl"], at: join(path, "proxyBaseUrl")) {
            guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw StubError(.invalid, field: join(path, "proxyBaseUrl"), reason: "must be an absolute http or https URL")
            }
            response.proxyBaseUrl = base
        }
        let shapes: [(name: String, check: (Any) -> Bool, reason: String)] = [
            ("additionalProxyRequestHeaders", { ($0 as? [String: Any])?.values.allSatisfy { $0 is String } ?? false }, "must be an object of header values"),
            ("removeProxyRequestHeaders", { ($0 as? [Any])?.allSatisfy { $0 is String } ?? false }, "must be an array of header names"),
            ("proxyUrlPrefixToRemove", { $0 is String }, "must be a string"),
        ]
        for shape in shapes {
            guard let value = object[shape.name], !(value is NSNull) else { continue }
            guard shape.check(value), let kept = JSONValue(foundation: value) else {
                throw StubError(.invalid, field: join(path, shape.name), reason: shape.reason)
            }
            response.proxyOptions[shape.name] = kept
        }
    }

    /// `["name", …]`: the response transformers the stub names (WireMock extensions).
    private static func transformers(_ value: Any?, at path: String) throws(StubError) -> [String] {
        guard let value, !(value is NSNull) else { return [] }
        guard let names = value as? [Any] else { throw StubError(.invalid, field: path, reason: "must be an array of transformer names") }
        var result: [String] = []
        for (index, name) in names.enumerated() {
            guard let text = name as? String else { throw StubError(.invalid, field: "\(path)[\(index)]", reason: "must be a string") }
            if !result.contains(text) { result.append(text) }
        }
        return result
    }

    /// At most one of `body`, `jsonBody`, `base64Body`, `bodyFileName`.
    private static func body(_ object: [String: Any], at path: String) throws(StubError) -> StubBody {
        let given = ["body", "jsonBody", "base64Body", "bodyFileName"].filter { object[$0] != nil && !(object[$0] is NSNull) }
        if given.count > 1 {
            throw StubError(.invalid, field: join(path, given[1]), reason: "give one body (\(given[0]) is given too)")
        }
        guard let field = given.first, let value = object[field] else { return .none }
        let place = join(path, field)
        switch field {
        case "jsonBody":
            guard let json = JSONValue(foundation: value) else { throw StubError(.invalid, field: place, reason: "must be JSON") }
            return .json(json)
        case "base64Body":
            guard let text = value as? String, let data = Data(base64Encoded: text, options: [.ignoreUnknownCharacters]) else {
                throw StubError(.invalid, field: place, reason: "must be a base64 string")
            }
            return .bytes(data)
        case "bodyFileName":
            guard let name = value as? String, !name.isEmpty else { throw StubError(.invalid, field: place, reason: "must be a file name") }
            guard StubFiles.isContained(name) else {
                throw StubError(.invalid, field: place, reason: "'\(name)' leaves the __files folder")
            }
            return .file(name)
        default:
            // WireMock sends a number or a boolean given as the body as its JSON text
            // (`"body": true` answers `true`); an object or an array it refuses. A number goes
            // out as written (`12.50`), as the JSON reader keeps its text.
            switch JSONValue(foundation: value) {
            case .string(let text)?: return .text(text)
            case .bool(let flag)?: return .text(flag ? "true" : "false")
            case .number(let number)?: return .text(number.text)
            default: throw StubError(.invalid, field: place, reason: "must be a string (or a number or boolean, sent as its text); use jsonBody for JSON")
            }
        }
    }

    /// `{"type": "uniform", "lower", "upper"}` or `{"type": "lognormal", "median", "sigma"[, "maxValue"]}`.
    private static func distribution(_ value: Any, at path: String) throws(StubError) -> StubDelayDistribution {
        let object = try object(value, at: path)
        guard let type = try string(object["type"], at: join(path, "type")) else {
            throw StubError(.invalid, field: join(path, "type"), reason: "is required (uniform or lognormal)")
        }
        switch type {
        case "uniform":
            try checkFields(object, at: path, known: ["type", "lower", "upper"], unsupported: [])
            guard let lower = object["lower"] else { throw StubError(.invalid, field: join(path, "lower"), reason: "is required") }
            guard let upper = object["upper"] else { throw StubError(.invalid, field: join(path, "upper"), reason: "is required") }
            let low = try integer(lower, at: join(path, "lower"), in: 0...maximumDelay)
            let high = try integer(upper, at: join(path, "upper"), in: 0...maximumDelay)
            guard low <= high else { throw StubError(.invalid, field: join(path, "upper"), reason: "must not be below lower (\(low))") }
            return .uniform(lower: low, upper: high)
        case "lognormal":
            try checkFields(object, at: path, known: ["type", "median", "sigma", "maxValue"], unsupported: [])
            guard let median = object["median"] else { throw StubError(.invalid, field: join(path, "median"), reason: "is required") }
            guard let sigma = object["sigma"] else { throw StubError(.invalid, field: join(path, "sigma"), reason: "is required") }
            let middle = try number(median, at: join(path, "median"), in: 0...Double(maximumDelay))
            let spread = try number(sigma, at: join(path, "sigma"), in: 0...10)
            var cap: Double?
            if let maxValue = object["maxValue"], !(maxValue is NSNull) {
                cap = try number(maxValue, at: join(path, "maxValue"), in: middle...Double(maximumDelay))
            }
            return .lognormal(median: middle, sigma: spread, maxValue: cap)
        case "fixed":
            throw StubError(.unsupported, field: join(path, "type"), reason: "'fixed' is not supported by mockserver; use fixedDelayMilliseconds")
        default:
            throw StubError(.invalid, field: join(path, "type"), reason: "'\(type)' is not uniform or lognormal")
        }
    }
}
