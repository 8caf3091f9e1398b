import Contracts
import ContractsTesting
import Synchronization
import Testing

/// The gate: exclusive holders run alone, shared ones side by side, nesting never waits for
/// itself, and the `.contractIsolation` trait runs a test case holding it. The mechanism is
/// tested on a gate of each test's own (`IsolationGate`): the process-wide one is also taken by
/// the contract checks other suites run meanwhile, and an exclusive check queueing between a
/// test's shared holders would keep them apart.
@Suite struct ContractGateTests {
    /// How many bodies are inside at once, and the most seen.
    final class Occupancy: Sendable {
        /// Bodies inside now, the most seen, and whether an exclusive one ever had company.
        private struct Counts {
            var inside = 0
            var most = 0
            var exclusiveBesideOthers = false
        }

        private let counts = Mutex(Counts())
        var most: Int { counts.withLock { $0.most } }
        var exclusiveBesideOthers: Bool { counts.withLock { $0.exclusiveBesideOthers } }

        func enter(exclusive: Bool) {
            counts.withLock {
                $0.inside += 1
                $0.most = max($0.most, $0.inside)
                if exclusive, $0.inside > 1 { $0.exclusiveBesideOthers = true }
            }
        }

        func leave(exclusive: Bool) {
            counts.withLock {
                if exclusive, $0.inside > 1 { $0.exclusiveBesideOthers = true }
                $0.inside -= 1
            }
        }

    }

    @Test func exclusiveHolders_runOneAtATime() async {
        let occupancy = Occupancy()
        let gate = IsolationGate()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await gate.run(.exclusive) { () async -> Void in
                        occupancy.enter(exclusive: true)
                        try? await Task.sleep(for: .milliseconds(2))
                        occupancy.leave(exclusive: true)
                    }
                }
            }
        }
        #expect(occupancy.most == 1)
    }

    @Test func sharedHolders_runSideBySide() async {
        // Five shared bodies each wait (up to 5 s) until all five are inside.
        let occupancy = Occupancy()
        let gate = IsolationGate()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    await gate.run(.shared) { () async -> Void in
                        occupancy.enter(exclusive: false)
                        let clock = ContinuousClock()
                        let deadline = clock.now + .seconds(5)
                        while occupancy.most < 5, clock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
                        occupancy.leave(exclusive: false)
                    }
                }
            }
        }
        #expect(occupancy.most == 5)
    }

    @Test func exclusiveAndShared_neverOverlap() async {
        // Each holder stays 10 ms: long beside the time the 30 tasks take to reach the gate, so
        // the shared ones queued side by side meet even on a loaded machine.
        let occupancy = Occupancy()
        let gate = IsolationGate()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                let exclusive = index % 3 == 0
                group.addTask {
                    await gate.run(exclusive ? .exclusive : .shared) { () async -> Void in
                        occupancy.enter(exclusive: exclusive)
                        try? await Task.sleep(for: .milliseconds(10))
                        occupancy.leave(exclusive: exclusive)
                    }
                }
            }
        }
        #expect(!occupancy.exclusiveBesideOthers)
        #expect(occupancy.most > 1, "shared holders never met: the gate ran everything alone")
    }

    @Test func nestedRuns_doNotWaitForThemselves() async {
        // Generous: other tests of this process hold the gate meanwhile.
        let outcome = await withWatchdog(.seconds(20)) {
            await ContractGate.run(.exclusive) {
                await ContractGate.run(.exclusive) { await ContractGate.run(.shared) { 42 } }
            }
        }
        guard case .finished(let value, _) = outcome else {
            Issue.record("a nested run waited for its own gate")
            return
        }
        #expect(value == 42)
    }

    @Test(.contractIsolation) func trait_runsTheCaseHoldingTheGate() {
        #expect(ContractGate.held == .exclusive)
    }

    @Test func withoutTrait_theGateIsFree() {
        #expect(ContractGate.held == nil)
    }

    @Test func liveChecksAreExclusive_localOnesShared() {
        #expect(HTTPClientContracts.all.allSatisfy { $0.isolation == .exclusive })
        #expect(ImageCachingContracts.all.allSatisfy { $0.isolation == .shared })
    }
}
