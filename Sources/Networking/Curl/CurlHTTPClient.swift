/// An ``HTTPClient`` over libcurl's multi interface: one multi handle, driven by one dedicated
/// thread, runs every transfer of the client and keeps its connections for reuse.
///
/// - **Threading.** The driver thread sleeps in `curl_multi_poll`; `send` and cancellation wake
///   it with `curl_multi_wakeup`. Nothing polls: waiting on a stalled server costs no CPU. The
///   thread ends when the client is released.
/// - **Per-host limit.** At most ``Configuration/maxConnectionsPerHost`` transfers run per host
///   (scheme, host, port); the rest wait in FIFO order, in the driver, not inside libcurl.
/// - **Deadlines.** ``RequestTimeouts/total`` counts from the call to `send`, time spent waiting
///   for a slot included; ``RequestTimeouts/stall`` (no byte received, counted from the moment
///   the connection is ready) restarts with every byte. The driver enforces both on the clock
///   `send` started (libcurl's `CURLOPT_TIMEOUT_MS` stays set, a little later, as a backstop).
///   ``RequestTimeouts/connect`` is `CURLOPT_CONNECTTIMEOUT_MS`, which covers the TLS
///   handshake too. A TLS handshake is also held to the stall deadline, counted from the moment
///   the TCP connection is made: a stalled handshake ends at whichever comes first. All end in
///   ``NetworkError/timedOut``; a refused, unreachable or unknown host is ``NetworkError/offline``.
/// - **HTTPS.** Certificates are checked against the system's trust store plus
///   ``Configuration/trustedCertificates``. A rejected certificate or a refused handshake is
///   ``NetworkError/secureConnectionFailed(_:)``, saying which check failed.
/// - **Size.** ``HTTPRequest/maxBytes`` is checked against a declared `Content-Length` before
///   any body byte, and byte by byte in the write callback (chunked bodies): the body is never
///   buffered beyond the limit. Both end in ``NetworkError/tooLarge(limit:)``.
/// - **Cancellation.** Cancelling the calling task removes the transfer from the multi handle
///   within milliseconds and closes its connection; a request still waiting for a slot never
///   reaches the network. Both end in ``NetworkError/cancelled``.
/// - **Redirects.** Up to ``Configuration/maxRedirects`` (5 by default), to `http`/`https`
///   only, with absolute, path or relative `Location`; ``HTTPResponse/url`` is the final URL.
///   One redirect more (a longer chain, or a loop) is ``NetworkError/invalidResponse``. The
///   transfer keeps counting against the host it was sent to.
/// - **Queued requests.** A request waiting for a per-host slot has no stall or connect clock
///   yet: both start when it gets its connection (libcurl's connect timer when the transfer is
///   added, the stall clock when the connection is ready). Only the total deadline counts the wait.
/// - **Protocol.** HTTP/1.1, no signals (`CURLOPT_NOSIGNAL`), no proxy unless configured.
///
/// How libcurl's result codes map to ``NetworkError``: see `CurlCodeMapping`.
public final class CurlHTTPClient: HTTPClient, PartialBodyKeeping {
    private let driver: CurlDriver

    /// Creates a client and starts its driver thread.
    public init(configuration: Configuration = .init()) {
        driver = CurlDriver(configuration: configuration)
    }

    deinit {
        driver.shutdown()
    }

    /// Sends `request` and returns the whole response; throws only ``NetworkError``.
    ///
    /// A URL that is not an absolute `http`/`https` URL with a host is
    /// ``NetworkError/invalidURL`` at once; a task cancelled before the call is
    /// ``NetworkError/cancelled`` at once. Neither reaches libcurl.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try await send(request, keepPartial: nil)
    }

    /// As ``send(_:)``; a transfer that breaks after an acceptable status and some body bytes
    /// first hands them to `keep` (see ``PartialBodyKeeping``).
    public func send(
        _ request: HTTPRequest, keepingPartialBody keep: @escaping @Sendable (HTTPResponse) -> Void
    ) async throws(NetworkError) -> HTTPResponse {
        try await send(request, keepPartial: keep)
    }

    private func send(
        _ request: HTTPRequest, keepPartial: (@Sendable (HTTPResponse) -> Void)?
    ) async throws(NetworkError) -> HTTPResponse {
        guard let hostKey = request.origin else { throw .invalidURL }
        if Task.isCancelled { throw .cancelled }
        let driver = self.driver
        let id = driver.makeID()
        let deadline = ContinuousClock.now + request.timeouts.total
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                driver.submit(
                    CurlSubmission(
                        id: id, request: request, hostKey: hostKey, deadline: deadline, continuation: continuation,
                        keepPartial: keepPartial))
                // A cancellation that came before the submission was posted found nothing to
                // cancel in the driver; post it again now (a second one is ignored).
                if Task.isCancelled { driver.cancel(id) }
            }
        } onCancel: {
            driver.cancel(id)
        }
        return try result.get()
    }
}
