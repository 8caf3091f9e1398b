/// An ``HTTPClient`` that can hand over what arrived of a body before its transfer broke, so
/// the caller can ask for the rest with `Range` instead of starting over (``CurlHTTPClient``
/// does; `ImagePipeline` resumes with it).
///
/// A capability, not a requirement: a caller checks for it with `as?` and uses any other
/// client as before.
public protocol PartialBodyKeeping: HTTPClient {
    /// Sends `request` as ``HTTPClient/send(_:)`` does. When the transfer then breaks with
    /// ``NetworkError/connectionLost`` or ``NetworkError/timedOut`` after an acceptable status
    /// and at least one body byte, `keep` is called once, before the error is thrown, with that
    /// answer's status and headers (which describe the whole body: `ETag`, `Accept-Ranges`,
    /// `Content-Length` or `Content-Range`) and the body bytes that arrived.
    func send(
        _ request: HTTPRequest, keepingPartialBody keep: @escaping @Sendable (HTTPResponse) -> Void
    ) async throws(NetworkError) -> HTTPResponse
}
