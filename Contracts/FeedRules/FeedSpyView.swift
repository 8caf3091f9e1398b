import ContractsCore
import FeedScreen
import Foundation

/// The suite's feed view: records what it is shown; `onFirstTweets` runs once, when tweets are
/// first on screen.
@MainActor
final class FeedSpyView: FeedView {
    private(set) var tweets: [TweetViewModel] = []
    private(set) var displays: [[TweetViewModel]] = []
    private(set) var countdowns: [String] = []
    private(set) var messages: [String?] = []
    var onFirstTweets: (@MainActor () -> Void)?

    func display(_ tweets: [TweetViewModel]) {
        self.tweets = tweets
        displays.append(tweets)
        if !tweets.isEmpty, let first = onFirstTweets {
            onFirstTweets = nil
            first()
        }
    }

    func showCountdown(_ text: String) { countdowns.append(text) }
    func showMessage(_ text: String?) { messages.append(text) }

    var countdown: String? { countdowns.last }
    var message: String? { messages.last ?? nil }
}
