import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
public import Networking
import Synchronization

/// AsyncHTTPClient (swift-server) as a `Networking.HTTPClient`, written the way an adopter of
/// Testbed's HTTPClient suite would: the client is configured from the suite's per-host limit and
/// deadlines, and every failure is mapped to a `NetworkError`.
///
/// What AsyncHTTPClient gives and what the adapter adds:
/// - the connect deadline and the per-host connection limit are client-wide settings
///   (`Timeout.connect`, `concurrentHTTP1ConnectionsPerHostSoftLimit`), so they come from the
///   factory, not from each request;
/// - the total deadline is AsyncHTTPClient's own (`execute(_:deadline:)`) only until the answer's
///   head arrives: the body streams after `execute` returns, unbounded, so the adapter's watch
///   enforces the total deadline over the body too;
/// - the stall deadline (no byte for that long once the answer started) is the adapter's own
///   watch over the body stream: AsyncHTTPClient's `read` timeout is client-wide too, and a
///   request's deadlines vary;
/// - a body cut short of its `Content-Length` is an HTTP parser error in SwiftNIO
///   (`invalidEOFState`); the adapter reports it as `connectionLost`, like a reset;
/// - the body limit is checked against `Content-Length` first, then while the body streams, so
///   an oversized body is never held;
/// - AsyncHTTPClient retries a connection it could not establish until the connect deadline
///   (`retryConnectionEstablishment`, on by default). With it on, a refused connection is reported
///   only when the connect deadline passes; ``init(maxConnectionsPerHost:timeouts:retriesConnections:trustedCertificatesPEM:)``
///   turns it off unless asked, so a refused connection is `offline` at once;
/// - a CA to trust (the suite's `HTTPClientSetup.trustedCertificatesPEM`) joins the system's roots
///   through `TLSConfiguration.additionalTrustRoots`; NIOSSL reports a rejected certificate as a
///   BoringSSL `CERTIFICATE_VERIFY_FAILED` without saying which check failed, so the adapter can
///   only name a host-name mismatch (`wrongHost`, NIOSSL's own check) and says `unspecified` for
///   the other certificate faults, `protocolRefused` for a handshake without a common version;
/// - AsyncHTTPClient counts the TLS handshake against its connect timeout, and the adapter's stall
///   watch starts with the answer's head, so a handshake the server never answers ends at the
///   connect deadline, not the stall deadline.
///
/// Call ``shutdown()`` before releasing it: AsyncHTTPClient requires it.
public final class AsyncHTTPClientAdapter: Networking.HTTPClient {
    private let client: AsyncHTTPClient.HTTPClient

    /// A client with at most `maxConnectionsPerHost` connections per host and `timeouts.connect`
    /// to connect; `retriesConnections` keeps AsyncHTTPClient's default of retrying connections it
    /// could not establish.
    /// `trustedCertificatesPEM` (PEM certificates, e.g. a mock server's CA) are trusted beside the
    /// system's roots; bytes that hold no certificate add nothing.
    public init(
        maxConnectionsPerHost: Int, timeouts: RequestTimeouts, retriesConnections: Bool = false, trustedCertificatesPEM: Data? = nil
    ) {
        var pool = AsyncHTTPClient.HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: maxConnectionsPerHost)
        pool.retryConnectionEstablishment = retriesConnections
        var tls = TLSConfiguration.makeClientConfiguration()
        if let pem = trustedCertificatesPEM, let authorities = try? NIOSSLCertificate.fromPEMBytes(Array(pem)), !authorities.isEmpty {
            tls.additionalTrustRoots = [.certificates(authorities)]
        }
        let configuration = AsyncHTTPClient.HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .follow(max: Self.maxRedirects, allowCycles: false),
            timeout: .init(connect: .nanoseconds(Int64(timeouts.connect.seconds * 1e9))),
            connectionPool: pool)
        client = AsyncHTTPClient.HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// Redirects followed before the request fails.
    public static let maxRedirects = 10

    /// Shuts AsyncHTTPClient down; requests still running fail.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends `request` and returns the whole response, or the `NetworkError` its failure maps to.
    public func send(_ request: Networking.HTTPRequest) async throws(NetworkError) -> Networking.HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let watch = StallWatch(stall: request.timeouts.stall, total: request.timeouts.total)
        let prepared = outgoing
        do {
            return try await withThrowingTaskGroup(of: Networking.HTTPResponse?.self) { group in
                group.addTask { try await self.exchange(prepared, request, watch) }
                group.addTask {
                    try await watch.run()
                    return nil
                }
                defer { group.cancelAll() }
                while let next = try await group.next() {
                    if let response = next { return response }
                }
                throw NetworkError.connectionLost
            }
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw Self.networkError(for: error)
        }
    }

    /// The request itself: the answer's head, the limit, then the body.
    private func exchange(
        _ outgoing: HTTPClientRequest, _ request: Networking.HTTPRequest, _ watch: StallWatch
    ) async throws -> Networking.HTTPResponse {
        let deadline = NIODeadline.now() + .nanoseconds(Int64(request.timeouts.total.seconds * 1e9))
        let response = try await client.execute(outgoing, deadline: deadline)
        watch.progressed()
        let status = Int(response.status.code)
        guard request.acceptableStatus.contains(status) else { throw NetworkError.httpStatus(status) }
        if let declared = response.headers.first(name: "content-length").flatMap(Int.init), declared > request.maxBytes {
            throw NetworkError.tooLarge(limit: request.maxBytes)
        }
        var body = Data()
        for try await chunk in response.body {
            watch.progressed()
            guard body.count + chunk.readableBytes <= request.maxBytes else { throw NetworkError.tooLarge(limit: request.maxBytes) }
            body.append(contentsOf: chunk.readableBytesView)
        }
        var headers: [String: String] = [:]
        for (name, value) in response.headers { headers[name.lowercased()] = value }
        let url = response.url ?? request.url
        return Networking.HTTPResponse(url: url, status: status, headers: headers, body: body)
    }

    /// AsyncHTTPClient's and SwiftNIO's errors in `NetworkError`'s terms.
    static func networkError(for error: any Error) -> NetworkError {
        switch error {
        case let error as NetworkError: return error
        case is StallWatch.Stalled: return .timedOut
        case is CancellationError: return .cancelled
        case let error as HTTPParserError:
            // The connection closed before the body's declared end: the body was cut, not malformed.
            if case .invalidEOFState = error { return .connectionLost }
            return .invalidResponse
        case let error as NIOSSLError: return networkError(for: error)
        case let error as NIOSSLExtraError where error == .failedToValidateHostname: return .secureConnectionFailed(.wrongHost)
        case let error as HTTPClientError: return networkError(for: error)
        case let error as IOError: return networkError(errno: error.errnoCode)
        case let error as NIOConnectionError:
            let errnos = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
            return errnos.isEmpty ? .offline : networkError(errno: errnos[0])
        case let error as ChannelError:
            if case .connectTimeout = error { return .timedOut }
            return .connectionLost
        default: return .connectionLost
        }
    }

    private static func networkError(for error: HTTPClientError) -> NetworkError {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout: return .timedOut
        case .cancelled: return .cancelled
        case .invalidURL, .emptyHost, .emptyScheme: return .invalidURL
        case .redirectLimitReached, .redirectCycleDetected: return .invalidResponse
        case .remoteConnectionClosed, .bodyLengthMismatch: return .connectionLost
        default: return .connectionLost
        }
    }

    /// A failed handshake: which check failed is only in BoringSSL's error names.
    private static func networkError(for error: NIOSSLError) -> NetworkError {
        switch error {
        case .handshakeFailed(let failure):
            let names = "\(failure)"
            if names.contains("CERTIFICATE_VERIFY_FAILED") { return .secureConnectionFailed(.unspecified) }
            if names.contains("UNSUPPORTED_PROTOCOL") || names.contains("PROTOCOL_VERSION") || names.contains("NO_SHARED_CIPHER") {
                return .secureConnectionFailed(.protocolRefused)
            }
            if case .sslError = failure { return .secureConnectionFailed(.unspecified) }
            return .connectionLost
        case .unableToValidateCertificate, .noCertificateToValidate, .cannotMatchULabel:
            return .secureConnectionFailed(.unspecified)
        case .uncleanShutdown, .readInInvalidTLSState, .shutdownFailed, .writeDuringTLSShutdown:
            return .connectionLost
        default:
            return .secureConnectionFailed(.unspecified)
        }
    }

    private static func networkError(errno: Int32) -> NetworkError {
        switch errno {
        case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH: return .offline
        case ETIMEDOUT: return .timedOut
        default: return .connectionLost
        }
    }
}

/// The stall and total deadlines over the body: once the answer has started, no byte for `stall`
/// ends the request, and so does the total deadline, counted from the request's start. Before the
/// answer's head AsyncHTTPClient's own deadline and connect timeout apply, so time spent waiting
/// for a free connection never counts as a stall.
final class StallWatch: Sendable {
    /// Thrown when the stall or total deadline passes.
    struct Stalled: Error {}

    private let stall: Duration
    private let deadline: ContinuousClock.Instant
    /// When the last byte came; nil until the answer's head arrives.
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    init(stall: Duration, total: Duration) {
        self.stall = stall
        deadline = .now + total
    }

    /// Something arrived.
    func progressed() {
        last.withLock { $0 = .now }
    }

    /// Returns never; throws ``Stalled`` once the answer started and then stopped for `stall`, or
    /// went on past the total deadline.
    func run() async throws {
        while true {
            try await Task.sleep(for: .milliseconds(20))
            guard let last = last.withLock({ $0 }) else { continue }
            if ContinuousClock.now - last > stall || ContinuousClock.now > deadline { throw Stalled() }
        }
    }
}
