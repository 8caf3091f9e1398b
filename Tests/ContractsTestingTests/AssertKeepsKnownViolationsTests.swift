import Contracts
import ImageCache
import XCTest

/// `assertKeeps(…, knownViolations:)`, the XCTest counterpart: a listed violation does not
/// fail, a listed rule that holds does. Failures are captured, not recorded, to see them.
final class AssertKeepsKnownViolationsTests: FailureCapturingTestCase {
    func test_listedViolation_doesNotFail() async {
        let failures = await failures {
            await assertKeeps(ImageCachingContracts.limitNeverExceeded, KnownViolationsTests.broken, knownViolations: KnownViolationsTests.listed)
        }
        XCTAssertEqual(failures, [])
    }

    func test_listedRuleThatHolds_fails() async {
        let failures = await failures {
            await assertKeeps(ImageCachingContracts.limitNeverExceeded, KnownViolationsTests.ours, knownViolations: KnownViolationsTests.listed)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("now keeps the rule; remove it from knownViolations") == true, "\(failures)")
    }

    func test_unlistedViolation_fails() async {
        let failures = await failures {
            await assertKeeps(ImageCachingContracts.lruEviction, KnownViolationsTests.broken, knownViolations: KnownViolationsTests.listed)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("memory.lruEviction:") == true, "\(failures)")
    }
}
