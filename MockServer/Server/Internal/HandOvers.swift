import Synchronization

/// The responses whose last byte has been handed to libmicrohttpd but whose request is not
/// journalled yet (the request-completed callback runs a moment after the client may have read
/// the answer). ``ServerCore/settleJournal(limit:)`` and `GET /__admin/requests` wait for these.
final class HandOvers: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts a journalled request's response as handed over (once per request; admin requests
    /// are not journalled, so not counted).
    func mark(_ context: RequestContext) {
        guard !context.isAdmin, !context.handedOver else { return }
        context.handedOver = true
        count.add(1, ordering: .releasing)
    }

    /// The request `context` was journalled.
    func journalled(_ context: RequestContext) {
        if context.handedOver { count.subtract(1, ordering: .releasing) }
    }

    /// Whether every answer handed over has been journalled.
    var settled: Bool { count.load(ordering: .acquiring) == 0 }
}
