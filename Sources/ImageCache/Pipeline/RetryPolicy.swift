public import Networking

/// When ``ImagePipeline`` asks again after a failed transfer, and how long it waits first.
///
/// Retried: a 5xx answer and a connection lost mid-answer (a cut body, a reset): failures of
/// the moment that the next try may not meet. Never retried: a 4xx or any other status, a
/// timeout (the user already waited the whole deadline), offline (the connectivity monitor
/// retries when the network returns), the byte limit, a cancelled load, an invalid URL or
/// answer, a rejected certificate or failed TLS handshake. Retry `n` (from 1) waits
/// `initialBackoff × 2^(n−1)`, and starts only while the load is within its total deadline
/// (``RequestTimeouts/total``), which then bounds the whole load, retries and waits included;
/// the last failure is the load's failure.
public struct RetryPolicy: Sendable, Hashable {
    /// Most retries after the first try (default 2: at most three requests per load).
    public var maxRetries: Int
    /// The wait before the first retry (default 0.5 s); each later one waits twice the one before.
    public var initialBackoff: Duration

    /// Two retries, after 0.5 s and 1 s.
    public static let `default` = RetryPolicy(maxRetries: 2, initialBackoff: .milliseconds(500))
    /// No retry: the first failure is the load's.
    public static let never = RetryPolicy(maxRetries: 0, initialBackoff: .zero)

    /// Creates a policy; a negative count or wait counts as zero.
    public init(maxRetries: Int, initialBackoff: Duration) {
        self.maxRetries = max(0, maxRetries)
        self.initialBackoff = max(.zero, initialBackoff)
    }

    /// Whether a transfer that failed with `error` is worth another try.
    public static func isRetryable(_ error: NetworkError) -> Bool {
        switch error {
        case .httpStatus(let status): return (500...599).contains(status)
        case .connectionLost: return true
        case .offline, .timedOut, .tooLarge, .cancelled, .invalidURL, .invalidResponse, .secureConnectionFailed: return false
        }
    }

    /// The wait before retry number `retry` (1 for the first), or `nil` past ``maxRetries``.
    public func backoff(beforeRetry retry: Int) -> Duration? {
        guard retry >= 1, retry <= maxRetries else { return nil }
        return initialBackoff * (1 << min(retry - 1, 20))
    }
}
