import Foundation
import XCTest

@testable import MockServer

/// The `flaky` counters are bounded: least recently requested URLs are forgotten first.
final class FlakyCountersTests: XCTestCase {
    func test_count_countsEachURLOnItsOwn() {
        let counters = FlakyCounters(capacity: 10)
        XCTAssertEqual(counters.count("/a?flaky=2"), 1)
        XCTAssertEqual(counters.count("/a?flaky=2"), 2)
        XCTAssertEqual(counters.count("/b?flaky=2"), 1)
        XCTAssertEqual(counters.count("/a?flaky=2"), 3)
    }

    func test_manyDistinctURLs_keepAtMostCapacity_andAForgottenURLCountsFromZeroAgain() {
        // Given
        let counters = FlakyCounters(capacity: 100)
        XCTAssertEqual(counters.count("/images/0.png?flaky=3"), 1)

        // When 40,000 other URLs are requested
        for index in 1...40_000 { _ = counters.count("/images/\(index).png?flaky=3") }

        // Then
        XCTAssertEqual(counters.trackedCount, 100)
        XCTAssertLessThanOrEqual(counters.orderLogCount, 2 * 100 + 17)
        XCTAssertEqual(counters.current("/images/0.png?flaky=3"), 0, "the oldest was forgotten")
        XCTAssertEqual(counters.count("/images/0.png?flaky=3"), 1, "and counts from zero again")
        XCTAssertEqual(counters.current("/images/40000.png?flaky=3"), 1, "the newest is kept")
    }

    func test_aURLRequestedAgain_isKeptWhileOlderOnesAreForgotten() {
        let counters = FlakyCounters(capacity: 3)
        _ = counters.count("/kept")
        for index in 0..<50 {
            _ = counters.count("/kept")
            _ = counters.count("/other/\(index)")
        }
        XCTAssertEqual(counters.current("/kept"), 51)
        XCTAssertEqual(counters.trackedCount, 3)
    }

    func test_oneURLRequestedOverAndOver_keepsItsBookkeepingBounded() {
        let counters = FlakyCounters(capacity: 5)
        for _ in 0..<10_000 { _ = counters.count("/same") }
        XCTAssertEqual(counters.current("/same"), 10_000)
        XCTAssertLessThanOrEqual(counters.orderLogCount, 2 * 5 + 17)
    }

    func test_reset_forgetsEveryCount() {
        let counters = FlakyCounters(capacity: 10)
        _ = counters.count("/a")
        counters.reset()
        XCTAssertEqual(counters.trackedCount, 0)
        XCTAssertEqual(counters.count("/a"), 1)
    }

    func test_server_boundsItsCountersAtTheJournalsSize_andResetClearsThem() throws {
        let server = try MockServer.start()
        defer { server.stop() }
        XCTAssertEqual(server.core.flakyCounters.capacity, 10_000)
        XCTAssertEqual(HTTP.get(server.url("/health?flaky=1")).status, 500)
        XCTAssertEqual(HTTP.get(server.url("/health?flaky=1")).status, 200)
        XCTAssertEqual(server.core.flakyCounters.trackedCount, 1)
        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/reset"), json: "{}").status, 200)
        XCTAssertEqual(server.core.flakyCounters.trackedCount, 0)
        XCTAssertEqual(HTTP.get(server.url("/health?flaky=1")).status, 500, "counting starts over after a reset")
    }
}
