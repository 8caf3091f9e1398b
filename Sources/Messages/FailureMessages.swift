public import Networking

/// What the user sees for a failure: pure functions from errors to ``UserMessage``s.
///
/// This is the one place failures become messages. `Messages` maps the network's errors, which
/// every screen shows; each screen module adds, in an extension of this namespace, the mapping
/// of the failures only it presents: `Gallery` an image load's (`imageCell(for: ImageLoadError)`),
/// `FeedScreen` a feed source's (`feedRefresh(for: FeedSourceError, now:)`). The failure types
/// themselves (in `Networking`, `ImageCache` and `FeedData`) know nothing of messages.
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
    /// | secureConnectionFailed (any kind) | secureConnectionFailed | – |
    /// | cancelled | nothing | – |
    public static func imageCell(for error: NetworkError) -> FailureNotice? {
        let message: UserMessage
        switch error {
        case .offline: message = .offline
        case .timedOut, .connectionLost: message = .timedOut
        case .httpStatus(let status) where (500...599).contains(status): message = .serverError
        case .httpStatus, .invalidURL, .invalidResponse: message = .imageUnavailable
        case .tooLarge: message = .imageTooLarge
        case .secureConnectionFailed: message = .secureConnectionFailed
        case .cancelled: return nil
        }
        // The hint follows exactly the errors a retry can fix (NetworkError.isTransient).
        return FailureNotice(message: message, hint: error.isTransient ? .pullToRefresh : nil)
    }

    // MARK: Feed

    /// The message the feed shows when a refresh failed in transport, or `nil` to show nothing
    /// (the refresh was cancelled). The cached tweets stay on screen either way.
    ///
    /// | error | message |
    /// |---|---|
    /// | offline | offline |
    /// | timedOut, connectionLost | timedOut |
    /// | httpStatus 401 | unauthorized |
    /// | secureConnectionFailed (any kind) | secureConnectionFailed |
    /// | cancelled | nothing |
    /// | anything else (a 429 whose reset time is unknown included) | feedUpdateFailed |
    ///
    /// A feed source reports 401 and 429 in its own terms; `FeedScreen` maps those (with the
    /// seconds until a rate limit resets) and hands transport failures to this function.
    public static func feedRefresh(for error: NetworkError) -> UserMessage? {
        switch error {
        case .offline:
            return .offline
        case .timedOut, .connectionLost:
            return .timedOut
        case .httpStatus(401):
            return .unauthorized
        case .secureConnectionFailed:
            return .secureConnectionFailed
        case .cancelled:
            return nil
        case .httpStatus, .tooLarge, .invalidURL, .invalidResponse:
            return .feedUpdateFailed
        }
    }
}
