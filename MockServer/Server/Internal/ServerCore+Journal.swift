import CMicroHTTPD
import Foundation

/// `GET /__admin/requests`, served without holding up a polling thread.
///
/// Encoding a full journal (10,000 records) takes long enough to delay every other request on
/// the port if done inline. Instead the connection is suspended; while answers already sent are
/// still being journalled, it is resumed every millisecond to check (at most a second, as
/// ``MockServer/requests`` waits); then a worker encodes the records and resumes it with the
/// bytes. On both ports a client that has read its answer finds its request in the journal.
extension ServerCore {
    /// How long the journal waits at most for answers already sent to be journalled.
    static let journalSettleLimit: UInt64 = 1_000_000_000
    /// How often it checks meanwhile.
    static let journalSettleStep: UInt64 = 1_000_000

    /// Starts answering `GET|HEAD /__admin/requests` (polling thread).
    func startJournal(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.phase = .settlingJournal(until: monotonicNanoseconds() + Self.journalSettleLimit)
        return continueJournal(context, connection: connection)
    }

    /// Every later call of the access handler for that request (polling thread).
    func continueJournal(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        switch context.phase {
        case .settlingJournal(let until):
            let now = monotonicNanoseconds()
            if handedOver.load(ordering: .acquiring) > 0, now < until {
                let next = min(now + Self.journalSettleStep, until)
                return scheduler.suspend(context, connection: connection, until: next) ? MHD_Result.YES : MHD_Result.NO
            }
            context.phase = .encodingJournal
            guard scheduler.suspend(context, connection: connection, until: nil) else { return MHD_Result.NO }
            journalEncoder.async { [self] in
                context.deliver(.success(SharedBytes(journalJSON())))
                scheduler.resume(context, reason: .ready)
            }
            return MHD_Result.YES
        default:
            guard case .success(let bytes) = context.takeDelivered() else {
                return scheduler.suspend(context, connection: connection, until: nil) ? MHD_Result.YES : MHD_Result.NO
            }
            return send(Reply(status: 200, contentType: "application/json; charset=utf-8", body: bytes), context: context, connection: connection)
        }
    }

    /// `{"requests":[…]}`: every record, oldest first, keys sorted.
    func journalJSON() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(["requests": journal.records])) ?? Data("{\"requests\":[]}".utf8)
    }
}
