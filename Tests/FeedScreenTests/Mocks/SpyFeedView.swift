import FeedScreen

/// A ``FeedView`` that records every call, in order.
@MainActor
final class SpyFeedView: FeedView {
    /// One call the presenter made.
    enum Event: Equatable {
        case display([TweetViewModel])
        case countdown(String)
        case message(String?)
    }

    private(set) var events: [Event] = []
    /// Called at the first `display`, before it is recorded (tests take snapshots there).
    var onFirstDisplay: (@MainActor () -> Void)?

    func display(_ tweets: [TweetViewModel]) {
        if !events.contains(where: { if case .display = $0 { true } else { false } }) {
            onFirstDisplay?()
        }
        events.append(.display(tweets))
    }

    func showCountdown(_ text: String) { events.append(.countdown(text)) }

    func showMessage(_ text: String?) { events.append(.message(text)) }

    /// Every list displayed, oldest first.
    var displays: [[TweetViewModel]] {
        events.compactMap { if case .display(let tweets) = $0 { tweets } else { nil } }
    }

    /// Every countdown text, oldest first.
    var countdowns: [String] {
        events.compactMap { if case .countdown(let text) = $0 { text } else { nil } }
    }

    /// Every message shown (`nil` = hidden), oldest first.
    var messages: [String?] {
        events.compactMap { if case .message(let text) = $0 { .some(text) } else { nil } }
    }
}
