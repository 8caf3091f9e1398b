import ContractsCore
public import Testing

/// Runs each test case it applies to alone among contract checks: the whole case (making the
/// subject, every `expectKeeps`, tearing down) holds the process-wide ``ContractGate``
/// exclusively, so no contract check of another test, nor another case of a parameterized
/// test, runs beside it.
///
/// Use it on a suite (`@Suite(.contractIsolation)`, every test and case inside) or on one test
/// (`@Test(.contractIsolation, arguments: HTTPClientContracts.all)`). Swift Testing still runs
/// the cases in parallel; they wait for the gate in turn, first come first served. Each live
/// check takes the gate by itself too; the trait also covers the code around it, and tests of
/// yours that are not contract checks but must not run beside one (mark them as well).
public struct ContractIsolationTrait: SuiteTrait, TestTrait, TestScoping {
    /// On a suite, every test and test case in it, nested suites included.
    public var isRecursive: Bool { true }

    /// Scopes every test case (not a whole suite or parameterized test at once).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> ContractIsolationTrait? {
        testCase == nil ? nil : self
    }

    /// Runs the test case holding the gate exclusively.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ContractGate.runThrowing(.exclusive, function)
    }
}

extension Trait where Self == ContractIsolationTrait {
    /// Each test case runs alone among contract checks (see ``ContractIsolationTrait``).
    public static var contractIsolation: Self { ContractIsolationTrait() }
}
