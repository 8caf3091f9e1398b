import Foundation
import Networking

// Deliberately broken HTTP clients. Each wraps a real client and breaks one rule the way real
// loaders do, so that every contract is shown to fail when its rule is broken.

/// Flips one byte in the middle of every body (a buffer bug).
struct CorruptingClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let response = try await inner.send(request)
        var body = response.body
        if !body.isEmpty { body[body.startIndex + body.count / 2] ^= 0xFF }
        return HTTPResponse(url: response.url, status: response.status, headers: response.headers, body: body)
    }
}

/// Ignores the request's deadlines (uses a minute for each), like a loader that only sets
/// URLSession's resource timeout on Linux.
struct DeadlineIgnoringClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var relaxed = request
        relaxed.timeouts = RequestTimeouts(connect: .seconds(60), stall: .seconds(60), total: .seconds(60))
        return try await inner.send(relaxed)
    }
}

/// Reports every failure as `timedOut` (no error taxonomy).
struct EverythingTimesOutClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        do {
            return try await inner.send(request)
        } catch {
            throw error == .cancelled ? .cancelled : .timedOut
        }
    }
}

/// Treats any status as success (the classic "check only for transport errors" bug).
struct StatusIgnoringClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var lenient = request
        lenient.acceptableStatus = 100...599
        return try await inner.send(lenient)
    }
}

/// Downloads everything, then checks the size (memory grows with the body).
struct BufferingClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var unlimited = request
        unlimited.maxBytes = Int.max
        let response = try await inner.send(unlimited)
        if response.body.count > request.maxBytes { throw .tooLarge(limit: request.maxBytes) }
        return response
    }
}

/// Runs the request in a detached task, so cancelling the caller does not reach it.
struct UncancellableClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let inner = self.inner
        let result = await Task.detached { () async -> Result<HTTPResponse, NetworkError> in
            do throws(NetworkError) {
                return .success(try await inner.send(request))
            } catch {
                return .failure(error)
            }
        }.value
        return try result.get()
    }
}

/// A new client, and `Connection: close`, for every request: no connection is ever reused.
struct FreshConnectionClient: HTTPClient {
    let make: @Sendable () -> any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var closing = request
        closing.headers["Connection"] = "close"
        return try await make().send(closing)
    }
}
