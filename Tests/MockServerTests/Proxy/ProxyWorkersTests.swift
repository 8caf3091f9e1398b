import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import MockServer

/// The proxy's transfer threads: named for the proxy, and never refusing a transfer (the pool's
/// own mechanics are in `StandingThreadsTests`).
final class ProxyWorkersTests: XCTestCase {
    func test_transfersBeyondTheLimit_waitAndAllRun_onThreadsNamedForTheProxy() {
        // Given: a pool of 3 and 40 jobs that each hold their thread until released
        let workers = ProxyWorkers(limit: 3)
        let gate = DispatchSemaphore(value: 0)
        let seen = Mutex(ProxyJobs())
        let done = DispatchGroup()

        // When
        for _ in 0..<40 {
            done.enter()
            workers.submit { job in
                let id = try? ProcFS.currentThreadID()
                seen.withLock { $0.started += 1; $0.threads.insert(id ?? "?") }
                gate.wait()
                job.release()
                done.leave()
            }
        }
        XCTAssertTrue(waitUntil(timeout: 5) { seen.withLock { $0.started } == 3 })
        let waiting = workers.pool.queuedCount
        for _ in 0..<40 { gate.signal() }

        // Then
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(waiting, 37, "the jobs past the limit waited, none was refused")
        XCTAssertEqual(seen.withLock { $0.started }, 40)
        XCTAssertEqual(workers.pool.peakThreadCount, 3)
        // The kernel keeps 15 bytes of "mockserver-proxy" (the threads wait 30 s).
        #if os(Linux)
        let threads = seen.withLock { $0.threads }
        XCTAssertEqual(threads.count, 3)
        XCTAssertTrue(waitUntil { threads.allSatisfy { (try? ProcFS.threadNames())?[$0] == "mockserver-prox" } })
        #endif
    }
}

/// Jobs started and their threads' ids (a named state for the sanitizer).
private struct ProxyJobs {
    var started = 0
    var threads: Set<String> = []
}
