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
            workers.submit { _ in
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
            workers.submit { _ in
                _ = names.withLock { $0.seen.insert(ObjectIdentifier(Thread.current)) }
                finished.signal()
            }
            XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
            XCTAssertTrue(waitUntil(timeout: 5) { workers.freeCount == workers.threadCount })
        }

        // Then
        XCTAssertEqual(names.withLock { $0.seen.count }, 1, "the standing thread took every job")
        XCTAssertEqual(workers.threadCount, 1)
    }

    func test_burstFromManyThreads_neverStartsMoreThanTheLimit() {
        // Given: a pool of 4, and 16 threads submitting 50 short jobs each at the same moment
        let workers = ProxyWorkers(limit: 4)
        let running = Mutex(JobCounts())
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let submitters = DispatchGroup()

        // When
        for _ in 0..<16 {
            DispatchQueue.global().async(group: submitters) {
                start.wait()
                for _ in 0..<50 {
                    done.enter()
                    workers.submit { _ in
                        running.withLock { $0.started += 1; $0.atOnce += 1; $0.most = max($0.most, $0.atOnce) }
                        usleep(200)
                        running.withLock { $0.atOnce -= 1 }
                        done.leave()
                    }
                }
            }
        }
        for _ in 0..<16 { start.signal() }

        // Then
        XCTAssertEqual(submitters.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(running.withLock { $0.started }, 800)
        XCTAssertLessThanOrEqual(running.withLock { $0.most }, 4)
        XCTAssertLessThanOrEqual(workers.peakThreadCount, 4, "never more threads than the limit")
        XCTAssertLessThanOrEqual(workers.threadCount, 4)
    }

    func test_releasedJob_letsItsThreadTakeTheNextJob_insteadOfANewThread() {
        // Given: a pool of 8 whose one thread runs a job that releases it, then goes on tidying
        let workers = ProxyWorkers(limit: 8)
        let released = DispatchSemaphore(value: 0)
        let submitted = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let names = Mutex(ThreadNames())
        workers.submit { job in
            _ = names.withLock { $0.seen.insert(ObjectIdentifier(Thread.current)) }
            job.release()
            released.signal()
            // Still tidying when the next job comes.
            _ = submitted.wait(timeout: .now() + 5)
        }
        XCTAssertEqual(released.wait(timeout: .now() + 5), .success)

        // When
        workers.submit { _ in
            _ = names.withLock { $0.seen.insert(ObjectIdentifier(Thread.current)) }
            finished.signal()
        }
        let threadsAfterSubmit = workers.threadCount
        submitted.signal()

        // Then
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(threadsAfterSubmit, 1, "the released thread was counted free")
        XCTAssertEqual(names.withLock { $0.seen.count }, 1)
        XCTAssertEqual(workers.peakThreadCount, 1)
    }

    func test_idleThreads_end() {
        // Given
        let workers = ProxyWorkers(limit: 4, idleSeconds: 0.1)
        let finished = DispatchSemaphore(value: 0)

        // When
        workers.submit { _ in finished.signal() }
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)

        // Then
        XCTAssertTrue(waitUntil(timeout: 5) { workers.threadCount == 0 })
        XCTAssertEqual(workers.freeCount, 0)
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
