public import XCTest

extension XCTestCase {
    /// Runs `contract` against `subject` (on a fresh ``MockServer`` if it needs one) and records
    /// an XCTest failure naming the rule and what was observed when it does not hold. Returns the
    /// violation (so a harness can also inspect it), `nil` when the rule holds.
    ///
    /// `knownViolations` lists the rules your implementation is known to break, by contract id,
    /// each with the reason: a violation of a listed rule is printed, not failed (XCTest on Linux
    /// has no expected failures), and a listed rule that now holds fails, saying to remove it.
    @discardableResult
    public func assertKeeps<Subject: Sendable>(
        _ contract: Contract<Subject>, _ subject: Subject, knownViolations: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ContractViolation? {
        let violation = await contract.check(subject)
        switch (violation, knownViolations[contract.id]) {
        case (nil, nil):
            break
        case (let violation?, nil):
            XCTFail(violation.description, file: file, line: line)
        case (let violation?, let reason?):
            print(KnownViolations.stillViolated(violation, reason: reason))
        case (nil, let reason?):
            XCTFail(KnownViolations.nowKept(contract.id, reason: reason), file: file, line: line)
        }
        return violation
    }
}
