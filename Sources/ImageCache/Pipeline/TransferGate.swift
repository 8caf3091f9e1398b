/// Admits at most `limit` network transfers at once and starts the waiting ones visible first,
/// then in arrival order. It sits in front of the HTTP client, whose own per-host queue is
/// FIFO: without it a prefetch asked for a moment earlier would delay a cell on screen.
///
/// A value owned by ``LoadCoalescer`` and changed only on that actor, together with the jobs it
/// admits: a priority raised while a job still reads the disk is the job's priority when it
/// asks for a slot, with no message between two actors to arrive in the wrong order.
struct TransferGate {
    private struct Waiter {
        let ticket: UInt64
        var rank: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let limit: Int
    private var running = 0
    private var waiting: [Waiter] = []

    /// A gate admitting `limit` transfers at once (at least 1).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot when one is free and no transfer is waiting; `false` when the caller must
    /// ``wait(ticket:priority:continuation:)``.
    mutating func enterAtOnce() -> Bool {
        guard running < limit, waiting.isEmpty else { return false }
        running += 1
        return true
    }

    /// Queues transfer `ticket`; `continuation` gets `true` with a slot, or `false` when the
    /// transfer is ``abandon(ticket:)``ed first (no slot held).
    mutating func wait(ticket: UInt64, priority: ImageLoadOptions.Priority, continuation: CheckedContinuation<Bool, Never>) {
        waiting.append(Waiter(ticket: ticket, rank: Self.rank(priority), continuation: continuation))
        admitNext()
    }

    /// Frees a slot and starts the most urgent waiter, if any.
    mutating func leave() {
        running -= 1
        admitNext()
    }

    /// Moves a waiting transfer up when a more urgent load joins it.
    mutating func raise(ticket: UInt64, to priority: ImageLoadOptions.Priority) {
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiting[index].rank = min(waiting[index].rank, Self.rank(priority))
    }

    /// Stops waiting for transfer `ticket` (cancelled); it never held a slot.
    mutating func abandon(ticket: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    private mutating func admitNext() {
        guard running < limit else { return }
        // Most urgent first; among equals the earliest (the array keeps arrival order).
        var chosen: Int?
        for index in waiting.indices where chosen.map({ waiting[index].rank < waiting[$0].rank }) ?? true {
            chosen = index
        }
        guard let chosen else { return }
        running += 1
        waiting.remove(at: chosen).continuation.resume(returning: true)
    }

    private static func rank(_ priority: ImageLoadOptions.Priority) -> Int {
        switch priority {
        case .visible: return 0
        case .prefetch: return 1
        }
    }
}
