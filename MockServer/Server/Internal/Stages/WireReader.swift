import Foundation

/// The wire stage's reader: libmicrohttpd calls it for each block of a shaped body (a ``WireShape``
/// or a stub's `chunkedDribbleDelay`). It needs the request's context and two services: the
/// scheduler, to suspend the connection until more bytes are due, and the hand-over count.
///
/// It never returns 0 without suspending the connection first: a content reader that returns 0
/// otherwise busy-loops libmicrohttpd at 100% CPU. A suspension refused (the server is stopping)
/// ends the body with an error instead.
struct WireReader {
    /// `MHD_CONTENT_READER_END_WITH_ERROR` (a cast macro Swift does not import): end the body
    /// with an error, closing the connection.
    static let error = ServerCore.readerError
    /// `MHD_CONTENT_READER_END_OF_STREAM`: the end of a body of unknown size.
    static let endOfStream = ServerCore.readerEndOfStream

    /// Suspends and resumes the connection between blocks.
    let scheduler: ConnectionScheduler
    /// Counts answers handed over but not yet journalled.
    let handOvers: HandOvers

    /// The reader behind shaped bodies. On the wire, in this order: `truncate` ends the body
    /// with an error at its byte count; `stall_after` sends that many bytes, then suspends the
    /// connection until the client leaves; `drip` paces at most 100 ms worth of bytes per step,
    /// suspending between steps. It never returns 0 without suspending (that would busy-loop).
    func read(_ context: RequestContext, position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int {
        if let reason = context.takeWakeReason(), reason.endsConnection {
            if context.outcome == nil || context.outcome == .stalled {
                context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
            }
            return Self.error
        }
        if let dribble = context.dribble {
            return readDribble(context, dribble, position: position, into: buffer, maximum: maximum)
        }
        guard let reply = context.reply, let connection = context.connection else { return Self.error }
        let wire = context.wire
        var end = reply.length
        if let cut = wire.truncate {
            if position >= cut {
                context.outcome = Fault.Name.truncate.outcome
                return Self.error
            }
            end = min(end, cut)
        }
        if let stall = wire.stallAfter, stall < reply.length {
            if position >= stall {
                context.outcome = Fault.Name.stallAfter.outcome
                return scheduler.suspend(context, connection: connection, until: nil) ? 0 : Self.error
            }
            end = min(end, stall)
        }
        if wire.drip > 0 {
            switch context.dripPace(position: position, rate: wire.drip, end: end) {
            case .waitUntil(let at): return scheduler.suspend(context, connection: connection, until: at) ? 0 : Self.error
            case .sendUpTo(let due): end = min(end, due)
            }
        }
        if position >= reply.length {  // chunked: the last chunk
            handOvers.mark(context)
            return Self.endOfStream
        }
        let count = min(maximum, end - position)
        guard count > 0 else { return Self.error }
        reply.copyBody(from: position, count: count, to: buffer)
        context.bytesSent = position + count
        if context.bytesSent == reply.length, !wire.chunked { handOvers.mark(context) }
        return count
    }

    /// The reader of a `chunkedDribbleDelay` body: piece `i` (of even pieces, the last taking the
    /// remainder) goes out `(i + 1) × totalDuration / pieces` ms after the headers, each as its own
    /// chunk; between pieces the connection is suspended.
    private func readDribble(
        _ context: RequestContext, _ dribble: StubDribble, position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int
    ) -> Int {
        guard let reply = context.reply, let connection = context.connection else { return Self.error }
        let length = reply.length
        if position >= length {
            handOvers.mark(context)
            return Self.endOfStream
        }
        let now = monotonicNanoseconds()
        let start = context.bodyStart ?? now
        context.bodyStart = start
        let pieces = dribble.pieces(for: length)
        let size = max(1, length / pieces)
        let index = min(position / size, pieces - 1)
        let due = start + dribble.due(ofChunk: index, length: length)
        if now < due {
            return scheduler.suspend(context, connection: connection, until: due) ? 0 : Self.error
        }
        let count = min(maximum, dribble.end(ofChunk: index, length: length) - position)
        guard count > 0 else { return Self.error }
        reply.copyBody(from: position, count: count, to: buffer)
        context.bytesSent = position + count
        return count
    }
}
