import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import MockServer

/// A pool of standing threads: bounded, reused, gone when idle; a bounded FIFO, withdrawal,
/// early release and stop.
final class StandingThreadsTests: XCTestCase {
    /// A pool named for these tests.
    private func pool(limit: Int, linger: Duration = .seconds(30), capacity: Int? = nil) -> StandingThreads {
        StandingThreads(name: "standing-threads-test", limit: limit, linger: linger, capacity: capacity)
    }

    func test_oneAfterAnother_reusesStandingThreads() throws {
        // Given
        let workers = pool(limit: 8)
        let names = Mutex(ThreadNames())

        // When: fifty jobs, each submitted once the last one's thread waits again
        for _ in 0..<50 {
            let finished = DispatchSemaphore(value: 0)
            try workers.submit { _ in
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

    func test_burstFromManyThreads_neverStartsMoreThanTheLimit() throws {
        // Given: a pool of 4, and 16 threads submitting 50 short jobs each at the same moment
        let workers = pool(limit: 4)
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
                    do {
                        try workers.submit { _ in
                            running.withLock { $0.started += 1; $0.atOnce += 1; $0.most = max($0.most, $0.atOnce) }
                            usleep(200)
                            running.withLock { $0.atOnce -= 1 }
                            done.leave()
                        }
                    } catch {
                        XCTFail("refused: \(error)")
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

    func test_releasedJob_letsItsThreadTakeTheNextJob_insteadOfANewThread() throws {
        // Given: a pool of 8 whose one thread runs a job that releases it, then goes on tidying
        let workers = pool(limit: 8)
        let released = DispatchSemaphore(value: 0)
        let submitted = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let names = Mutex(ThreadNames())
        try workers.submit { job in
            _ = names.withLock { $0.seen.insert(ObjectIdentifier(Thread.current)) }
            job.release()
            released.signal()
            // Still tidying when the next job comes.
            _ = submitted.wait(timeout: .now() + 5)
        }
        XCTAssertEqual(released.wait(timeout: .now() + 5), .success)

        // When
        try workers.submit { _ in
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

    func test_idleThreads_end() throws {
        // Given
        let workers = pool(limit: 4, linger: .milliseconds(100))
        let finished = DispatchSemaphore(value: 0)

        // When
        try workers.submit { _ in finished.signal() }
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)

        // Then
        XCTAssertTrue(waitUntil(timeout: 5) { workers.threadCount == 0 })
        XCTAssertEqual(workers.freeCount, 0)
    }

    func test_fullFIFO_refusesTheNextJob_untilOneStarts() throws {
        // Given: a pool of 1 whose thread is held, and a FIFO of 2 that holds 2 jobs
        let workers = pool(limit: 1, capacity: 2)
        let gate = DispatchSemaphore(value: 0)
        let ran = Mutex(JobCounts())
        try workers.submit { _ in gate.wait() }
        XCTAssertTrue(waitUntil { workers.runningCount == 1 })
        for _ in 0..<2 { try workers.submit { _ in ran.withLock { $0.started += 1 } } }

        // When
        XCTAssertThrowsError(try workers.submit { _ in }) { error in
            // Then
            XCTAssertEqual(error as? StandingThreads.Refusal, .full)
        }
        XCTAssertEqual(workers.queuedCount, 2)
        gate.signal()
        XCTAssertTrue(waitUntil { ran.withLock { $0.started } == 2 })
        try workers.submit { _ in }
    }

    func test_withdraw_removesAWaitingJob_butNotARunningOne() throws {
        // Given: a held job (key `first`) and a waiting one (key `second`)
        let workers = pool(limit: 1)
        let gate = DispatchSemaphore(value: 0)
        let ran = Mutex(JobCounts())
        let first = Key()
        let second = Key()
        try workers.submit(withdrawable: first) { _ in gate.wait() }
        XCTAssertTrue(waitUntil { workers.runningCount == 1 })
        try workers.submit(withdrawable: second) { _ in ran.withLock { $0.started += 1 } }

        // When
        let withdrewRunning = workers.withdraw(first)
        let withdrewWaiting = workers.withdraw(second)
        let withdrewAgain = workers.withdraw(second)
        gate.signal()

        // Then
        XCTAssertFalse(withdrewRunning, "a started job stays")
        XCTAssertTrue(withdrewWaiting)
        XCTAssertFalse(withdrewAgain)
        XCTAssertTrue(waitUntil { workers.runningCount == 0 && workers.freeCount == 1 }, "the withdrawn job owes no thread")
        XCTAssertEqual(workers.queuedCount, 0)
        XCTAssertEqual(ran.withLock { $0.started }, 0, "the withdrawn job never ran")
    }

    func test_stop_dropsWaitingJobs_endsTheThreads_andRefusesNewJobs() throws {
        // Given: a pool of 2 whose threads are both held, a job waiting, and a pool with one idle thread
        let workers = pool(limit: 2, linger: .seconds(60))
        let gate = DispatchSemaphore(value: 0)
        let ran = Mutex(JobCounts())
        for _ in 0..<2 { try workers.submit { _ in gate.wait() } }
        try workers.submit { _ in ran.withLock { $0.started += 1 } }
        XCTAssertTrue(waitUntil { workers.runningCount == 2 && workers.queuedCount == 1 })
        let idle = pool(limit: 1, linger: .seconds(60))
        try idle.submit { _ in }
        XCTAssertTrue(waitUntil { idle.runningCount == 0 && idle.freeCount == 1 })

        // When
        workers.stop()
        idle.stop()
        let queuedAfterStop = workers.queuedCount
        gate.signal()
        gate.signal()

        // Then
        XCTAssertEqual(queuedAfterStop, 0)
        XCTAssertTrue(waitUntil { idle.threadCount == 0 }, "the idle thread ends at once, not after the 60 s linger")
        XCTAssertTrue(waitUntil { workers.threadCount == 0 }, "the busy threads end after their job")
        XCTAssertEqual(workers.freeCount, 0)
        XCTAssertEqual(ran.withLock { $0.started }, 0, "the waiting job was dropped")
        XCTAssertThrowsError(try workers.submit { _ in }) { error in
            XCTAssertEqual(error as? StandingThreads.Refusal, .stopped)
        }
    }

    func test_threads_takeTheNiceness() throws {
        // Given
        let workers = StandingThreads(name: "standing-nice", limit: 1, linger: .seconds(30), niceness: 7)
        defer { workers.stop() }
        let seen = Mutex(Niceness())
        let finished = DispatchSemaphore(value: 0)
        #if os(Linux)
        // (A thread can raise its nice value, never lower it below the process's.)
        let expected = max(7, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        #else
        let expected: Int32 = 0
        #endif

        // When
        try workers.submit { _ in
            #if os(Linux)
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            #else
            let nice: Int32 = 0
            #endif
            seen.withLock { $0.value = nice }
            finished.signal()
        }

        // Then
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(seen.withLock { $0.value }, expected)
    }
}

/// A key to withdraw a job by.
private final class Key: Sendable {}

/// A job thread's nice value.
private struct Niceness {
    var value: Int32 = -1
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
