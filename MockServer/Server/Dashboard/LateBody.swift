import Foundation
import Synchronization

/// The body of a response whose headers went out before the body existed (`POST /__admin/try`):
/// another thread delivers the bytes later, and until then the content reader keeps the
/// connection suspended (never returning 0 without suspending, which would busy-loop).
///
/// `@unchecked Sendable`: `pending` and `finished` are only touched by the content reader, on the
/// daemon's polling thread; the delivered bytes and whether the reader waits for them go
/// through `state`, whose lock also makes "nothing yet, so suspend" and "deliver, so resume"
/// exclusive: a delivery can never slip between the check and the suspension.
final class LateBody: @unchecked Sendable {
    private struct State {
        var delivered: Data?
        var waiting = false
    }

    /// The request this body answers.
    let context: RequestContext
    private var pending = PendingBytes()
    private var finished = false
    private let state = Mutex(State())

    init(context: RequestContext) {
        self.context = context
    }

    /// Hands the whole body over and resumes the connection if it waits (any thread).
    func deliver(_ data: Data, scheduler: ConnectionScheduler) {
        state.withLock { state in
            state.delivered = data
            if state.waiting {
                state.waiting = false
                scheduler.resume(context, reason: .ready)
            }
        }
    }

    /// The content reader (polling thread): the delivered bytes a block at a time, then the end
    /// of the stream; suspends while nothing was delivered yet.
    func read(into buffer: UnsafeMutableRawPointer, maximum: Int, scheduler: ConnectionScheduler) -> Int {
        if let reason = context.takeWakeReason(), reason.endsConnection { return ServerCore.readerError }
        if !pending.isEmpty { return pending.copy(into: buffer, maximum: maximum) }
        if finished { return ServerCore.readerEndOfStream }
        guard let connection = context.connection else { return ServerCore.readerError }
        enum Next { case bytes(Data), waiting, stopping }
        let next: Next = state.withLock { state in
            if let data = state.delivered {
                state.delivered = nil
                return .bytes(data)
            }
            guard scheduler.suspend(context, connection: connection, until: nil) else { return .stopping }
            state.waiting = true
            return .waiting
        }
        switch next {
        case .waiting:
            return 0
        case .stopping:
            return ServerCore.readerError
        case .bytes(let data):
            finished = true
            pending = PendingBytes(data)
            return pending.isEmpty ? ServerCore.readerEndOfStream : pending.copy(into: buffer, maximum: maximum)
        }
    }
}
