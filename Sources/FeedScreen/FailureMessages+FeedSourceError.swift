public import FeedData
public import Foundation
public import Messages

extension FailureMessages {
    /// What the feed shows when a refresh failed with `error` at `now`, or `nil` for nothing
    /// (a cancelled refresh). The cached tweets stay on screen either way.
    ///
    /// | error | message |
    /// |---|---|
    /// | unauthorized | unauthorized |
    /// | rateLimited, reset time known | rateLimited(seconds until the reset, at least 1) |
    /// | rateLimited, reset time unknown | feedUpdateFailed |
    /// | network | as ``FailureMessages/feedRefresh(for:)-(NetworkError)`` |
    /// | malformed | feedUpdateFailed |
    public static func feedRefresh(for error: FeedSourceError, now: Date = Date()) -> UserMessage? {
        switch error {
        case .unauthorized:
            return .unauthorized
        case .rateLimited(let resetAt?):
            return .rateLimited(seconds: max(1, Int(resetAt.timeIntervalSince(now).rounded(.up))))
        case .rateLimited(nil):
            return .feedUpdateFailed
        case .network(let error):
            return feedRefresh(for: error)
        case .malformed:
            return .feedUpdateFailed
        }
    }
}
