public import MockServer

/// One rule as a plain async check, runnable under any harness (XCTest, Swift Testing, a CLI).
///
/// The check receives the implementation under test and a running ``MockServer`` it may
/// configure (offline switch, journal) but must leave online; it returns `nil` when the rule
/// holds, or a sentence saying what was observed instead.
public struct Contract<Subject: Sendable>: Sendable, Identifiable {
    /// Stable identifier, `suite.rule` (e.g. `http.totalDeadline`); never reused for another rule.
    public let id: String
    /// The rule in one line.
    public let rule: String
    private let body: @Sendable (Subject, MockServer) async -> String?

    /// Creates a contract from its identifier, rule and check.
    public init(id: String, rule: String, check: @escaping @Sendable (Subject, MockServer) async -> String?) {
        self.id = id
        self.rule = rule
        self.body = check
    }

    /// Runs the check against `subject` with `server`; `nil` when the rule holds.
    public func check(_ subject: Subject, server: MockServer) async -> ContractViolation? {
        guard let observed = await body(subject, server) else { return nil }
        return ContractViolation(contract: id, rule: rule, observed: observed)
    }

    /// Runs the check on a fresh in-process ``MockServer`` (127.0.0.1, free ports), stopped after.
    public func check(_ subject: Subject) async -> ContractViolation? {
        let server: MockServer
        do {
            server = try MockServer.start()
        } catch {
            return ContractViolation(contract: id, rule: rule, observed: "the mock server did not start: \(error)")
        }
        defer { server.stop() }
        return await check(subject, server: server)
    }
}
