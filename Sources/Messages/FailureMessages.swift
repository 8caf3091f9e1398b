public import Networking

/// What the user sees for a failure: pure functions from errors to ``UserMessage``s.
public enum FailureMessages {
    // MARK: Image cell

    /// The notice an image cell shows when its request failed, or `nil` to show nothing
    /// (the request was cancelled: the cell left the screen).
    ///
    /// | error | message | hint |
    /// |---|---|---|
    /// | offline | offline | pull to refresh |
    /// | timedOut, connectionLost | timedOut ("the server is not responding") | pull to refresh |
    /// | httpStatus 5xx | serverError | – |
    /// | httpStatus 4xx and any other | imageUnavailable | – |
    /// | tooLarge | imageTooLarge | – |
    /// | invalidURL, invalidResponse | imageUnavailable | – |
    /// | cancelled | nothing | – |
    public static func imageCell(for error: NetworkError) -> FailureNotice? {
        let message: UserMessage
        switch error {
        case .offline: message = .offline
        case .timedOut, .connectionLost: message = .timedOut
        case .httpStatus(let status) where (500...599).contains(status): message = .serverError
        case .httpStatus, .invalidURL, .invalidResponse: message = .imageUnavailable
        case .tooLarge: message = .imageTooLarge
        case .cancelled: return nil
        }
        // The hint follows exactly the errors a retry can fix (NetworkError.isTransient).
        return FailureNotice(message: message, hint: error.isTransient ? .pullToRefresh : nil)
    }

    /// The notice an image cell shows for `failure`, or `nil` to show nothing.
    ///
    /// Network errors as in ``imageCell(for:)-(NetworkError)``; a wrong content type is
    /// imageUnavailable, a failed decode brokenImage, too many pixels imageTooLarge.
    public static func imageCell(for failure: ImageFailure) -> FailureNotice? {
        switch failure {
        case .network(let error): return imageCell(for: error)
        case .wrongContentType: return FailureNotice(message: .imageUnavailable)
        case .decodingFailed: return FailureNotice(message: .brokenImage)
        case .tooManyPixels: return FailureNotice(message: .imageTooLarge)
        }
    }

    // MARK: Feed

    /// The message the feed shows when a refresh failed, or `nil` to show nothing (the refresh
    /// was cancelled). The cached tweets stay on screen either way.
    ///
    /// | error | message |
    /// |---|---|
    /// | offline | offline |
    /// | timedOut, connectionLost | timedOut |
    /// | httpStatus 401 | unauthorized |
    /// | httpStatus 429 with `retryAfterSeconds` | rateLimited(seconds) |
    /// | cancelled | nothing |
    /// | anything else (429 without seconds included) | feedUpdateFailed |
    ///
    /// - Parameter retryAfterSeconds: for a 429, the seconds until the limit resets (from
    ///   `x-rate-limit-reset`), when known.
    public static func feedRefresh(for error: NetworkError, retryAfterSeconds: Int? = nil) -> UserMessage? {
        switch error {
        case .offline:
            return .offline
        case .timedOut, .connectionLost:
            return .timedOut
        case .httpStatus(401):
            return .unauthorized
        case .httpStatus(429):
            return retryAfterSeconds.map { .rateLimited(seconds: $0) } ?? .feedUpdateFailed
        case .cancelled:
            return nil
        case .httpStatus, .tooLarge, .invalidURL, .invalidResponse:
            return .feedUpdateFailed
        }
    }

    /// The message for any error a refresh ends with: network errors as in
    /// ``feedRefresh(for:retryAfterSeconds:)-(NetworkError,_)``, a `CancellationError` nothing,
    /// anything else (unreadable JSON, a storage failure) feedUpdateFailed.
    public static func feedRefresh(for error: any Error, retryAfterSeconds: Int? = nil) -> UserMessage? {
        if let error = error as? NetworkError { return feedRefresh(for: error, retryAfterSeconds: retryAfterSeconds) }
        if error is CancellationError { return nil }
        return .feedUpdateFailed
    }
}
