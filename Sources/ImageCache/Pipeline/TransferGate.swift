/// Admits at most `limit` network transfers at once and starts the waiting ones visible first,
/// then in arrival order. It sits in front of the HTTP client, whose own per-host queue is
/// FIFO: without it a prefetch asked for a moment earlier would delay a cell on screen.
actor TransferGate {
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

    /// Waits for a slot; `false` when the transfer was cancelled while waiting (no slot held).
    func enter(ticket: UInt64, priority: ImageLoadOptions.Priority) async -> Bool {
        if running < limit, waiting.isEmpty {
            running += 1
            return true
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.append(Waiter(ticket: ticket, rank: Self.rank(priority), continuation: continuation))
            }
        } onCancel: {
            Task { await self.abandon(ticket: ticket) }
        }
    }

    /// Frees a slot and starts the most urgent waiter, if any.
    func leave() {
        running -= 1
        admitNext()
    }

    /// Moves a waiting transfer up when a more urgent load joins it.
    func raise(ticket: UInt64, to priority: ImageLoadOptions.Priority) {
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiting[index].rank = min(waiting[index].rank, Self.rank(priority))
    }

    private func abandon(ticket: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    private func admitNext() {
        guard running < limit, !waiting.isEmpty else { return }
        // Most urgent first; among equals the earliest (the array keeps arrival order).
        let index = waiting.indices.min { waiting[$0].rank < waiting[$1].rank || (waiting[$0].rank == waiting[$1].rank && $0 < $1) }!
        running += 1
        waiting.remove(at: index).continuation.resume(returning: true)
    }

    private static func rank(_ priority: ImageLoadOptions.Priority) -> Int {
        switch priority {
        case .visible: return 0
        case .prefetch: return 1
        }
    }
}
