import Foundation
import Synchronization
import XCTest

@testable import MockServer

/// A lane's threads wait a while for more work before they end, so a stream of small renderings
/// reuses them instead of starting a thread per image, and an idle server still ends with none.
final class RenderQueueThreadTests: XCTestCase {
    /// Polls `condition` every 10 ms until it holds or `timeout` seconds pass.
    private func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Runs `count` jobs on `lane` one after another (each queued when the one before ended) and
    /// returns the threads they ran on.
    private func threadsOfSequentialJobs(_ queue: RenderQueue, lane: RenderQueue.Lane, count: Int) throws -> [String] {
        let names = Mutex<[String]>([])
        for index in 0..<count {
            let done = DispatchSemaphore(value: 0)
            try queue.enqueue(RenderTicket(), lane: lane) {
                // A name of its own per thread (a new thread's dictionary is empty; its
                // pthread_t could be an ended thread's, reused).
                let dictionary = Thread.current.threadDictionary
                let name = dictionary["renderQueueTest"] as? String ?? UUID().uuidString
                dictionary["renderQueueTest"] = name
                names.withLock { $0.append(name) }
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "job \(index) ran")
            // Let the thread go back to waiting before the next job arrives.
            XCTAssertTrue(eventually { queue.running(lane) == 0 })
        }
        return names.withLock { $0 }
    }

    func test_jobsOneAfterAnother_runOnTheSameWaitingThread() throws {
        let queue = RenderQueue(idleLinger: .seconds(30))
        defer { queue.stop() }
        let threads = try threadsOfSequentialJobs(queue, lane: .small, count: 5)
        XCTAssertEqual(Set(threads).count, 1, "one thread took every job: none was started per job (\(threads))")
        XCTAssertEqual(queue.threads(.small), 1)
    }

    func test_idleThreads_endAfterTheLinger_andANewJobStartsOneAgain() throws {
        let queue = RenderQueue(idleLinger: .milliseconds(150))
        defer { queue.stop() }
        _ = try threadsOfSequentialJobs(queue, lane: .small, count: 2)
        XCTAssertEqual(queue.threads(.small), 1, "the thread waits for more work first")
        XCTAssertTrue(eventually(timeout: 10) { queue.threads(.small) == 0 }, "an idle lane ends with no thread")
        let again = try threadsOfSequentialJobs(queue, lane: .small, count: 1)
        XCTAssertEqual(again.count, 1, "a job after the linger still runs, on a new thread")
    }

    func test_stop_endsWaitingThreadsAtOnce() throws {
        let queue = RenderQueue(idleLinger: .seconds(60))
        _ = try threadsOfSequentialJobs(queue, lane: .large, count: 1)
        XCTAssertEqual(queue.threads(.large), 1)
        let stopped = Date()
        queue.stop()
        XCTAssertTrue(eventually(timeout: 10) { queue.threads(.large) == 0 }, "stop wakes the waiting thread, which ends")
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 5, "not after the 60 s linger")
        XCTAssertThrowsError(try queue.enqueue(RenderTicket(), lane: .large) {})
    }

    func test_manyJobsAtOnce_neverMoreThreadsThanTheLaneHas() throws {
        let queue = RenderQueue(idleLinger: .seconds(30))
        defer { queue.stop() }
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<40 {
            group.enter()
            try queue.enqueue(RenderTicket(), lane: .small) {
                let now = running.add(1, ordering: .relaxed).newValue
                _ = most.max(now, ordering: .relaxed)
                usleep(2_000)
                running.subtract(1, ordering: .relaxed)
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertLessThanOrEqual(most.load(ordering: .relaxed), RenderQueue.Lane.small.threads)
        XCTAssertLessThanOrEqual(queue.threads(.small), RenderQueue.Lane.small.threads)
    }

    func test_theLargeLane_runsAtTheLowestPriority() throws {
        let queue = RenderQueue(idleLinger: .seconds(30))
        defer { queue.stop() }
        let seen = Mutex<[RenderQueue.Lane: Int32]>([:])
        let group = DispatchGroup()
        #if os(Linux)
        // The test's own nice value, which the small lane's threads inherit.
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        let base: Int32 = 0
        #endif
        for lane in RenderQueue.Lane.allCases {
            group.enter()
            try queue.enqueue(RenderTicket(), lane: lane) {
                #if os(Linux)
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                #else
                let nice = lane.niceness
                #endif
                seen.withLock { $0[lane] = nice }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(seen.withLock { $0[.small] }, base)
        XCTAssertEqual(seen.withLock { $0[.large] }, 19)
    }
}
