public import Foundation

/// One HTTP request with its deadlines and size limit.
public struct HTTPRequest: Sendable, Hashable {
    /// Default body limit for an image: 20 MB.
    public static let defaultMaxBytes = 20 * 1024 * 1024

    /// Absolute `http` or `https` URL.
    public var url: URL
    /// HTTP method, `GET` by default.
    public var method: String
    /// Request headers (names as given; HTTP treats them case-insensitively).
    public var headers: [String: String]
    /// Request body, if any.
    public var body: Data?
    /// Connect, stall and total deadlines.
    public var timeouts: RequestTimeouts
    /// Most body bytes accepted; more is ``NetworkError/tooLarge(limit:)``.
    public var maxBytes: Int
    /// Statuses returned as a response; any other is ``NetworkError/httpStatus(_:)``. Widen it
    /// to read the body or headers of an error answer (e.g. `x-rate-limit-reset` on a 429).
    public var acceptableStatus: ClosedRange<Int>

    /// A request with the default deadlines (10 s connect, 15 s stall, 30 s total) and limit.
    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        timeouts: RequestTimeouts = .default, maxBytes: Int = HTTPRequest.defaultMaxBytes,
        acceptableStatus: ClosedRange<Int> = 200...299
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeouts = timeouts
        self.maxBytes = maxBytes
        self.acceptableStatus = acceptableStatus
    }
}
