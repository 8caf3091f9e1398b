/// Sends HTTP requests. Implementations: ``CurlHTTPClient`` (libcurl) and
/// ``URLSessionHTTPClient`` (FoundationNetworking); the `Contracts` module checks any other.
///
/// The rules every implementation keeps (each one is a contract in `Contracts`):
/// - the request's ``RequestTimeouts`` are enforced: total deadline, stall deadline, connect
///   deadline, each ending in ``NetworkError/timedOut`` (connect: ``NetworkError/offline``
///   when the host refuses or cannot be reached);
/// - a body longer than ``HTTPRequest/maxBytes`` ends the transfer with
///   ``NetworkError/tooLarge(limit:)`` and never buffers much beyond the limit;
/// - a status outside ``HTTPRequest/acceptableStatus`` is ``NetworkError/httpStatus(_:)``;
/// - cancelling the calling `Task` ends the transfer promptly with ``NetworkError/cancelled``;
/// - a request waiting for a free connection (past the per-host limit) has no stall or connect
///   clock until it is connected; only the total deadline counts the wait;
/// - redirects are followed, at least 5 (``CurlHTTPClient``: 5, see
///   ``CurlHTTPClient/Configuration/maxRedirects``), absolute, path or relative `Location`; one
///   more, or a loop, is ``NetworkError/invalidResponse``;
/// - a connection closed without a reply is ``NetworkError/connectionLost``; an answer that is
///   not HTTP is ``NetworkError/invalidResponse``.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the whole response.
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse
}
