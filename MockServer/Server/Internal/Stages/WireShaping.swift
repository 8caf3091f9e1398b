import CMicroHTTPD
import Foundation

/// Stage 3, wire shaping: the answer is queued in one piece from its buffer, or through the
/// reader when the wire is shaped (`truncate`, `stall_after`, `drip`, `chunked`) or the declared
/// length differs from the bytes (`bytes=N`).
extension ServerCore {

    /// Queues `reply`: in one piece from its buffer, or through the reader when the wire is
    /// shaped or the declared length differs from the bytes (`bytes=N`).
    func send(_ reply: Reply, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.reply = reply
        context.phase = .responded
        let response: OpaquePointer?
        // A 206 starts inside the body, and a stub's dribble paces it: both go through the reader.
        if !context.isAdmin,
            context.faults.shapesWire || context.dribble != nil || reply.length != reply.body.count || reply.offset != 0
        {
            // HEAD and 304: the declared length, never a body. libmicrohttpd does not call the
            // reader then, but a chunked answer would still end with its last chunk (`0\r\n\r\n`).
            let head = context.sendsHeadersOnly
            context.usesReader = !head
            let retained = Unmanaged.passRetained(context).toOpaque()
            let chunked = context.faults.chunked || context.dribble != nil
            let declared = chunked && !head ? Self.unknownSize : UInt64(reply.length)
            response = MHD_create_response_from_callback(
                declared, Self.readerBlockSize, Callbacks.reader, retained, Callbacks.releaseContext)
            if response == nil { Unmanaged<RequestContext>.fromOpaque(retained).release() }
        } else {
            let retained = Unmanaged.passRetained(reply.body).toOpaque()
            response = MHD_create_response_from_buffer_with_free_callback_cls(
                reply.body.count, UnsafeMutableRawPointer(mutating: reply.body.buffer.baseAddress), Callbacks.releaseBytes, retained)
            if response == nil { Unmanaged<SharedBytes>.fromOpaque(retained).release() }
        }
        guard let response else {
            logger.error("libmicrohttpd could not create a response for \(LogText.escaped(context.path))")
            return MHD_Result.NO
        }
        // A stub without a Content-Type header sends none, as WireMock does.
        if !reply.contentType.isEmpty { MHD_add_response_header(response, "Content-Type", reply.contentType) }
        // Faults must never be masked by an HTTP cache between the server and the client: every
        // answer is `no-store`, unless the request asks for another policy (`cache=`, which wins)
        // or a stub sets its own Cache-Control.
        let stubCaches = reply.headers.contains { $0.name.lowercased() == "cache-control" }
        if let cache = context.faults.cache {
            MHD_add_response_header(response, "Cache-Control", cache)
        } else if !stubCaches {
            MHD_add_response_header(response, "Cache-Control", CacheControlValue.standard)
        }
        for header in reply.headers where context.faults.cache == nil || header.name.lowercased() != "cache-control" {
            MHD_add_response_header(response, header.name, header.value)
        }
        let result = MHD_queue_response(connection, UInt32(reply.status), response)
        MHD_destroy_response(response)
        if !context.usesReader { markHandedOver(context) }
        return result
    }

    /// The reader behind shaped bodies. On the wire, in this order: `truncate` ends the body
    /// with an error at its byte count; `stall_after` sends that many bytes, then suspends the
    /// connection until the client leaves; `drip` paces at most 100 ms worth of bytes per step,
    /// suspending between steps. It never returns 0 without suspending (that would busy-loop).
    func read(_ context: RequestContext, position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int {
        if let reason = context.takeWakeReason(), reason.endsConnection {
            if context.outcome == nil || context.outcome == .stalled {
                context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
            }
            return ServerCore.readerError
        }
        if let dribble = context.dribble {
            return readDribble(context, dribble, position: position, into: buffer, maximum: maximum)
        }
        guard let reply = context.reply, let connection = context.connection else { return ServerCore.readerError }
        let faults = context.faults
        var end = reply.length
        if let cut = faults.truncate {
            if position >= cut {
                context.outcome = .truncated
                return ServerCore.readerError
            }
            end = min(end, cut)
        }
        if let stall = faults.stallAfter, stall < reply.length {
            if position >= stall {
                context.outcome = .stalled
                return scheduler.suspend(context, connection: connection, until: nil) ? 0 : ServerCore.readerError
            }
            end = min(end, stall)
        }
        if faults.drip > 0 {
            let rate = Double(faults.drip)
            let now = monotonicNanoseconds()
            let start = context.bodyStart ?? now
            context.bodyStart = start
            let due = Int(Double(now - start) * rate / 1e9 + 1e-6)
            if due <= position {
                let step = max(1, faults.drip / 10)
                let target = min(position + step, end)
                let at = start + UInt64((Double(target) / rate * 1e9).rounded(.up))
                return scheduler.suspend(context, connection: connection, until: at) ? 0 : ServerCore.readerError
            }
            end = min(end, due)
        }
        if position >= reply.length {  // chunked: the last chunk
            markHandedOver(context)
            return Self.readerEndOfStream
        }
        let count = min(maximum, end - position)
        guard count > 0 else { return ServerCore.readerError }
        reply.copyBody(from: position, count: count, to: buffer)
        context.bytesSent = position + count
        if context.bytesSent == reply.length, !context.faults.chunked { markHandedOver(context) }
        return count
    }

    /// Counts a journalled request's response as handed over (once).
    func markHandedOver(_ context: RequestContext) {
        guard !context.isAdmin, !context.handedOver else { return }
        context.handedOver = true
        handedOver.add(1, ordering: .releasing)
    }
}
