import Foundation
import Networking
import Synchronization

/// An ``HTTPClient`` that answers with scripted results in order (the last repeats) and keeps
/// the requests it was given.
final class ScriptedHTTPClient: HTTPClient {
    private struct State {
        var results: [Result<Data, NetworkError>]
        var requests: [HTTPRequest] = []
    }

    private let state: Mutex<State>

    init(_ results: Result<Data, NetworkError>...) {
        state = Mutex(State(results: results))
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let result = state.withLock { state in
            state.requests.append(request)
            let result = state.results.first ?? .failure(.offline)
            if state.results.count > 1 { state.results.removeFirst() }
            return result
        }
        let body = try result.get()
        return HTTPResponse(url: request.url, status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
