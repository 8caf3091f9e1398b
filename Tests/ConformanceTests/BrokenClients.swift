import Foundation
import Networking
import Synchronization

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

/// Keeps the per-host limit itself, in front of a client without one, and starts each request's
/// stall and connect clocks when it is queued instead of when it gets a connection: the time it
/// waited is taken off both (and off the total), so a request that waited long times out early
/// (the adapter the issue found, which kept every other rule).
struct QueueTimeCountingClient: HTTPClient {
    let inner: any HTTPClient
    let slots: HostSlots

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let queued = ContinuousClock.now
        let host = "\(request.url.host ?? ""):\(request.url.port ?? 80)"
        await slots.acquire(host)
        defer { slots.release(host) }
        if Task.isCancelled { throw .cancelled }
        let waited = ContinuousClock.now - queued
        var charged = request
        charged.timeouts = RequestTimeouts(
            connect: request.timeouts.connect - waited, stall: request.timeouts.stall - waited,
            total: request.timeouts.total - waited)
        guard charged.timeouts.connect > .zero, charged.timeouts.stall > .zero, charged.timeouts.total > .zero else {
            throw .timedOut
        }
        return try await inner.send(charged)
    }
}

/// At most `limit` holders per host; the others wait in FIFO order (not cancellable: a twin).
final class HostSlots: Sendable {
    private let limit: Int
    /// Slots in use and the requests waiting for one, per host.
    private struct Slots {
        var inUse: [String: Int] = [:]
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let state = Mutex(Slots())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire(_ host: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                guard state.inUse[host, default: 0] < limit else {
                    state.waiting[host, default: []].append(continuation)
                    return false
                }
                state.inUse[host, default: 0] += 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the slot to the next waiter of `host`, or frees it.
    func release(_ host: String) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if var line = state.waiting[host], !line.isEmpty {
                let next = line.removeFirst()
                state.waiting[host] = line.isEmpty ? nil : line
                return next
            }
            state.inUse[host, default: 1] -= 1
            return nil
        }
        next?.resume()
    }
}

/// Uses the total deadline for connecting (one timeout for everything): a host that never
/// answers the connection is noticed only at the total deadline.
struct ConnectDeadlineIgnoringClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var relaxed = request
        relaxed.timeouts.connect = request.timeouts.total
        return try await inner.send(relaxed)
    }
}

/// Takes a connection closed before any response for an empty 200 (the leniency of clients
/// that accept HTTP/0.9-style answers). It cannot tell an empty reply from a reset or a cut
/// body, so it breaks those rules too.
struct LostAsEmptyResponseClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        do {
            return try await inner.send(request)
        } catch .connectionLost {
            return HTTPResponse(url: request.url, status: 200, headers: [:], body: Data())
        }
    }
}

/// An error one broken twin reports as another: each mixes up one kind of failure.
enum ErrorMixUp: Sendable {
    /// Reports an answer that is not HTTP as a broken connection (worth a retry), not as
    /// invalidResponse (a retry cannot fix it). A redirect loop is invalidResponse too, so that
    /// rule breaks with it.
    case protocolErrorAsLost
    /// Reports a certificate failure as `offline` (the client that folds every handshake error
    /// into "no connection"): the user is told to check a network that works.
    case certificateFailureAsOffline
    /// Names every certificate failure `expired`, whatever it was (a mapping table with one row).
    case certificateKindGuessing
    /// Reports every certificate failure without its kind.
    case unspecifiedCertificateKind

    /// What the twin reports instead of `error`; nil where it reports `error` itself.
    func replacement(for error: NetworkError) -> NetworkError? {
        switch (self, error) {
        case (.protocolErrorAsLost, .invalidResponse): .connectionLost
        case (.certificateFailureAsOffline, .secureConnectionFailed): .offline
        case (.certificateKindGuessing, .secureConnectionFailed): .secureConnectionFailed(.expired)
        case (.unspecifiedCertificateKind, .secureConnectionFailed): .secureConnectionFailed(.unspecified)
        default: nil
        }
    }
}

/// Passes every request to `inner` and reports its errors through ``ErrorMixUp``.
struct MixingUpClient: HTTPClient {
    let inner: any HTTPClient
    let mixUp: ErrorMixUp

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        do {
            return try await inner.send(request)
        } catch {
            throw mixUp.replacement(for: error) ?? error
        }
    }
}

/// Leaves a TLS handshake to the connect deadline alone, like a client whose stall clock starts
/// only once the connection is set up: a handshake the server never answers lasts until the
/// connect deadline. Built by raising the stall deadline of HTTPS requests to the connect
/// deadline (no rule stalls an HTTPS body); plain HTTP keeps its stall deadline.
struct HandshakeStallIgnoringClient: HTTPClient {
    let inner: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        guard request.url.scheme?.lowercased() == "https" else { return try await inner.send(request) }
        var relaxed = request
        relaxed.timeouts.stall = max(request.timeouts.stall, request.timeouts.connect)
        return try await inner.send(relaxed)
    }
}

/// Flips a byte in the middle of every HTTPS body after the first this client received (a
/// decryption buffer that a kept-alive TLS connection reuses before it is drained): the first
/// HTTPS answer and every plain HTTP answer arrive intact.
final class ReusedTLSCorruptingClient: HTTPClient {
    let inner: any HTTPClient
    /// HTTPS bodies received so far.
    private let received = Mutex(0)

    init(inner: any HTTPClient) {
        self.inner = inner
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let response = try await inner.send(request)
        guard request.url.scheme?.lowercased() == "https" else { return response }
        let earlier = received.withLock { count -> Int in
            defer { count += 1 }
            return count
        }
        var body = response.body
        guard earlier > 0, !body.isEmpty else { return response }
        body[body.startIndex + body.count / 2] ^= 0xFF
        return HTTPResponse(url: response.url, status: response.status, headers: response.headers, body: body)
    }
}
