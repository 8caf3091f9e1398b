import Foundation
import Networking
import Synchronization

/// An ``HTTPClient`` answering every request with `body` as a PNG, except that requests whose
/// URL contains "busy" wait until ``release()``; it records the order requests were sent in.
final class HoldingHTTPClient: HTTPClient {
    private struct State {
        var sent: [URL] = []
        var released = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let body: Data
    private let state = Mutex(State())

    init(body: Data) {
        self.body = body
    }

    /// The URLs sent so far, oldest first.
    var sent: [URL] { state.withLock { $0.sent } }

    /// Lets the held requests, and later ones, answer.
    func release() {
        let held = state.withLock { state in
            state.released = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let mustWait = state.withLock { state in
            state.sent.append(request.url)
            return request.url.absoluteString.contains("busy") && !state.released
        }
        if mustWait {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.released { return true }
                    state.held.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        return HTTPResponse(url: request.url, status: 200, headers: ["Content-Type": "image/png"], body: body)
    }
}
