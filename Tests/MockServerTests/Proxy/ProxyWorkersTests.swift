import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import MockServer

/// The proxy's transfer threads never refuse a transfer: past the limit it waits (the pool's own
/// mechanics are in `StandingThreadsTests`).
final class ProxyWorkersTests: XCTestCase {
    func test_transfersBeyondTheLimit_waitAndAllRun() {
        // Given: a pool of 3 and 40 jobs that each hold their thread until released
        let workers = ProxyWorkers(limit: 3)
        let gate = DispatchSemaphore(value: 0)
        let seen = Mutex(ProxyJobs())
        let done = DispatchGroup()

        // When
        for _ in 0..<40 {
            done.enter()
            workers.submit { job in
                seen.withLock { seen in
                    seen.started += 1
                    seen.atOnce += 1
                    seen.most = max(seen.most, seen.atOnce)
                }
                gate.wait()
                seen.withLock { $0.atOnce -= 1 }
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
        XCTAssertEqual(seen.withLock { $0.most }, 3, "never more than the limit at once")
        XCTAssertEqual(workers.pool.peakThreadCount, 3)
    }
}

/// Jobs started, running at once, and the most at once (a named state for the sanitizer).
private struct ProxyJobs {
    var started = 0
    var atOnce = 0
    var most = 0
}
