import Contracts
import ImageCache
import XCTest

/// `assertKeepsAll`, the XCTest recipe that new rules do not break: every rule of the list runs,
/// each violation is its own failure naming its rule, and a rule added to the list is picked up
/// with no change to the caller. Failures are captured, not recorded, to see them.
final class AssertKeepsAllTests: FailureCapturingTestCase {
    /// The identifier a failure names (`memory.lruEviction` of `memory.lruEviction: …`).
    private func ruleNamed(_ failure: String) -> String {
        String(failure.prefix { $0 != ":" })
    }

    func test_ourCache_recordsNoFailure() async {
        // Given our cache, which keeps every ImageCaching rule
        // When the whole suite is checked
        var violations: [ContractViolation] = []
        let failures = await failures {
            violations = await assertKeepsAll(ImageCachingContracts.all, KnownViolationsTests.ours)
        }

        // Then nothing failed
        XCTAssertEqual(failures, [])
        XCTAssertEqual(violations, [])
    }

    func test_brokenCache_eachViolationIsItsOwnFailureNamingTheRule() async {
        // Given a cache that never evicts (it breaks several rules)
        // When the whole suite is checked
        var violations: [ContractViolation] = []
        let failures = await failures {
            violations = await assertKeepsAll(ImageCachingContracts.all, KnownViolationsTests.broken)
        }

        // Then there is one failure per violated rule, each starting with that rule's id, in
        // the suite's order, and the eviction rules are among them
        XCTAssertGreaterThanOrEqual(violations.count, 2, "\(violations)")
        XCTAssertEqual(failures.map(ruleNamed), violations.map(\.contract))
        XCTAssertTrue(violations.map(\.contract).contains("memory.lruEviction"), "\(violations)")
        XCTAssertTrue(violations.map(\.contract).contains("memory.limitNeverExceeded"), "\(violations)")
        let order = ImageCachingContracts.all.map(\.id)
        XCTAssertEqual(violations.map(\.contract), order.filter { id in violations.contains { $0.contract == id } })
    }

    func test_aRuleAddedToTheList_isPickedUpWithNoChangeToTheCaller() async {
        // Given the suite with one more rule, which our cache breaks
        let scratch = Contract<ImageCachingSubject>(id: "memory.scratchRule", rule: "A rule added after the caller was written.") { _ in
            "the scratch rule is always violated"
        }

        // When the same call checks the longer list
        let failures = await failures {
            await assertKeepsAll(ImageCachingContracts.all + [scratch], KnownViolationsTests.ours)
        }

        // Then the new rule ran and its violation names it
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.hasPrefix("memory.scratchRule: the scratch rule is always violated") == true, "\(failures)")
    }

    func test_knownViolations_listedRulesPrintAndUnknownRulesOfTheSuiteFail() async {
        // Given a list that excuses both rules the cache breaks, names a rule the suite does not
        // have, and names another suite's rule
        var listed = [
            "memory.lruEviction": "never evicts (issue 7)", "memory.limitNeverExceeded": "never evicts (issue 7)",
            "memory.lruEvictoin": "misspelt", "http.perHostLimit": "another suite's rule",
        ]
        for violation in await assertKeepsAllQuietly(KnownViolationsTests.broken) where listed[violation.contract] == nil {
            listed[violation.contract] = "never evicts (issue 7)"
        }

        // When the suite is checked with it
        let failures = await failures {
            await assertKeepsAll(ImageCachingContracts.all, KnownViolationsTests.broken, knownViolations: listed)
        }

        // Then only the misspelt identifier fails
        XCTAssertEqual(failures, [KnownViolations.notInSuite("memory.lruEvictoin")])
    }

    /// The violations of the whole suite, their failures not recorded.
    private func assertKeepsAllQuietly(_ subject: ImageCachingSubject) async -> [ContractViolation] {
        var violations: [ContractViolation] = []
        _ = await failures { violations = await assertKeepsAll(ImageCachingContracts.all, subject) }
        return violations
    }
}
