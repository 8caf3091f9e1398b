import Clocks
import Foundation
import MockServer
import Synchronization
import XCTest

@testable import Networking

/// `ProbingConnectivityMonitor` against a live `MockServer`: the offline switch changes the
/// network, a `TestClock` moves the probe interval, real probes answer.
final class ProbingConnectivityMonitorTests: MockServerTestCase {
    private var clock: TestClock<Duration>!
    private let client = URLSessionHTTPClient()

    override func setUpWithError() throws {
        try super.setUpWithError()
        clock = TestClock()
    }

    func test_monitor_startsOnlineGoesOfflineAfterOneIntervalAndComesBack() async throws {
        // Given a started monitor on a reachable server
        let monitor = makeMonitor()
        let recorder = ChangeRecorder(monitor.changes())
        monitor.start()
        try await eventually { recorder.values == [true] }
        let isOnlineAtFirst = await monitor.isOnline
        XCTAssertTrue(isOnlineAtFirst)

        // When the server goes offline, nothing changes before the interval has passed
        try server.setOffline(true)
        await clock.advance(by: .seconds(4))
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(monitor.completedProbes, 1, "no probe before the interval")
        XCTAssertEqual(recorder.values, [true])

        // Then one interval after the start it is offline
        await clock.advance(by: .seconds(1))
        try await eventually { recorder.values == [true, false] }
        let isOnlineWhenOff = await monitor.isOnline
        XCTAssertFalse(isOnlineWhenOff)

        // And back online one interval after the server is back
        try server.setOffline(false)
        await clock.advance(by: .seconds(5))
        try await eventually { recorder.values == [true, false, true] }

        await monitor.stop()
        let all = await recorder.finished()
        XCTAssertEqual(all, [true, false, true])
    }

    func test_monitor_emitsNothingWhenNothingChanges() async throws {
        // Given
        let monitor = makeMonitor()
        let recorder = ChangeRecorder(monitor.changes())
        monitor.start()
        try await eventually { monitor.completedProbes == 1 }

        // When three more intervals pass with the server up
        for probes in 2...4 {
            await clock.advance(by: .seconds(5))
            try await eventually { monitor.completedProbes == probes }
        }
        await monitor.stop()

        // Then four probes reached the server and one state was told, once
        let all = await recorder.finished()
        XCTAssertEqual(all, [true])
        XCTAssertEqual(server.requests.filter { $0.path == "/health" }.count, 4)
    }

    func test_monitor_startsOfflineWhenTheServerIsDown() async throws {
        try server.setOffline(true)
        let monitor = makeMonitor()
        let recorder = ChangeRecorder(monitor.changes())
        monitor.start()
        try await eventually { recorder.values == [false] }
        await monitor.stop()
    }

    func test_monitor_countsAnyHTTPAnswerAsOnline() async throws {
        let monitor = makeMonitor(path: "/health?status=500")
        let isOnline = await monitor.isOnline
        XCTAssertTrue(isOnline, "a 500 proves the network works")
        XCTAssertEqual(monitor.completedProbes, 1)
    }

    func test_monitor_countsAProbeThatGetsNoAnswerInTimeAsOffline() async throws {
        let timeouts = RequestTimeouts(connect: .milliseconds(200), stall: .milliseconds(200), total: .milliseconds(300))
        let monitor = makeMonitor(path: "/health?delay=2000", probeTimeouts: timeouts)
        let isOnline = await monitor.isOnline
        XCTAssertFalse(isOnline)
    }

    func test_monitor_tellsEverySubscriberAndReplaysTheStateToLateOnes() async throws {
        // Given two subscribers before the start
        let monitor = makeMonitor()
        let first = ChangeRecorder(monitor.changes())
        let second = ChangeRecorder(monitor.changes())
        monitor.start()
        try await eventually { first.values == [true] && second.values == [true] }

        // When the network goes away
        try server.setOffline(true)
        await clock.advance(by: .seconds(5))
        try await eventually { first.values == [true, false] && second.values == [true, false] }

        // Then a late subscriber starts from the current state
        let late = ChangeRecorder(monitor.changes())
        try await eventually { late.values == [false] }
        await monitor.stop()
        let lateValues = await late.finished()
        XCTAssertEqual(lateValues, [false])
    }

    func test_monitor_stopsProbingAndEndsStreamsAndCanStartAgain() async throws {
        // Given a running monitor
        let monitor = makeMonitor()
        let recorder = ChangeRecorder(monitor.changes())
        monitor.start()
        monitor.start()  // idempotent
        try await eventually { monitor.completedProbes == 1 }

        // When stopped, time passes
        await monitor.stop()
        let values = await recorder.finished()
        await clock.advance(by: .seconds(60))
        try await Task.sleep(for: .milliseconds(100))

        // Then no probe ran after the stop and the stream ended
        XCTAssertEqual(values, [true])
        XCTAssertEqual(monitor.completedProbes, 1)
        XCTAssertEqual(server.requests.count, 1)

        // And it starts again
        monitor.start()
        try await eventually { monitor.completedProbes == 2 }
        await monitor.stop()
    }

    func test_monitor_stopCancelsAProbeInFlight() async throws {
        // Given a probe waiting on a server that answers in 10 s
        let monitor = makeMonitor(path: "/health?delay=10000", probeTimeouts: .default)
        monitor.start()
        try await Task.sleep(for: .milliseconds(100))

        // When
        let start = ContinuousClock.now
        await monitor.stop()

        // Then stop returns at once and the cancelled probe decided nothing
        XCTAssertLessThan((ContinuousClock.now - start).seconds, 0.5)
        XCTAssertEqual(monitor.completedProbes, 0)
    }

    func test_monitor_releasedWhileRunningEndsItsStreams() async throws {
        var monitor: ProbingConnectivityMonitor? = makeMonitor()
        let recorder = ChangeRecorder(monitor!.changes())
        monitor?.start()
        try await eventually { recorder.values == [true] }
        weak let weakMonitor = monitor

        monitor = nil

        XCTAssertNil(weakMonitor, "the probe loop must not keep the monitor alive")
        let values = await recorder.finished()
        XCTAssertEqual(values, [true])
    }

    // MARK: Helpers

    private func makeMonitor(
        path: String = "/health", probeTimeouts: RequestTimeouts = RequestTimeouts.default.scaled(by: 0.1)
    ) -> ProbingConnectivityMonitor {
        ProbingConnectivityMonitor(
            client: client, probeURL: server.url(path), interval: .seconds(5), probeTimeouts: probeTimeouts, clock: clock)
    }
}

/// Collects what a stream yields, in order, until it ends.
private final class ChangeRecorder: Sendable {
    private final class Storage: Sendable {
        let values = Mutex<[Bool]>([])
    }

    private let storage: Storage
    private let consumer: Task<Void, Never>

    init(_ stream: AsyncStream<Bool>) {
        let storage = Storage()
        self.storage = storage
        consumer = Task {
            for await value in stream { storage.values.withLock { $0.append(value) } }
        }
    }

    var values: [Bool] { storage.values.withLock { $0 } }

    /// Waits for the stream to end; everything it yielded.
    func finished() async -> [Bool] {
        await consumer.value
        return values
    }
}
