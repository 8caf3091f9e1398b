import Foundation

/// What a request is answered with, before it goes on the wire.
struct Reply: Sendable {
    /// HTTP status.
    var status: Int
    /// `Content-Type`.
    var contentType: String
    /// Further headers.
    var headers: [(name: String, value: String)] = []
    /// The resource's bytes.
    var body: SharedBytes
    /// The declared `Content-Length`: more than `body.count` pads with zero bytes (`bytes=N`),
    /// less cuts the body.
    var length: Int
    /// Where the bytes sent start in the declared body (a 206's first byte; 0 otherwise).
    var offset = 0
    /// The `Content-Length` a `HEAD` answer without a body declares, from its stub's
    /// `Content-Length` header (a recorded `HEAD`): the body stage makes it the declared length,
    /// and the wire stage sends it with no body. `nil`: the body's length.
    var headLength: Int?
    /// Whether the answer goes out with its own caching headers only: a recorded answer gets no
    /// default `Cache-Control: no-store` (a `cache=` fault still sets one).
    var keepsCachingHeaders = false

    /// A reply whose length is its body's.
    init(status: Int, contentType: String, body: SharedBytes, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.length = body.count
    }

    /// A JSON reply from already encoded bytes.
    static func json(_ status: Int, _ body: Data, headers: [(name: String, value: String)] = []) -> Reply {
        Reply(status: status, contentType: "application/json; charset=utf-8", body: SharedBytes(body), headers: headers)
    }

    /// A JSON reply sent from bytes already shared (a cached answer: no copy per request).
    static func json(_ status: Int, shared body: SharedBytes) -> Reply {
        Reply(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// A JSON reply from a JSON-compatible value (dictionaries, arrays, strings, numbers, Bool).
    static func json(_ status: Int, object: Any, headers: [(name: String, value: String)] = []) -> Reply {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return json(status, data, headers: headers)
    }

    /// `{"error": message}` with `status`.
    static func error(_ status: Int, _ message: String) -> Reply {
        json(status, object: ["error": message, "status": status])
    }

    /// The 400 for a known parameter with a bad value.
    static func badParameter(_ problem: ParameterError) -> Reply {
        json(400, object: ["error": problem.error, "parameter": problem.parameter, "valid": problem.valid])
    }

    /// A plain-text reply.
    static func text(_ status: Int, _ text: String) -> Reply {
        Reply(status: status, contentType: "text/plain; charset=utf-8", body: SharedBytes(text))
    }

    /// Writes bytes `[position, position + count)` of what is sent — the declared body (resource,
    /// then zero filler) from ``offset`` on — to `destination`.
    func copyBody(from sentPosition: Int, count: Int, to destination: UnsafeMutableRawPointer) {
        let position = sentPosition + offset
        var written = 0
        if position < body.count {
            let available = min(count, body.count - position)
            destination.copyMemory(from: body.buffer.baseAddress! + position, byteCount: available)
            written = available
        }
        if written < count {
            (destination + written).initializeMemory(as: UInt8.self, repeating: 0, count: count - written)
        }
    }
}
