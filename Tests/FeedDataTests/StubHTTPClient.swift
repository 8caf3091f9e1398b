import Foundation
import Networking
import Synchronization

/// An ``HTTPClient`` that answers every request with one canned response (or error) and keeps
/// the requests it was given.
final class StubHTTPClient: HTTPClient {
    private let result: Result<HTTPResponse, NetworkError>
    private let received = Mutex<[HTTPRequest]>([])

    /// The requests sent so far, oldest first.
    var requests: [HTTPRequest] { received.withLock { $0 } }

    init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        let url = URL(fileURLWithPath: "/stub")
        result = .success(HTTPResponse(url: url, status: status, headers: headers, body: body))
    }

    init(error: NetworkError) {
        result = .failure(error)
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        received.withLock { $0.append(request) }
        return try result.get()
    }
}
