public import ContractsCore
public import Testing

/// Runs `contract` against `subject` (on a fresh `MockServer` if it needs one) and records a
/// Swift Testing issue naming the rule and what was observed when it does not hold.
///
/// The Swift Testing counterpart of `XCTestCase.assertKeeps`: call it from a `@Test` function,
/// typically one parameterized over a suite's `all` list. Returns the violation (so a test can
/// also inspect it), `nil` when the rule holds.
///
/// `knownViolations` lists the rules your implementation is known to break, by contract id,
/// each with the reason (`["http.perHostLimit": "pool ignores the limit, #123"]`): a violation
/// of a listed rule is recorded as a known issue (the test passes, the report shows it), and a
/// listed rule that now holds is a failure saying to remove it from the list.
@discardableResult
public func expectKeeps<Subject: Sendable>(
    _ contract: Contract<Subject>, _ subject: Subject, knownViolations: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) async -> ContractViolation? {
    let violation = await contract.check(subject)
    switch KnownViolations.verdict(violation, id: contract.id, knownViolations: knownViolations) {
    case .holds: break
    case .failure(let message): Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    case .known(let violation, let reason): recordKnown(violation, reason: reason, sourceLocation: sourceLocation)
    }
    return violation
}

/// Records `violation` as a known issue with the list's reason (synchronous, so the
/// synchronous `withKnownIssue` is the one called).
private func recordKnown(_ violation: ContractViolation, reason: String, sourceLocation: SourceLocation) {
    withKnownIssue(Comment(rawValue: "known violation: \(reason)")) {
        Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
    }
}
