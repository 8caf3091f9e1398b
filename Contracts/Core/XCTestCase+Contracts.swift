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
        switch KnownViolations.verdict(violation, id: contract.id, knownViolations: knownViolations) {
        case .holds: break
        case .failure(let message): XCTFail(message, file: file, line: line)
        case .known(let violation, let reason): print(KnownViolations.stillViolated(violation, reason: reason))
        }
        return violation
    }
}
