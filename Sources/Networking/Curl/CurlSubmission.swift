import Foundation

/// A request handed from ``CurlHTTPClient/send(_:)`` to the driver thread: everything the
/// driver needs to run it and to answer the waiting caller.
struct CurlSubmission: Sendable {
    /// Identifies the request for cancellation; unique per client.
    let id: UInt64
    /// The request as given.
    let request: HTTPRequest
    /// `scheme://host:port`: the per-host connection limit counts by this key.
    let hostKey: String
    /// When the total deadline passes. It counts from the call to `send`, so time spent
    /// waiting for a free per-host slot is part of it: the user waits for the whole request.
    let deadline: ContinuousClock.Instant
    /// Resumed exactly once, on the driver thread, with the outcome.
    let continuation: CheckedContinuation<Result<HTTPResponse, NetworkError>, Never>
    /// Receives the head and the body bytes of a transfer that broke after an acceptable
    /// status (``PartialBodyKeeping``), on the driver thread, before ``continuation``.
    var keepPartial: (@Sendable (HTTPResponse) -> Void)? = nil

}
