import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import MockServer

/// The proxy's standing pool of transfer threads: bounded, reused, and gone when idle.
final class ProxyWorkersTests: XCTestCase {
    func test_jobsBeyondTheLimit_waitInTheQueue_andAllRun() {
        // Given: a pool of 3 and 20 jobs that each hold their thread until released
        let workers = ProxyWorkers(limit: 3)
        let gate = DispatchSemaphore(value: 0)
        let running = Mutex(JobCounts())
        let done = DispatchGroup()

        // When
        for _ in 0..<20 {
            done.enter()
            workers.submit {
                running.withLock { $0.started += 1; $0.atOnce += 1; $0.most = max($0.most, $0.atOnce) }
                gate.wait()
                running.withLock { $0.atOnce -= 1 }
                done.leave()
            }
        }
        XCTAssertTrue(waitUntil(timeout: 5) { running.withLock { $0.started } == 3 })
        let threadsWhileFull = workers.threadCount
        for _ in 0..<20 { gate.signal() }

        // Then
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(threadsWhileFull, 3)
        XCTAssertEqual(running.withLock { $0.most }, 3, "never more than the limit at once")
        XCTAssertEqual(running.withLock { $0.started }, 20)
    }

    func test_oneAfterAnother_reusesStandingThreads() {
        // Given
        let workers = ProxyWorkers(limit: 8)
        let names = Mutex(ThreadNames())

        // When: fifty jobs, each submitted once the last one's thread waits again
        for _ in 0..<50 {
            let finished = DispatchSemaphore(value: 0)
            workers.submit {
                _ = names.withLock { $0.seen.insert(ObjectIdentifier(Thread.current)) }
                finished.signal()
            }
            XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
            XCTAssertTrue(waitUntil(timeout: 5) { workers.idleCount == workers.threadCount })
        }

        // Then
        XCTAssertEqual(names.withLock { $0.seen.count }, 1, "the standing thread took every job")
        XCTAssertEqual(workers.threadCount, 1)
    }

    func test_idleThreads_end() {
        // Given
        let workers = ProxyWorkers(limit: 4, idleSeconds: 0.1)
        let finished = DispatchSemaphore(value: 0)

        // When
        workers.submit { finished.signal() }
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)

        // Then
        XCTAssertTrue(waitUntil(timeout: 5) { workers.threadCount == 0 })
    }
}

/// Jobs started, running at once, and the most at once (a named state for the sanitizer).
private struct JobCounts {
    var started = 0
    var atOnce = 0
    var most = 0
}

/// The threads jobs ran on.
private struct ThreadNames {
    var seen: Set<ObjectIdentifier> = []
}
