public import XCTest

extension XCTestCase {
    /// Runs every contract of `contracts` (a suite's `all`) against `subject`, one after another,
    /// and records each violation as its own XCTest failure naming the rule
    /// (`memory.lruEviction: … — rule: …`). Returns the violations, in the order of `contracts`.
    ///
    /// The XCTest recipe that survives new rules: one test method per suite,
    /// `await assertKeepsAll(HTTPClientContracts.all, subject)`, picks up every rule a later
    /// version adds with no compile error, as Swift Testing's `@Test(arguments: …all)` does. The
    /// spec protocols (`HTTPClientContractSpec`…) gain a requirement with each rule instead.
    ///
    /// Each check passes ``ContractGate`` on its own, as ``assertKeeps(_:_:knownViolations:file:line:)``
    /// does: a live check runs alone in the process, local ones may share it. The loop itself
    /// holds no gate, so a shared holding never covers an exclusive check.
    ///
    /// `knownViolations` works as in ``assertKeeps(_:_:knownViolations:file:line:)``: a listed
    /// violation is printed, a listed rule that holds fails. A listed identifier of this suite
    /// (its prefix, `memory.`, is one of `contracts`') that names none of them fails too: a
    /// misspelt rule would otherwise excuse nothing, silently. Identifiers of other suites are
    /// ignored, so one list may serve several suites.
    @discardableResult
    public func assertKeepsAll<Subject: Sendable>(
        _ contracts: [Contract<Subject>], _ subject: Subject, knownViolations: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) async -> [ContractViolation] {
        var violations: [ContractViolation] = []
        for contract in contracts {
            if let violation = await assertKeeps(contract, subject, knownViolations: knownViolations, file: file, line: line) {
                violations.append(violation)
            }
        }
        let ids = Set(contracts.map(\.id))
        let suites = Set(ids.map(KnownViolations.suitePrefix))
        for listed in knownViolations.keys.sorted() where !ids.contains(listed) && suites.contains(KnownViolations.suitePrefix(listed)) {
            XCTFail(KnownViolations.notInSuite(listed), file: file, line: line)
        }
        return violations
    }
}
