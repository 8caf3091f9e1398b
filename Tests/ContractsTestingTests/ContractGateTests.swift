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

    /// Runs `count` holders side by side through a new gate; holder `index` is exclusive when
    /// `exclusive(index)` and stays inside for `stay`. Returns what they saw of each other.
    private func runHolders(
        _ count: Int, exclusive: (Int) -> Bool, stay: @escaping @Sendable (Occupancy) async -> Void
    ) async -> Occupancy {
        let occupancy = Occupancy()
        let gate = IsolationGate()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                let isExclusive = exclusive(index)
                group.addTask {
                    await gate.run(isExclusive ? .exclusive : .shared) { () async -> Void in
                        occupancy.enter(exclusive: isExclusive)
                        await stay(occupancy)
                        occupancy.leave(exclusive: isExclusive)
                    }
                }
            }
        }
        return occupancy
    }

    @Test func exclusiveHolders_runOneAtATime() async {
        let occupancy = await runHolders(20, exclusive: { _ in true }) { _ in try? await Task.sleep(for: .milliseconds(2)) }
        #expect(occupancy.most == 1)
    }

    @Test func sharedHolders_runSideBySide() async {
        // Five shared bodies each wait (up to 5 s) until all five are inside.
        let occupancy = await runHolders(5, exclusive: { _ in false }) { occupancy in
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(5)
            while occupancy.most < 5, clock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(occupancy.most == 5)
    }

    @Test func exclusiveAndShared_neverOverlap() async {
        // Each holder stays 10 ms: long beside the time the 30 tasks take to reach the gate, so
        // the shared ones queued side by side meet even on a loaded machine.
        let occupancy = await runHolders(30, exclusive: { $0 % 3 == 0 }) { _ in try? await Task.sleep(for: .milliseconds(10)) }
        #expect(!occupancy.exclusiveBesideOthers)
        #expect(occupancy.most > 1, "shared holders never met: the gate ran everything alone")
    }

    @Test func nestedRuns_doNotWaitForThemselves() async {
        // The watchdog starts once the outer run holds the gate: getting it may take as long as
        // the other suites of this process hold it (the zoo's rules hold it for tens of seconds),
        // but from then on nothing else can run, so the nested runs end at once unless they wait
        // for their own gate.
        let outcome = await ContractGate.run(.exclusive) {
            await withWatchdog(.seconds(5)) {
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
