public import XCTest

extension XCTestCase {
    /// Runs `contract` against `subject` (on a fresh ``MockServer`` if it needs one) and records
    /// an XCTest failure naming the rule and what was observed when it does not hold. Returns the
    /// violation (so a harness can also inspect it), `nil` when the rule holds.
    @discardableResult
    public func assertKeeps<Subject: Sendable>(
        _ contract: Contract<Subject>, _ subject: Subject, file: StaticString = #filePath, line: UInt = #line
    ) async -> ContractViolation? {
        let violation = await contract.check(subject)
        if let violation {
            XCTFail(violation.description, file: file, line: line)
        }
        return violation
    }
}
