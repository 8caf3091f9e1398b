import CMicroHTTPD
import Foundation
import ImageCodec

/// The request state machine: where each call of libmicrohttpd's access handler goes.
///
/// A request passes these stages (files under `Stages/`), each given the request's context, its
/// fault list (``RequestFaults``, read once from the query in the table's order) and the one
/// service it needs:
/// 1. admission (`Admission.swift`): admin routing and the admin-port guard, the method, the
///    token, then a stub (`StubReplies.swift`) or the catalog's route, and the fault list;
/// 2. connection faults (``ConnectionStage``: `reset`, `delay`);
/// 3. status faults (``StatusStage``, with the per-URL counters: `flaky`, `fail_rate`, the
///    redirects, a non-2xx `status`, the broken replies of ``BrokenReply``), then the answer itself
///    (`Replies.swift`) with the body faults applied (``BodyStage``, then the validators);
/// 4. wire shaping (``WireStage``, ``WireShape``, ``WireReader``): queueing the answer, and the
///    reader that cuts, stalls and paces the body;
/// 5. journaling (``JournalStage``, then `finish`): the record and log line when the request
///    ends, with the outcome the fault table gives the fault that ended it.
///
/// Every function here runs on a daemon's polling thread and must return quickly: waiting is
/// done by suspending the connection (see ``ConnectionScheduler``).
extension ServerCore {
    /// Most bytes of a request body kept (the journal's cap; admin JSON is read from them);
    /// the rest is only counted (``RequestContext/keepUpload(_:count:limit:)``).
    static let uploadLimit = RequestRecord.bodyLimit
    /// `MHD_CONTENT_READER_END_WITH_ERROR` (a cast macro Swift does not import): end the body
    /// with an error, closing the connection.
    static let readerError = -2
    /// `MHD_CONTENT_READER_END_OF_STREAM`: the end of a body of unknown size.
    static let readerEndOfStream = -1
    /// `MHD_SIZE_UNKNOWN`: chunked transfer encoding.
    static let unknownSize = UInt64.max
    /// Preferred chunk size for shaped bodies.
    static let readerBlockSize = 32 * 1024

    /// One call of the access handler after the headers (and any upload) arrived.
    func handle(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        if let reason = context.takeWakeReason(), reason.endsConnection {
            context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
            return MHD_Result.NO
        }
        switch context.phase {
        case .received:
            return admit(context, connection: connection)
        case .delaying(let until):
            if monotonicNanoseconds() < until { return suspend(context, connection: connection, until: until) }
            return reply(context, connection: connection)
        case .waitingForImage:
            guard let result = context.takeDelivered() else { return suspend(context, connection: connection, until: nil) }
            switch result {
            case .success(let bytes):
                return send(shaped(imageReply(bytes, route: context.route), context), context: context, connection: connection)
            case .failure(let problem):
                return send(.error(problem.status, "could not generate the image: \(problem.message)"), context: context, connection: connection)
            }
        case .settlingJournal, .encodingJournal:
            return continueJournal(context, connection: connection)
        case .responded:
            return MHD_Result.YES
        }
    }


    func suspend(_ context: RequestContext, connection: OpaquePointer, until deadline: UInt64?) -> MHD_Result {
        scheduler.suspend(context, connection: connection, until: deadline) ? MHD_Result.YES : MHD_Result.NO
    }
}
