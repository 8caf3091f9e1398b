import FeedData
import FeedScreen
import Foundation
import Messages

extension FeedSourceError {
    /// What the feed shows for this error (the feed screen's mapping), so the client's tests
    /// check what the user would read, not only the error case.
    func shown(now: Date = Date()) -> UserMessage? {
        FailureMessages.feedRefresh(for: self, now: now)
    }
}
