/// The outcome of an operation run with a watchdog.
public enum Timed<Value: Sendable>: Sendable {
    /// It finished, after `elapsed`.
    case finished(Value, elapsed: Duration)
    /// It had not finished when the watchdog fired (it was then cancelled).
    case overran(Duration)
}

/// Runs `operation` in a child task and gives up after `limit`, cancelling it: a contract
/// check never waits longer than its budget, whatever the implementation does.
public func withWatchdog<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async -> Value
) async -> Timed<Value> {
    let clock = ContinuousClock()
    let start = clock.now
    return await withTaskGroup(of: Timed<Value>?.self) { group in
        group.addTask { .finished(await operation(), elapsed: clock.now - start) }
        group.addTask {
            try? await Task.sleep(for: limit)
            return Task.isCancelled ? nil : .overran(clock.now - start)
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? .overran(clock.now - start)
    }
}

extension Duration {
    /// Milliseconds, rounded, for messages.
    package var milliseconds: Int {
        let parts = components
        return Int(parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
    }
}

/// Polls `condition` every 10 ms until it holds or `within` passes.
package func eventually(within: Duration, _ condition: @Sendable () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + within
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Polls `condition` on the main actor every 10 ms for at most `timeout`.
@MainActor
package func waitOnMain(within timeout: Duration, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
