import CMicroHTTPD
import Foundation
import Logging

extension ServerCore {
    /// Queues `reply` for `context` (``WireStage``): every stage ends here, or breaks the
    /// connection.
    func send(_ reply: Reply, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        WireStage(logger: logger, handOvers: handOvers).send(reply, context: context, connection: connection)
    }
}

/// The wire-shaping stage: the answer is queued in one piece from its buffer, or through the
/// reader (``WireReader``) when the wire is shaped (``WireShape``: `truncate`, `stall_after`,
/// `drip`, `chunked`), a stub dribbles it, or the declared length differs from the bytes
/// (`bytes=N`, a 206). It needs the request's context and two services: the log, and the
/// hand-over count of the answers sent in one piece.
struct WireStage {
    /// Where a response libmicrohttpd could not create is reported.
    let logger: Logger
    /// Counts answers handed over but not yet journalled.
    let handOvers: HandOvers

    /// Queues `reply`: in one piece from its buffer, or through the reader when the wire is
    /// shaped or the declared length differs from the bytes (`bytes=N`).
    func send(_ reply: Reply, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.reply = reply
        context.phase = .responded
        let wire = WireShape(context.faults)
        context.wire = wire
        let response: OpaquePointer?
        // A 206 starts inside the body, and a stub's dribble paces it: both go through the reader.
        if !context.isAdmin,
            wire.shapesBody || context.dribble != nil || reply.length != reply.body.count || reply.offset != 0
        {
            // HEAD and 304: the declared length, never a body. libmicrohttpd does not call the
            // reader then, but a chunked answer would still end with its last chunk (`0\r\n\r\n`).
            let head = context.sendsHeadersOnly
            context.usesReader = !head
            let retained = Unmanaged.passRetained(context).toOpaque()
            let chunked = wire.chunked || context.dribble != nil
            let declared = chunked && !head ? ServerCore.unknownSize : UInt64(reply.length)
            response = MHD_create_response_from_callback(
                declared, ServerCore.readerBlockSize, Callbacks.reader, retained, Callbacks.releaseContext)
            if response == nil { Unmanaged<RequestContext>.fromOpaque(retained).release() }
        } else if reply.body.file >= 0, cmhd_connection_is_tls(connection) == 0 {
            // A cached image of 64 KiB or more on a plain connection: `sendfile` from its
            // in-memory file (libmicrohttpd's fd response) instead of copying it from our buffer.
            response = cmhd_response_from_file(reply.body.file, UInt64(reply.body.count))
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
        // or a stub sets its own Cache-Control, or the answer was recorded from an upstream (played
        // back with exactly its recorded caching headers, none added).
        let stubCaches = reply.keepsCachingHeaders || reply.headers.contains { $0.name.lowercased() == "cache-control" }
        if let cache = wire.cacheControl {
            MHD_add_response_header(response, "Cache-Control", cache)
        } else if !stubCaches {
            MHD_add_response_header(response, "Cache-Control", CacheControlValue.standard)
        }
        for header in reply.headers where wire.cacheControl == nil || header.name.lowercased() != "cache-control" {
            MHD_add_response_header(response, header.name, header.value)
        }
        let result = MHD_queue_response(connection, UInt32(reply.status), response)
        MHD_destroy_response(response)
        if !context.usesReader { handOvers.mark(context) }
        return result
    }
}

/// The wire stage's faults of one request, picked out of its fault list once, when its answer is
/// queued, so that the reader (called for every block of the body) looks at four fields, not the
/// list. `cache` rides along: it is a header written at the same moment.
struct WireShape: Sendable {
    /// `truncate`: the body ends with an error after this many bytes.
    var truncate: Int?
    /// `stall_after`: after this many bytes, nothing until the client leaves.
    var stallAfter: Int?
    /// `drip`: bytes per second (0: unpaced).
    var drip = 0
    /// `chunked`: chunked transfer encoding, no `Content-Length`.
    var chunked = false
    /// `cache`: the `Cache-Control` sent instead of `no-store`.
    var cacheControl: String?

    /// No shaping.
    init() {}

    /// The wire faults of `faults`.
    init(_ faults: RequestFaults) {
        for fault in faults.list {
            switch fault {
            case .truncate(let count): truncate = count
            case .stallAfter(let count): stallAfter = count
            case .drip(let rate): drip = rate
            case .chunked: chunked = true
            case .cacheControl(let value): cacheControl = value
            default: break
            }
        }
    }

    /// Whether the body goes out through the pacing/cutting reader rather than in one piece.
    var shapesBody: Bool { truncate != nil || stallAfter != nil || drip > 0 || chunked }
}
