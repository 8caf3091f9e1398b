import Foundation
import Networking
import Synchronization

/// An in-memory ``HTTPClient``: answers with what `reply` returns and records every request.
final class MockHTTPClient: HTTPClient {
    typealias Reply = @Sendable (HTTPRequest) -> Result<HTTPResponse, NetworkError>

    private let state: Mutex<(reply: Reply, requests: [HTTPRequest])>

    init(reply: @escaping Reply) {
        state = Mutex((reply, []))
    }

    /// A client answering every request with `body` as `contentType`.
    convenience init(body: Data, contentType: String = "image/png") {
        self.init { request in
            .success(HTTPResponse(url: request.url, status: 200, headers: ["Content-Type": contentType], body: body))
        }
    }

    /// The requests sent so far, oldest first.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Answers later requests with `reply`.
    func setReply(_ reply: @escaping Reply) { state.withLock { $0.reply = reply } }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let reply = state.withLock { state in
            state.requests.append(request)
            return state.reply
        }
        return try reply(request).get()
    }
}
