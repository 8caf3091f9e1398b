import Foundation
import Networking
import Synchronization

/// An in-memory ``HTTPClient``: answers with what `reply` returns and records every request.
final class MockHTTPClient: HTTPClient {
    typealias Reply = @Sendable (HTTPRequest) -> Result<HTTPResponse, NetworkError>

    /// A named type rather than a tuple: ci/tsan-suppressions.txt recognises lock bodies by the
    /// mangled `inout sending` parameter, which a tuple state loses.
    private struct State {
        var reply: Reply
        var requests: [HTTPRequest] = []
    }

    private let state: Mutex<State>

    init(reply: @escaping Reply) {
        state = Mutex(State(reply: reply))
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
