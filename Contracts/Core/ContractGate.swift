import Synchronization

/// How a check shares the process with other checks.
public enum ContractIsolation: Sendable, Hashable {
    /// Runs alone: no other check (and so no other check's server, subject or rendering) runs
    /// in this process meanwhile. Every check that starts a server, because those time
    /// deadlines in hundreds of milliseconds or sample the process's memory.
    case exclusive
    /// May run beside other shared checks (in-memory and on-disk rules that neither time nor
    /// measure anything the others disturb).
    case shared
}

/// The process-wide gate every contract check passes: exclusive checks one at a time, shared
/// ones side by side, first come first served (a waiting exclusive check holds back shared
/// checks that arrive after it, so it is never starved).
///
/// Re-entrant through a task-local: code already inside the gate (a check, or a test case run
/// with the `.contractIsolation` trait) runs nested checks at once instead of waiting for
/// itself. Child tasks inherit that; a `Task.detached` does not.
public enum ContractGate {
    /// The isolation the current task holds, `nil` outside the gate.
    @TaskLocal public static var held: ContractIsolation?

    private static let gate = IsolationGate()

    /// Runs `body` with `isolation`, waiting for the gate first unless this task already holds it.
    public static func run<Value: Sendable>(
        _ isolation: ContractIsolation, _ body: @Sendable () async -> Value
    ) async -> Value {
        // Inside the gate already: this task's holding covers the nested run. A shared holder
        // asking for exclusive cannot upgrade without waiting for itself, so it runs as it holds.
        if held != nil { return await body() }
        await gate.acquire(isolation)
        let value = await $held.withValue(isolation) { await body() }
        gate.release(isolation)
        return value
    }

    /// The throwing form of ``run(_:_:)`` (a test scope rethrows what the test throws).
    public static func runThrowing(_ isolation: ContractIsolation, _ body: @Sendable () async throws -> Void) async throws {
        if held != nil { return try await body() }
        await gate.acquire(isolation)
        do {
            try await $held.withValue(isolation) { try await body() }
        } catch {
            gate.release(isolation)
            throw error
        }
        gate.release(isolation)
    }
}

/// The mechanism behind ``ContractGate``: a first-come-first-served readers–writer gate for
/// async code, without re-entrance. Its own type so that the gate's tests can run one of their
/// own: the process-wide gate is also taken by whatever checks run in the same process, which
/// would queue between a test's holders and change what the test sees.
package final class IsolationGate: Sendable {
    private let state = Mutex(State())

    package init() {}

    /// Who holds the gate and who waits, in arrival order.
    private struct State: ~Copyable {
        var sharedHolders = 0
        var exclusiveHeld = false
        var waiting: [(isolation: ContractIsolation, resume: CheckedContinuation<Void, Never>)] = []

        /// Whether `isolation` may enter now (nobody ahead of it waits).
        func admits(_ isolation: ContractIsolation) -> Bool {
            switch isolation {
            case .exclusive: !exclusiveHeld && sharedHolders == 0
            case .shared: !exclusiveHeld
            }
        }

        mutating func enter(_ isolation: ContractIsolation) {
            if isolation == .exclusive { exclusiveHeld = true } else { sharedHolders += 1 }
        }

        /// Admits the waiters at the head of the queue that fit; returns them to resume.
        mutating func admitWaiting() -> [CheckedContinuation<Void, Never>] {
            var admitted: [CheckedContinuation<Void, Never>] = []
            while let first = waiting.first, admits(first.isolation) {
                enter(first.isolation)
                admitted.append(waiting.removeFirst().resume)
            }
            return admitted
        }
    }

    /// Waits until `isolation` may enter, behind everyone who arrived earlier, and enters.
    package func acquire(_ isolation: ContractIsolation) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                if state.waiting.isEmpty, state.admits(isolation) {
                    state.enter(isolation)
                    return true
                }
                state.waiting.append((isolation, continuation))
                return false
            }
            if admitted { continuation.resume() }
        }
    }

    /// Leaves the gate (an `acquire` of `isolation` came first) and admits who may follow.
    package func release(_ isolation: ContractIsolation) {
        let admitted = state.withLock { state in
            if isolation == .exclusive { state.exclusiveHeld = false } else { state.sharedHolders -= 1 }
            return state.admitWaiting()
        }
        admitted.forEach { $0.resume() }
    }

    /// Runs `body` holding `isolation`.
    package func run<Value: Sendable>(_ isolation: ContractIsolation, _ body: @Sendable () async -> Value) async -> Value {
        await acquire(isolation)
        let value = await body()
        release(isolation)
        return value
    }
}
