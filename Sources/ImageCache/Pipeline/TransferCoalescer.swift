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

    /// Waits for the transfer of `key`, starting it with `operation` when none is in flight.
    func join(key: String, operation: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let waiter = makeID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Runs on this actor before any `leave` for this waiter can: a cancellation
                // that came earlier is seen here, a later one finds the waiter registered.
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled))
                } else if transfers[key] != nil {
                    transfers[key]?.waiters[waiter] = continuation
                } else {
                    let id = makeID()
                    let task = Task.detached {
                        let outcome = await operation()
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
