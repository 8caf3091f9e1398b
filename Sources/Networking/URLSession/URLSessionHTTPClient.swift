import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPClient`` over `URLSession` (FoundationNetworking on Linux, Foundation elsewhere).
///
/// One ephemeral session per client (no URL cache, no cookies), so every request of a client
/// shares one connection pool with at most `maximumConnectionsPerHost` connections per host.
///
/// The session alone does not keep the ``HTTPClient`` rules on Linux, so the adapter keeps them
/// itself. Measured with swift-corelibs-foundation (Swift 6.3.1, libcurl 7.88, 2 cores) against
/// `MockServer`, raw `URLSession` without this adapter:
/// - **total deadline**: `timeoutIntervalForResource` is ignored. With it at 2 s and a 1 MB body
///   dripping at 50 kB/s the task was still running after 12 s; it would have taken ~22 s.
/// - **idle deadline**: `timeoutIntervalForRequest` (or `URLRequest.timeoutInterval`) is an idle
///   timeout, restarted by every received chunk, running from the start (connect and headers
///   included), and truncated to whole seconds: 1.9 s fires after 1.0 s, and anything under 1 s
///   (0.5 s) fails every request after 1–2 ms with -1001.
/// - **cut body** (`truncate`): error -1 (`unknown`) after ~1 ms, not `networkConnectionLost`;
///   a connection closed without an answer (`reset`) is -1005 `networkConnectionLost`.
/// - **stall** (`stall_after`, slow headers): waiting burns 83–90% of a core, mostly system time
///   (2.5–2.7 s CPU, 2.0–2.2 s of it system, over a 3 s stall; a 12 s drip: 10.2–10.6 s CPU).
///   Six stalled tasks in one session cost ~1 core together (2.8–2.9 s over 3 s); an idle
///   session costs nothing. libcurl under URLSession spins on futex/epoll/poll/read/write; the
///   adapter cannot avoid it, only bound it with the deadlines.
/// - **oversized body**: no limit at all; 30 MB with or without `Content-Length` arrives whole
///   in memory in 0.1 s (`expectedContentLength` is -1 for a chunked body).
/// - **paced chunked body** (`chunked=1&drip=…`): read far slower than sent — 8 MB at 1 MB/s
///   took 9.9 s, most of it in one burst at the end, and RSS grew by 270 MB; the same body with
///   `Content-Length` took 8.0 s with flat RSS. Meanwhile every call into the session
///   (`dataTask(with:)`, `resume()`, `cancel()`) waits for its busy work queue: `cancel()` did not
///   stop such a body in 5 of 8 runs (12 of 12 when called from another queue) — the task ran to
///   the end and completed with no error. Called on the delegate queue, the wait stopped
///   delivery while libcurl kept queueing chunks: 1.1–1.3 GB of RSS after 4–6 s, 16 GB after minutes.
/// - refused: -1004 `cannotConnectToHost`; unknown host: -1003 `cannotFindHost`; cancel of a
///   waiting task: -999 within 1 ms.
///
/// What the adapter adds (``URLSessionTransfer``): a watchdog per request that ends it with
/// ``NetworkError/timedOut`` at the total deadline or after ``RequestTimeouts/stall`` without a
/// byte (sub-second precision; the session's own idle timeout, rounded up to whole seconds, is
/// only a backstop); a byte limit counted in the data delegate, plus `Content-Length` checked up
/// front; `Task` cancellation that resumes the caller at once; and every call into the session
/// made on one control queue, never on the delegate queue or the cooperative pool, so a stuck
/// session delays nobody's deadline.
///
/// The adapter also keeps the per-host limit in front of the session (``URLSessionHostSlots``):
/// a task waiting inside the session for a connection is already resumed, and its stall clock
/// would count the wait. Redirects are the session's: 20 followed, the 21st or a loop is
/// ``NetworkError/invalidResponse`` (-1007); an empty reply (-1011) is
/// ``NetworkError/connectionLost`` and an answer that is not HTTP (-1002) is
/// ``NetworkError/invalidResponse``.
///
/// **HTTPS.** Certificates are checked against the system's trust store only. A rejected
/// certificate or a refused handshake is ``NetworkError/secureConnectionFailed(_:)``: on Linux
/// FoundationNetworking reports every TLS failure as `URLError.unknown` (-1) with libcurl's
/// message as its description, and the adapter reads the kind from that message as
/// ``CurlHTTPClient`` does (the -1200 family, Apple's, is mapped too). A stalled handshake ends
/// at the stall deadline, whose clock starts when the request is handed to the session.
///
/// Not kept through `URLSession` on Linux:
/// - ``RequestTimeouts/connect``: the session reports no connect phase, so an unanswered
///   connection attempt ends with ``NetworkError/timedOut`` at the stall (or total) deadline
///   (the `http.connectDeadline` contract's known violation). The same holds for a stalled
///   TLS handshake: the stall deadline ends it, the connect deadline does not.
/// - **a CA of the caller's** (what ``CurlHTTPClient/Configuration/trustedCertificates`` does):
///   FoundationNetworking (Swift 6.3.1) offers nothing for it without a process-wide or
///   machine-wide side effect. It reads the `URLSessionCertificateAuthorityInfoFile`
///   environment variable only when built for Android (`EasyHandle.setCARootBundlePath`), and
///   on Linux leaves libcurl's default CA bundle in place; `SSL_CERT_FILE`, `CURL_CA_BUNDLE`
///   and `URLSessionCertificateAuthorityInfoFile` were all measured to change nothing; a
///   server-trust challenge never reaches the delegate (`URLProtectionSpace.serverTrust` is
///   unsupported). The only way is the system's trust store itself
///   (`update-ca-certificates`), which changes every process on the machine. So a server with
///   its own CA (MockServer's TLS port) is ``SecureConnectionFailure/untrustedIssuer`` here,
///   and a certificate fault behind that CA shows as the untrusted chain first: OpenSSL checks
///   the chain before the dates, the host name or a TLS 1.0 signature (a self-signed leaf stays
///   ``SecureConnectionFailure/selfSigned``).
/// - "reading stops at the limit": the caller gets ``NetworkError/tooLarge(limit:)`` and no
///   byte past the limit is kept, but the session may read on — on loopback a 30 MB body is
///   read whole before the cancel lands, and a paced chunked body until it ends (see above).
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let router: URLSessionEventRouter
    /// The only queue that calls into the session (see ``URLSessionTransfer``).
    private let control = DispatchQueue(label: "URLSessionHTTPClient.control")
    /// The per-host limit, kept before the session so a waiting request's stall clock has not
    /// started (see ``URLSessionHostSlots``).
    private let slots: URLSessionHostSlots

    /// Creates a client with its own session and connection pool.
    /// - Parameter maximumConnectionsPerHost: most simultaneous connections to one host
    ///   (default 6); further requests wait for a free connection.
    public init(maximumConnectionsPerHost: Int = 6) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        slots = URLSessionHostSlots(limit: maximumConnectionsPerHost)
        // Each request sets its own idle timeout; these are the defaults it overrides.
        configuration.timeoutIntervalForRequest = RequestTimeouts.default.stall.seconds
        // Ignored by FoundationNetworking; the transfer's watchdog enforces the total deadline.
        configuration.timeoutIntervalForResource = RequestTimeouts.default.total.seconds

        let queue = OperationQueue()
        queue.name = "URLSessionHTTPClient.delegate"
        queue.maxConcurrentOperationCount = 1
        router = URLSessionEventRouter()
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    deinit {
        control.async { [session] in session.invalidateAndCancel() }
    }

    /// Sends `request` through the session, enforcing its total and stall deadlines and byte
    /// limit in the adapter. Past the per-host limit, the request waits in the adapter with only
    /// its total deadline running; its stall deadline starts when it is handed to the session. Unlike ``CurlHTTPClient``, the connect deadline cannot be kept on
    /// its own (URLSession on Linux does not report when the connection is made): an unanswered
    /// connection attempt ends at the stall or total deadline, whichever comes first.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        guard let urlRequest = Self.urlRequest(for: request), let host = request.origin else { throw .invalidURL }
        let transfer = URLSessionTransfer(request: request)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.begin(continuation, control: control, slots: slots, host: host) { [session, router] in
                    let task = session.dataTask(with: urlRequest)
                    router.register(transfer, for: task)
                    return task
                }
            }
        } onCancel: {
            transfer.finish(.failure(.cancelled))
        }
        return try result.get()
    }

    /// The `URLRequest` for `request`, or `nil` when its URL is not an absolute http(s) URL.
    static func urlRequest(for request: HTTPRequest) -> URLRequest? {
        guard request.origin != nil else { return nil }
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: idleTimeout(for: request.timeouts))
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    /// The session's own idle timeout: the stall deadline rounded up to whole seconds, because
    /// FoundationNetworking truncates it to whole seconds and fails at once below one second.
    /// The transfer's watchdog keeps the precise deadline; this is only a backstop.
    static func idleTimeout(for timeouts: RequestTimeouts) -> TimeInterval {
        max(1, timeouts.stall.seconds.rounded(.up))
    }
}
