/// One thing to tell the user: a ``MessageKey`` with its number, when it takes one.
public enum UserMessage: Sendable, Hashable {
    /// "The image at this URL is unavailable".
    case imageUnavailable
    /// "Waited too long / the server is not responding".
    case timedOut
    /// "No Internet connection".
    case offline
    /// "Pull down to refresh".
    case pullToRefresh
    /// "The image is damaged".
    case brokenImage
    /// "The image is too large".
    case imageTooLarge
    /// "The server returned an error".
    case serverError
    /// "Could not update the feed".
    case feedUpdateFailed
    /// "The access token was rejected".
    case unauthorized
    /// "Too many requests, retrying in `seconds` s".
    case rateLimited(seconds: Int)
    /// "Next update in `seconds` s".
    case nextUpdateIn(seconds: Int)
    /// "Tweets cannot be saved on this device".
    case feedCacheUnavailable
    /// "Saved tweets cannot be updated on this device".
    case feedCacheReadOnly

    /// The key of the text.
    public var key: MessageKey {
        switch self {
        case .imageUnavailable: return .imageUnavailable
        case .timedOut: return .timedOut
        case .offline: return .offline
        case .pullToRefresh: return .pullToRefresh
        case .brokenImage: return .brokenImage
        case .imageTooLarge: return .imageTooLarge
        case .serverError: return .serverError
        case .feedUpdateFailed: return .feedUpdateFailed
        case .unauthorized: return .unauthorized
        case .rateLimited: return .rateLimited
        case .nextUpdateIn: return .nextUpdateIn
        case .feedCacheUnavailable: return .feedCacheUnavailable
        case .feedCacheReadOnly: return .feedCacheReadOnly
        }
    }

    /// The number that replaces `%d`, if the text takes one. Never negative: a countdown that
    /// has run out shows 0.
    public var number: Int? {
        switch self {
        case .rateLimited(let seconds), .nextUpdateIn(let seconds): return max(0, seconds)
        default: return nil
        }
    }

    /// The text to show in `language`, with `%d` replaced by ``number``.
    public func text(in language: Language) -> String {
        let template = key.template(in: language)
        guard let number else { return template }
        return template.replacing("%d", with: String(number))
    }
}
