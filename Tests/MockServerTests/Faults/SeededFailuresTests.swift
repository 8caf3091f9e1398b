import XCTest

@testable import MockServer

/// `fail_rate` with `seed`: a repeatable failure sequence per URL.
final class SeededFailuresTests: XCTestCase {
    private func sequence(_ url: String, rate: Double, seed: UInt64, count: Int = 20) -> [Bool] {
        (1...count).map { SeededFailures.fails(url: url, attempt: $0, rate: rate, seed: seed) }
    }

    func test_sameSeedAndURL_sameSequence() {
        XCTAssertEqual(sequence("/a?fail_rate=0.3", rate: 0.3, seed: 7), sequence("/a?fail_rate=0.3", rate: 0.3, seed: 7))
    }

    func test_otherSeedOrURL_otherSequence() {
        let base = sequence("/a?fail_rate=0.5", rate: 0.5, seed: 1, count: 64)
        XCTAssertNotEqual(base, sequence("/a?fail_rate=0.5", rate: 0.5, seed: 2, count: 64))
        XCTAssertNotEqual(base, sequence("/b?fail_rate=0.5", rate: 0.5, seed: 1, count: 64))
    }

    func test_knownSequence_isTheSameInEveryProcess() {
        // Pinned: a change of the generator would change every user's recorded runs.
        let pinned = sequence("/images/1.png?fail_rate=0.3&seed=42", rate: 0.3, seed: 42, count: 12).map { $0 ? "x" : "." }.joined()
        XCTAssertEqual(pinned, SeededFailuresTests.pinned)
    }

    func test_rateZeroNeverFails_rateOneAlwaysFails() {
        XCTAssertFalse(sequence("/a", rate: 0, seed: 3, count: 1000).contains(true))
        XCTAssertFalse(sequence("/a", rate: 1, seed: 3, count: 1000).contains(false))
    }

    func test_aboutTheRateFails_overManyRequests() {
        for rate in [0.1, 0.3, 0.5, 0.9] {
            let failures = sequence("/images/1.png", rate: rate, seed: 99, count: 10_000).filter { $0 }.count
            XCTAssertEqual(Double(failures) / 10_000, rate, accuracy: 0.02, "rate \(rate)")
        }
    }

    func test_draws_areUniform() {
        // Ten bins of 10,000 draws: each within 15% of its expected 1,000.
        var bins = [Int](repeating: 0, count: 10)
        for attempt in 1...10_000 { bins[Int(SeededFailures.draw(url: "/u", attempt: attempt, seed: 5) * 10)] += 1 }
        for count in bins { XCTAssertEqual(Double(count), 1000, accuracy: 150) }
    }

    static let pinned = "...x..x..xxx"
}
