/// Shares one network stage among every concurrent load of a key.
///
/// The first load of a key starts a detached transfer task; later loads wait on it. Each
/// waiter has its own continuation, so a cancelled waiter is resumed with
/// ``ImageLoadError/cancelled`` at once while the others keep waiting; when the last waiter
/// leaves, the transfer task is cancelled (the client then closes its connection).
actor TransferCoalescer {
    typealias Outcome = Result<LoadedImage, ImageLoadError>

    private struct Transfer {
        let id: UInt64
        let task: Task<Void, Never>
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>]
    }

    private var transfers: [String: Transfer] = [:]
    private var lastID: UInt64 = 0
    private let gate: TransferGate

    /// A coalescer whose transfers wait for a slot at `gate`.
    init(gate: TransferGate) {
        self.gate = gate
    }

    /// Waits for the transfer of `key`, starting it with `operation` when none is in flight.
    /// The transfer takes a slot at the gate first, at the priority of its most urgent waiter.
    func join(
        key: String, priority: ImageLoadOptions.Priority, operation: @escaping @Sendable () async -> Outcome
    ) async -> Outcome {
        let waiter = makeID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Runs on this actor before any `leave` for this waiter can: a cancellation
                // that came earlier is seen here, a later one finds the waiter registered.
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled))
                } else if let transfer = transfers[key] {
                    transfers[key]?.waiters[waiter] = continuation
                    if priority == .visible {
                        let gate = self.gate
                        Task { await gate.raise(ticket: transfer.id, to: priority) }
                    }
                } else {
                    let id = makeID()
                    let gate = self.gate
                    let task = Task.detached {
                        guard await gate.enter(ticket: id, priority: priority) else {
                            await self.finish(key: key, id: id, outcome: .failure(.cancelled))
                            return
                        }
                        let outcome = await operation()
                        await gate.leave()
                        await self.finish(key: key, id: id, outcome: outcome)
                    }
                    transfers[key] = Transfer(id: id, task: task, waiters: [waiter: continuation])
                }
            }
        } onCancel: {
            Task { await self.leave(key: key, waiter: waiter) }
        }
    }

    private func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// Resumes every waiter of transfer `id` with its outcome.
    private func finish(key: String, id: UInt64, outcome: Outcome) {
        guard let transfer = transfers[key], transfer.id == id else { return }
        transfers[key] = nil
        for continuation in transfer.waiters.values { continuation.resume(returning: outcome) }
    }

    /// Ends one waiter's wait; cancels the transfer when it was the last.
    private func leave(key: String, waiter: UInt64) {
        guard var transfer = transfers[key], let continuation = transfer.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(returning: .failure(.cancelled))
        if transfer.waiters.isEmpty {
            transfer.task.cancel()
            transfers[key] = nil
        } else {
            transfers[key] = transfer
        }
    }
}
