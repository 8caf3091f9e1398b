import Foundation
import Synchronization

/// One client of `GET /__admin/events`: what it has been sent so far, and the event being
/// written to it.
///
/// `@unchecked Sendable`: everything but `encoded` is only touched by the content reader, on
/// the daemon's polling thread; `encoded` is handed over by the worker that encodes records.
final class EventStream: @unchecked Sendable {
    /// The request this stream answers.
    let context: RequestContext
    /// The journal position sent last; `nil` until the snapshot was sent.
    var position: EventFeed.Position?
    /// The offline state sent last.
    var offlineSent: Bool?
    /// When the last batch of records went out (monotonic ns).
    var lastBatch: UInt64 = 0
    /// When anything last went out (monotonic ns), for the keep-alive comments.
    var lastWrite: UInt64
    /// The event being written.
    var pending = PendingBytes()
    /// A worker is encoding the next event.
    var encoding = false
    private let encoded = Mutex<Data?>(nil)

    init(context: RequestContext) {
        self.context = context
        lastWrite = monotonicNanoseconds()
    }

    /// Hands over an encoded event (worker thread).
    func deliver(_ event: Data) { encoded.withLock { $0 = event } }

    /// Takes the encoded event, if it is ready (polling thread).
    func takeEncoded() -> Data? { encoded.withLock { data in defer { data = nil }; return data } }
}
