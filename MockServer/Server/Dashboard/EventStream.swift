import Foundation
import Synchronization

/// One client of `GET /__admin/events`: what it has been sent so far, and the event being
/// written to it.
///
/// `@unchecked Sendable`: everything but `encoded` is only touched by the content reader, on
/// the daemon's polling thread; `encoded` is handed over by the worker that encodes records,
/// under a lock that also makes "not encoded yet, so suspend" and "delivered, so resume"
/// exclusive: the worker's wake-up cannot slip between the reader's check and its suspension
/// (the connection may be resumed for another reason meanwhile, and suspend again).
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
    private let encoded = Mutex(Handover())

    /// The encoded event and whether the reader waits for it. A named type rather than a tuple:
    /// ci/tsan-suppressions.txt recognises lock bodies by the mangled `inout sending` parameter,
    /// which a tuple state loses.
    private struct Handover {
        var event: Data?
        var waiting = false
    }

    init(context: RequestContext) {
        self.context = context
        lastWrite = monotonicNanoseconds()
    }

    /// What the reader finds when it looks for the encoded event.
    enum Encoded: Sendable {
        /// Here it is.
        case ready(Data)
        /// Not yet: the connection is suspended until it is delivered.
        case waiting
        /// Not yet, and the connection could not be suspended (its daemon is stopping).
        case stopping
    }

    /// Hands over an encoded event and resumes the reader if it waits for it (worker thread).
    func deliver(_ event: Data, scheduler: ConnectionScheduler) {
        encoded.withLock { state in
            state.event = event
            if state.waiting {
                state.waiting = false
                scheduler.resume(context, reason: .ready)
            }
        }
    }

    /// Takes the encoded event, or suspends the connection until it is delivered (polling thread).
    func takeEncoded(connection: OpaquePointer, scheduler: ConnectionScheduler) -> Encoded {
        encoded.withLock { state in
            if let event = state.event {
                state.event = nil
                state.waiting = false
                return .ready(event)
            }
            guard scheduler.suspend(context, connection: connection, until: nil) else { return .stopping }
            state.waiting = true
            return .waiting
        }
    }
}
