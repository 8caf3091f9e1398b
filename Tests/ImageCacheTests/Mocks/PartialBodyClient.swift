import Foundation
import Networking
import Synchronization

/// An in-memory ``PartialBodyKeeping`` client: each request gets the next scripted answer,
/// which may hand over a partial body before failing. Records every request.
final class PartialBodyClient: PartialBodyKeeping {
    /// One scripted answer.
    enum Answer: Sendable {
        /// The response.
        case response(HTTPResponse)
        /// `partial` handed over, then `error` thrown.
        case cut(partial: HTTPResponse, error: NetworkError)
    }

    private struct State {
        var answers: [Answer]
        var requests: [HTTPRequest] = []
    }

    private let state: Mutex<State>

    init(_ answers: [Answer]) {
        state = Mutex(State(answers: answers))
    }

    /// The requests sent so far, oldest first.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try await send(request, keepingPartialBody: { _ in })
    }

    func send(
        _ request: HTTPRequest, keepingPartialBody keep: @escaping @Sendable (HTTPResponse) -> Void
    ) async throws(NetworkError) -> HTTPResponse {
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case .response(let response):
            return response
        case .cut(let partial, let error):
            keep(partial)
            throw error
        case nil:
            throw .offline
        }
    }
}
