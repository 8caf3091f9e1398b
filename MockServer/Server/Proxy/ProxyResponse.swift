import CMicroHTTPD
import Foundation

/// The body of a proxied answer as libmicrohttpd reads it: the upstream's bytes from the
/// ``ProxyExchange`` as they arrive, shaped on the way by the wire faults, in the wire stage's
/// order: `truncate` ends the body with an error at its byte count; `stall_after` sends that
/// many bytes, then nothing until the client leaves; `drip` paces at most 100 ms worth of bytes
/// per step. Never returns 0 without suspending the connection (that would busy-loop).
///
/// `@unchecked Sendable`: libmicrohttpd calls the reader of one response on its connection's
/// polling thread only; the exchange does its own locking.
final class ProxyResponse: @unchecked Sendable {
    /// The request answered.
    let context: RequestContext
    /// Where the bytes come from.
    let exchange: ProxyExchange
    /// The upstream's `Content-Length` when the answer declares it, `nil` when chunked.
    let declared: Int?

    init(context: RequestContext, exchange: ProxyExchange, declared: Int?) {
        self.context = context
        self.exchange = exchange
        self.declared = declared
    }

    /// The content reader.
    static let reader: MHD_ContentReaderCallback = { cls, position, buffer, maximum in
        guard let cls, let buffer else { return ServerCore.readerError }
        let body = Unmanaged<ProxyResponse>.fromOpaque(cls).takeUnretainedValue()
        return body.read(position: Int(position), into: UnsafeMutableRawPointer(buffer), maximum: maximum)
    }

    /// Releases the body and stops its transfer if it still runs (the client left early).
    static let release: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let body = Unmanaged<ProxyResponse>.fromOpaque(cls).takeRetainedValue()
        body.exchange.cancel()
    }

    /// The next block of the body (polling thread).
    func read(position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int {
        let core = context.daemon.core
        if let reason = context.takeWakeReason(), reason.endsConnection {
            if context.outcome == nil || context.outcome == .stalled {
                context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
            }
            exchange.cancel()
            return ServerCore.readerError
        }
        guard let connection = context.connection else { return ServerCore.readerError }
        let wire = context.wire
        var limit = maximum
        if let cut = wire.truncate {
            if position >= cut {
                context.outcome = Fault.Name.truncate.outcome
                exchange.cancel()
                return ServerCore.readerError
            }
            limit = min(limit, cut - position)
        }
        if let stall = wire.stallAfter, stall < declared ?? Int.max {
            if position >= stall {
                context.outcome = Fault.Name.stallAfter.outcome
                exchange.cancel()
                return core.scheduler.suspend(context, connection: connection, until: nil) ? 0 : ServerCore.readerError
            }
            limit = min(limit, stall - position)
        }
        if wire.drip > 0 {
            switch context.dripPace(position: position, rate: wire.drip, end: Int.max) {
            case .waitUntil(let at): return core.scheduler.suspend(context, connection: connection, until: at) ? 0 : ServerCore.readerError
            case .sendUpTo(let due): limit = min(limit, due - position)
            }
        }
        switch exchange.read(into: buffer, maximum: limit, connection: connection) {
        case .bytes(let count):
            context.bytesSent = position + count
            if let declared, context.bytesSent >= declared { core.handOvers.mark(context) }
            return count
        case .end:
            if let declared, position < declared {
                context.outcome = .truncated
                return ServerCore.readerError
            }
            core.handOvers.mark(context)
            return ServerCore.readerEndOfStream
        case .failed:
            // The upstream's body broke off: so does the client's.
            context.outcome = .truncated
            return ServerCore.readerError
        case .waiting:
            return 0
        case .stopping:
            return ServerCore.readerError
        }
    }
}
