/// Why an HTTP request failed. Every ``HTTPClient`` throws only these.
public enum NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No network: the connection was refused, the host is unreachable or its name unknown.
    case offline
    /// A deadline passed (total, stall, or a connection attempt that got no answer).
    case timedOut
    /// The connection broke after it was made: reset, or the body ended early.
    case connectionLost
    /// The server answered with a status outside the request's acceptable range.
    case httpStatus(Int)
    /// The body is longer than the request's limit; reading stopped at the limit.
    case tooLarge(limit: Int)
    /// The calling task was cancelled.
    case cancelled
    /// The URL is not an absolute http(s) URL the client can send.
    case invalidURL
    /// The answer was not valid HTTP.
    case invalidResponse
    /// The TLS (HTTPS) connection could not be secured: the server's certificate was rejected
    /// or the handshake failed. The payload says which check failed. A retry cannot fix it.
    case secureConnectionFailed(SecureConnectionFailure)

    /// One English sentence for logs and developers (user-facing text lives in `Messages`).
    public var description: String {
        switch self {
        case .offline: return "offline: the server could not be reached (refused, unreachable or unknown host)"
        case .timedOut: return "timed out: a deadline passed before the response was complete"
        case .connectionLost: return "connection lost: the connection broke before the response was complete"
        case .httpStatus(let status): return "HTTP status \(status)"
        case .tooLarge(let limit): return "too large: the body exceeds the limit of \(limit) bytes"
        case .cancelled: return "cancelled"
        case .invalidURL: return "invalid URL: not an absolute http(s) URL"
        case .invalidResponse: return "invalid response: the answer was not valid HTTP"
        case .secureConnectionFailed(let failure):
            return "secure connection failed (\(failure.rawValue)): \(failure.reason)"
        }
    }

    /// Whether a user can fix this by retrying later ("Pull down to refresh").
    public var isTransient: Bool {
        switch self {
        case .offline, .timedOut, .connectionLost: return true
        case .httpStatus, .tooLarge, .cancelled, .invalidURL, .invalidResponse, .secureConnectionFailed: return false
        }
    }

    /// The case as written in code (`timedOut`, `httpStatus(404)`), for logs, reports and tools.
    public var caseName: String {
        switch self {
        case .offline: return "offline"
        case .timedOut: return "timedOut"
        case .connectionLost: return "connectionLost"
        case .httpStatus(let status): return "httpStatus(\(status))"
        case .tooLarge(let limit): return "tooLarge(limit: \(limit))"
        case .cancelled: return "cancelled"
        case .invalidURL: return "invalidURL"
        case .invalidResponse: return "invalidResponse"
        case .secureConnectionFailed(let failure): return "secureConnectionFailed(\(failure.rawValue))"
        }
    }
}
