import Foundation
import XCTest

@testable import MockServer

/// `fail_rate=P&seed=N`: a probability of failure whose sequence repeats run after run.
final class FailRateTests: ServerTestCase {
    private func statuses(_ pathAndQuery: String, count: Int, on server: MockServer) -> String {
        let client = CurlClient()
        return (0..<count).map { _ in client.request(server.url(pathAndQuery)).status == 500 ? "x" : "." }.joined()
    }

    func test_sequence_isThePinnedOne_andTheSameOnAnotherServer() throws {
        // Given the sequence SeededFailuresTests pins for this URL
        let url = "/images/1.png?fail_rate=0.3&seed=42"
        let expected = SeededFailuresTests.pinned

        // When
        let here = statuses(url, count: 12, on: server)
        let other = try MockServer.start()
        defer { other.stop() }
        let there = statuses(url, count: 12, on: other)

        // Then
        XCTAssertEqual(here, expected)
        XCTAssertEqual(there, expected, "another server (another run) fails the same requests")
    }

    func test_reset_startsTheSequenceOver() {
        let url = "/health?fail_rate=0.5&seed=3"
        let first = statuses(url, count: 16, on: server)
        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/reset"), json: "{}").status, 200)
        XCTAssertEqual(statuses(url, count: 16, on: server), first)
        XCTAssertTrue(first.contains("x") && first.contains("."), "a rate of 0.5 over 16 requests: \(first)")
    }

    func test_seedChoosesTheSequence() {
        let one = statuses("/health?fail_rate=0.5&seed=1", count: 24, on: server)
        let two = statuses("/health?fail_rate=0.5&seed=2", count: 24, on: server)
        XCTAssertNotEqual(one, two)
    }

    func test_rateZero_neverFails_rateOne_alwaysFails_withAReadableBody() {
        XCTAssertEqual(statuses("/health?fail_rate=0", count: 10, on: server), "..........")
        XCTAssertEqual(statuses("/health?fail_rate=1", count: 10, on: server), "xxxxxxxxxx")
        let failed = get("/health?fail_rate=1&seed=9")
        XCTAssertEqual(failed.json?["error"] as? String, "fail_rate: request 1 for this URL failed (rate 1, seed 9)")
    }

    func test_badValues_are400s_withTheTablesValidText() {
        for value in ["1.5", "-0.1", "abc", "1e-1", "nan", "0.3.1", ""] {
            let result = get("/health?fail_rate=\(value)")
            XCTAssertEqual(result.status, 400, value)
            XCTAssertEqual(result.json?["parameter"] as? String, "fail_rate", value)
            XCTAssertEqual(result.json?["valid"] as? String, Fault.Name.failRate.valid, value)
        }
        XCTAssertEqual(get("/health?fail_rate=.5").status == 400, false, ".5 is a probability")
        XCTAssertEqual(get("/health?fail_rate=0.5&seed=4294967296").json?["parameter"] as? String, "seed")
    }

    func test_typedFault_roundTrips() throws {
        XCTAssertEqual(Fault.failRate(0.3).value, "0.3")
        XCTAssertEqual(Fault.failRate(0.000001).value, "0.000001")
        XCTAssertEqual(Fault.failRate(1).value, "1")
        let url = server.url(.health, faults: [.failRate(1), .seed(5)])
        XCTAssertEqual(url.absoluteString, server.baseURL.absoluteString + "/health?fault.fail_rate=1&fault.seed=5")
        XCTAssertEqual(HTTP.get(url).status, 500)
    }
}
