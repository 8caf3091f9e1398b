import FeedScreen
import Foundation
import ImageCodec

/// The feed screen on the page: every ``FeedView`` call becomes one `feed.*` event. Avatars go
/// inline as `data:` URLs of the bytes the feed cached (PNG or JPEG, never decoded here).
@MainActor
final class FeedWebView: FeedView {
    private let session: WebSession

    /// A view drawing into `session`'s page.
    init(session: WebSession) {
        self.session = session
    }

    func display(_ tweets: [TweetViewModel]) {
        let rows = tweets.map { tweet in
            Row(id: String(tweet.id), userName: tweet.userName, screenName: tweet.screenName, text: tweet.text,
                avatar: Self.avatar(tweet.avatar))
        }
        session.send(ServerSentEvent("feed.display", ["tweets": rows]))
    }

    func showCountdown(_ text: String) {
        session.send(ServerSentEvent("feed.countdown", ["text": text]))
    }

    func showMessage(_ text: String?) {
        session.send(ServerSentEvent("feed.message", TextPayload(text: text)))
    }

    /// `hidden`, `placeholder`, or a `data:` URL; bytes that are neither PNG nor JPEG (the
    /// feed checks them, but a page must never be handed markup) show the placeholder.
    static func avatar(_ avatar: AvatarViewModel) -> String {
        switch avatar {
        case .hidden: return "hidden"
        case .placeholder: return "placeholder"
        case .image(let bytes):
            let data = Data(bytes)
            // Browsers do not show HEIC: such an avatar stays a placeholder on the page.
            guard let info = try? ImageCodec.probe(data), info.format != .heic else { return "placeholder" }
            return "data:\(info.format.mimeType);base64,\(data.base64EncodedString())"
        }
    }

    private struct Row: Encodable {
        let id: String
        let userName: String
        let screenName: String
        let text: String
        let avatar: String
    }
}
