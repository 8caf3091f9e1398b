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
/// - cancelling the calling `Task` ends the transfer promptly with ``NetworkError/cancelled``.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the whole response.
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse
}
