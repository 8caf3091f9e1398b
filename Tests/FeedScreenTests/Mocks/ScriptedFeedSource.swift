import Clocks
import FeedData
import Foundation
import Storage
import Synchronization

/// A gate calls can wait at until the test opens it (or the waiting task is cancelled).
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Lets every waiter go, and every later one at once.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume() }
    }

    /// Waits until ``open()`` or cancellation.
    func wait() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}

/// A ``FeedSource`` that answers each call with the next scripted step and records the calls.
final class ScriptedFeedSource: FeedSource {
    /// What one call does.
    enum Step: Sendable {
        /// Answers `tweets`.
        case page([Tweet])
        /// Fails with the error made at call time.
        case failure(@Sendable () -> FeedSourceError)
        /// Waits at `gate`, then does `then`.
        indirect case wait(Gate, then: Step)
    }

    private struct State {
        var steps: [Step]
        var sinceIDs: [Int64?] = []
        var callTimes: [TestClock<Duration>.Instant] = []
        var inFlight = 0
        var maxInFlight = 0
        var finished = 0
    }

    private let state: Mutex<State>
    private let clock: TestClock<Duration>

    /// A source playing `steps` in order; past the end every call answers an empty page.
    init(clock: TestClock<Duration>, _ steps: [Step] = []) {
        self.clock = clock
        state = Mutex(State(steps: steps))
    }

    /// Adds steps at the end of the script.
    func append(_ steps: Step...) { state.withLock { $0.steps += steps } }

    /// The `sinceID` of every call, oldest first.
    var sinceIDs: [Int64?] { state.withLock { $0.sinceIDs } }
    /// How many calls were made.
    var calls: Int { state.withLock { $0.sinceIDs.count } }
    /// How many calls ended.
    var finished: Int { state.withLock { $0.finished } }
    /// The clock's time at each call.
    var callTimes: [TestClock<Duration>.Instant] { state.withLock { $0.callTimes } }
    /// Most calls running at once.
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    func fetchPage(sinceID: Int64?) async throws(FeedSourceError) -> TwitterPage {
        let now = clock.now
        let step: Step = state.withLock { state in
            state.sinceIDs.append(sinceID)
            state.callTimes.append(now)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            return state.steps.isEmpty ? .page([]) : state.steps.removeFirst()
        }
        defer {
            state.withLock { state in
                state.inFlight -= 1
                state.finished += 1
            }
        }
        return try await Self.play(step)
    }

    private static func play(_ step: Step) async throws(FeedSourceError) -> TwitterPage {
        switch step {
        case .page(let tweets):
            return TwitterPage(tweets: tweets)
        case .failure(let make):
            throw make()
        case .wait(let gate, let then):
            await gate.wait()
            if Task.isCancelled { throw .network(.cancelled) }
            return try await play(then)
        }
    }
}
