import Networking
import Synchronization

/// Where a client that keeps partial bodies (``PartialBodyKeeping``) leaves them for the pipeline.
final class PartialBodyBox: Sendable {
    private let partial = Mutex<HTTPResponse?>(nil)

    /// Keeps `response` (the latest one wins).
    func keep(_ response: HTTPResponse) { partial.withLock { $0 = response } }
    /// The response kept, if any, emptying the box.
    func take() -> HTTPResponse? { partial.withLock { value in defer { value = nil }; return value } }
}
