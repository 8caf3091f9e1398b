public import Foundation
public import Networking

/// Why a page of tweets could not be fetched.
///
/// Descriptions never contain the bearer token (the token is never part of an error).
public enum FeedSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server refused the token (HTTP 401).
    case unauthorized
    /// Too many requests (HTTP 429); `resetAt` from `x-rate-limit-reset`, when the answer had it.
    case rateLimited(resetAt: Date?)
    /// The request failed in transport, or with another HTTP status.
    case network(NetworkError)
    /// The answer was not the JSON the format promises.
    case malformed(FeedParseError)

    /// A readable description for logs and tests.
    public var description: String {
        switch self {
        case .unauthorized: return "unauthorized (HTTP 401): the bearer token was refused"
        case .rateLimited(let resetAt?): return "rate limited (HTTP 429) until \(resetAt.timeIntervalSince1970) (epoch s)"
        case .rateLimited(nil): return "rate limited (HTTP 429), reset time unknown"
        case .network(let error): return "network: \(error)"
        case .malformed(let error): return "malformed answer: \(error)"
        }
    }
}
