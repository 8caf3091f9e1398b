import CMicroHTTPD
import Foundation

/// `GET /__admin/requests`, served without holding up a polling thread.
///
/// Encoding a full journal (10,000 records) takes long enough to delay every other request on
/// the port if done inline. Instead the connection is suspended; while answers already sent are
/// still being journalled, it is resumed every millisecond to check (at most a second, as
/// ``MockServer/requests`` waits); then a worker filters and encodes the records and resumes it
/// with the bytes. On both ports a client that has read its answer finds its request in the
/// journal. The filters (``JournalFilter``) are read first: a bad one is a 400 at once.
extension ServerCore {
    /// How long the journal waits at most for answers already sent to be journalled.
    static let journalSettleLimit: UInt64 = 1_000_000_000
    /// How often it checks meanwhile.
    static let journalSettleStep: UInt64 = 1_000_000

    /// Starts answering `GET|HEAD /__admin/requests` (polling thread).
    func startJournal(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        do {
            context.journalFilter = try JournalFilter(context.query, serverStart: startDate)
        } catch {
            return send(.badParameter(error), context: context, connection: connection)
        }
        context.phase = .settlingJournal(until: monotonicNanoseconds() + Self.journalSettleLimit)
        return continueJournal(context, connection: connection)
    }

    /// Every later call of the access handler for that request (polling thread).
    func continueJournal(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        switch context.phase {
        case .settlingJournal(let until):
            let now = monotonicNanoseconds()
            if !handOvers.settled, now < until {
                let next = min(now + Self.journalSettleStep, until)
                return scheduler.suspend(context, connection: connection, until: next) ? MHD_Result.YES : MHD_Result.NO
            }
            context.phase = .encodingJournal
            guard scheduler.suspend(context, connection: connection, until: nil) else { return MHD_Result.NO }
            let filter = context.journalFilter
            journalEncoder.async { [self] in
                context.deliver(.success(SharedBytes(journalJSON(filter))))
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

    /// `{"requests":[…]}`: the records `filter` admits, oldest first, keys sorted.
    func journalJSON(_ filter: JournalFilter = JournalFilter()) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let records = journal.records.filter(filter.admits)
        return (try? encoder.encode(["requests": records])) ?? Data("{\"requests\":[]}".utf8)
    }

    /// Whether every answer already handed over has been journalled (see ``settleJournal(limit:)``).
    @Sendable func isJournalSettled() -> Bool { handOvers.settled }

    /// The wall-clock time of the server's start (for ISO 8601 `since` filters).
    var startDate: Date {
        Date(timeIntervalSinceNow: -Double(monotonicNanoseconds() &- started) / 1e9)
    }

    /// The request headers in arrival order, repeated names kept (polling thread).
    static func requestHeaders(of connection: OpaquePointer) -> [RequestRecord.Header] {
        let collector = ArgumentCollector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, MHD_ValueKind.HEADER_KIND, Callbacks.collectArgument, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.pairs.map { RequestRecord.Header(name: $0.name, value: $0.value ?? "") }
    }

    /// Waits (at most `limit`) until every response already handed over has been journalled,
    /// so a client that has read its answer finds its request in the journal. Never call it on
    /// a polling thread: the journalling happens there.
    func settleJournal(limit: Duration = .seconds(1)) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !handOvers.settled, clock.now < deadline {
            usleep(500)
        }
    }

    /// A fresh connection id.
    func makeConnectionID() -> Int { nextConnectionID.add(1, ordering: .relaxed).oldValue }
}
