import Foundation

/// The journal's JSON: today's fields, then the request detail. The body is `"body"` (a string)
/// when the bytes kept are valid UTF-8, else `"bodyBase64"`; `"bodyTruncated"` is written for
/// readers and recomputed when reading. Records written before the detail existed read back
/// with no headers and an empty body.
extension RequestRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case method, path, query, status, bytes, ms, fault, connection, started, outcome
        case headers, body, bodyBase64, bodySize, bodyTruncated, bodyDropped, stub, faultRules, proxiedTo
    }

    /// Reads a record; a body in neither form, or bad base64, is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let body: Data
        if let text = try container.decodeIfPresent(String.self, forKey: .body) {
            body = Data(text.utf8)
        } else if let encoded = try container.decodeIfPresent(String.self, forKey: .bodyBase64) {
            guard let bytes = Data(base64Encoded: encoded) else {
                throw DecodingError.dataCorruptedError(forKey: .bodyBase64, in: container, debugDescription: "not base64")
            }
            body = bytes
        } else {
            body = Data()
        }
        self.init(
            method: try container.decode(String.self, forKey: .method),
            path: try container.decode(String.self, forKey: .path),
            query: try container.decode(String.self, forKey: .query),
            status: try container.decode(Int.self, forKey: .status),
            bytes: try container.decode(Int.self, forKey: .bytes),
            ms: try container.decode(Int.self, forKey: .ms),
            fault: try container.decode(String.self, forKey: .fault),
            connection: try container.decode(Int.self, forKey: .connection),
            started: try container.decode(Int.self, forKey: .started),
            outcome: try container.decode(RequestOutcome.self, forKey: .outcome),
            headers: try container.decodeIfPresent([Header].self, forKey: .headers) ?? [],
            body: body,
            bodySize: try container.decodeIfPresent(Int.self, forKey: .bodySize),
            bodyDropped: try container.decodeIfPresent(Bool.self, forKey: .bodyDropped) ?? false,
            stub: try container.decodeIfPresent(String.self, forKey: .stub),
            faultRules: try container.decodeIfPresent([String].self, forKey: .faultRules) ?? [],
            proxiedTo: try container.decodeIfPresent(String.self, forKey: .proxiedTo))
    }

    /// Writes a record (`stub` only when one matched, `faultRules` only when some applied,
    /// `proxiedTo` only when the request went upstream).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(query, forKey: .query)
        try container.encode(status, forKey: .status)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(ms, forKey: .ms)
        try container.encode(fault, forKey: .fault)
        try container.encode(connection, forKey: .connection)
        try container.encode(started, forKey: .started)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(headers, forKey: .headers)
        if let text = bodyText {
            try container.encode(text, forKey: .body)
        } else {
            try container.encode(body.base64EncodedString(), forKey: .bodyBase64)
        }
        try container.encode(bodySize, forKey: .bodySize)
        try container.encode(bodyTruncated, forKey: .bodyTruncated)
        try container.encode(bodyDropped, forKey: .bodyDropped)
        try container.encodeIfPresent(stub, forKey: .stub)
        if !faultRules.isEmpty { try container.encode(faultRules, forKey: .faultRules) }
        try container.encodeIfPresent(proxiedTo, forKey: .proxiedTo)
    }
}
