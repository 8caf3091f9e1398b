public import ContractsCore
public import Testing

/// Runs `contract` against `subject` (on a fresh `MockServer` if it needs one) and records a
/// Swift Testing issue naming the rule and what was observed when it does not hold.
///
/// The Swift Testing counterpart of `XCTestCase.assertKeeps`: call it from a `@Test` function,
/// typically one parameterized over a suite's `all` list. Returns the violation (so a test can
/// also inspect it), `nil` when the rule holds.
@discardableResult
public func expectKeeps<Subject: Sendable>(
    _ contract: Contract<Subject>, _ subject: Subject, sourceLocation: SourceLocation = #_sourceLocation
) async -> ContractViolation? {
    let violation = await contract.check(subject)
    if let violation {
        Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
    }
    return violation
}
